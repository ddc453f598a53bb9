import Testing

@testable import ProfileRuntime

@Suite struct ActiveProfileTests {
    static let payload = ProfilePayload(
        profiles: ["base", "uitest"],
        flags: ["skipOnboarding": true, "analytics": false],
        mocks: ["countries": "local-mock"],
        values: ["pageSize": "5", "http.timeout": "2.5"]
    )

    func profile(
        _ arguments: [String] = [],
        payload: ProfilePayload? = Self.payload,
        environment: [String: String] = [:]
    ) throws -> ActiveProfile {
        var environment = environment
        if let payload { environment["PROFILE_PAYLOAD"] = WireFormat.encode(payload) }
        return try ActiveProfile(arguments: ["app"] + arguments, environment: environment)
    }

    // MARK: Precedence: launch arguments > payload > environment > default

    @Test func launchArgumentsBeatThePayload() throws {
        #expect(try profile(["-pageSize", "7"]).int(forKey: "pageSize") == 7)
        #expect(try profile(["--page-size=8"]).int(forKey: "pageSize") == 8)
        #expect(try profile(["-skipOnboarding", "NO"]).isEnabled("skipOnboarding") == false)
        #expect(try profile(["--analytics"]).isEnabled("analytics") == true)
        #expect(try profile(["-countries", "live"]).string(forKey: "countries") == "live")
    }

    @Test func launchArgumentsBeatTheEnvironment() throws {
        let environment = ["PAGE_SIZE": "9", "SKIP_ONBOARDING": "1"]
        #expect(try profile(["-pageSize", "7"], payload: nil, environment: environment).int(forKey: "pageSize") == 7)
        #expect(
            try profile(["-skipOnboarding", "off"], payload: nil, environment: environment).isEnabled("skipOnboarding")
                == false
        )
    }

    @Test func thePayloadBeatsTheEnvironment() throws {
        let environment = ["PAGE_SIZE": "9", "SKIP_ONBOARDING": "1", "ANALYTICS": "1", "COUNTRIES": "live"]
        let profile = try profile(environment: environment)
        #expect(profile.int(forKey: "pageSize") == 5)
        #expect(profile.isEnabled("skipOnboarding") == true)
        #expect(profile.isEnabled("analytics") == false)
        #expect(profile.string(forKey: "countries") == "local-mock")
    }

    @Test func theEnvironmentBeatsTheDefault() throws {
        let profile = try profile(payload: nil, environment: ["PAGE_SIZE": "9", "SKIP_ONBOARDING": "yes"])
        #expect(profile.int(forKey: "pageSize", default: 20) == 9)
        #expect(profile.flag(forKey: "skipOnboarding", default: false) == true)
    }

    @Test func theDefaultIsTheLastResort() throws {
        let profile = try profile(payload: nil)
        #expect(profile.int(forKey: "pageSize", default: 20) == 20)
        #expect(profile.int(forKey: "pageSize") == nil)
        #expect(profile.isEnabled("skipOnboarding") == false)
        #expect(profile.flag(forKey: "skipOnboarding") == nil)
    }

    @Test func theWinningSourceDecidesEvenWhenItsTextDoesNotConvert() throws {
        let profile = try profile(["-pageSize", "abc"], environment: ["PAGE_SIZE": "9"])
        #expect(profile.int(forKey: "pageSize") == nil)
        #expect(profile.int(forKey: "pageSize", default: 20) == 20)
        #expect(profile.string(forKey: "pageSize") == "abc")
    }

    @Test func theLastLaunchArgumentWins() throws {
        #expect(try profile(["-pageSize", "7", "--page-size", "8"]).int(forKey: "pageSize") == 8)
    }

    @Test func keysMatchAcrossSpellings() throws {
        let profile = try profile(["--http-server-timeout", "30"], environment: ["MAX_RETRY_COUNT": "4"])
        for key in ["http.serverTimeout", "HTTP_SERVER_TIMEOUT", "--http-server-timeout", "-httpServerTimeout"] {
            #expect(profile.int(forKey: key) == 30, "\(key)")
        }
        #expect(profile.int(forKey: "maxRetryCount") == 4)
        #expect(profile.double(forKey: "HTTP_TIMEOUT") == 2.5)
    }

    // MARK: Payload state

    @Test func profilesAndPayloadPresence() throws {
        let launched = try profile()
        #expect(launched.profiles == ["base", "uitest"])
        #expect(launched.hasPayload)
        #expect(launched.payloadError == nil)
        #expect(launched.payload == Self.payload)
        let plain = try profile(payload: nil)
        #expect(plain.profiles == [])
        #expect(!plain.hasPayload)
        #expect(plain.payload == ProfilePayload())
    }

    @Test func anEmptyPayloadVariableCountsAsAbsent() throws {
        let profile = try ActiveProfile(arguments: ["app"], environment: ["PROFILE_PAYLOAD": ""])
        #expect(!profile.hasPayload)
        #expect(profile.payloadError == nil)
    }

    @Test func thePublicInitializerThrowsOnABrokenPayload() {
        #expect(
            throws: ProfileRuntimeError(
                .unsupportedVersion,
                message: "PROFILE_PAYLOAD is from a newer format version 7; this runtime supports version 1. "
                    + "Update the ProfileRuntime library."
            )
        ) {
            try ActiveProfile(arguments: ["app"], environment: ["PROFILE_PAYLOAD": "profile/7;end"])
        }
    }

    /// `current` stores the error instead of throwing: optional reads fall back to the other sources, throwing
    /// reads throw the payload error.
    @Test func aBrokenPayloadIsStoredAndThrownFromThrowingReads() throws {
        let broken = "profile/1;value.pageSize=5;flag.x=1"
        let profile = ActiveProfile(
            arguments: ["app", "-limit", "3"],
            source: .fixed(["PROFILE_PAYLOAD": broken, "PAGE_SIZE": "9"]),
            payloadText: broken
        )
        let error = try #require(profile.payloadError)
        #expect(error.kind == .truncatedPayload)
        #expect(!profile.hasPayload)
        #expect(profile.profiles == [])
        #expect(profile.int(forKey: "pageSize") == 9)
        #expect(profile.int(forKey: "limit") == 3)
        #expect(profile.isEnabled("x") == false)
        #expect(throws: error) { try profile.validate() }
        #expect(throws: error) { try profile.requiredInt(forKey: "limit") }
        #expect(throws: error) { try profile.variant(of: Countries.self, default: .live) }
        #expect(throws: error) { try profile.decode(PageSettings.self) }
        #expect(profile.launchArguments == [])
        #expect(profile.launchEnvironment == [:])
    }

    @Test func aPartiallyScannedBrokenPayloadLeavesNoEntries() {
        let broken = "profile/1;value.pageSize=5;value.k=%ZZ;end"
        let profile = ActiveProfile(arguments: ["app"], source: .fixed([:]), payloadText: broken)
        #expect(profile.payloadError?.kind == .invalidEscape)
        #expect(profile.int(forKey: "pageSize") == nil)
    }

    @Test func theProcessProfileNeverCrashes() async {
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { ActiveProfile.current.arguments.count }
            }
            for await count in group {
                #expect(count == CommandLine.arguments.count)
            }
        }
    }

    @Test func thePreviewInitializerReadsLikeALaunchedProcess() {
        let profile = ActiveProfile(payload: Self.payload, arguments: ["app", "-pageSize", "6"])
        #expect(profile.int(forKey: "pageSize") == 6)
        #expect(profile.isEnabled("skipOnboarding"))
        #expect(profile.profiles == ["base", "uitest"])
    }
}

struct PageSettings: Decodable {
    var pageSize: Int
}

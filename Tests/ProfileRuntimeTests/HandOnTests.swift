import ProfileRuntime
import Testing

@Suite struct HandOnTests {
    static let payload = ProfilePayload(
        profiles: ["uitest"],
        flags: ["skipOnboarding": true, "analytics": false],
        mocks: ["countries": "local-mock"],
        values: ["pageSize": "5"],
        arguments: ["-AppleLanguages", "(en)"],
        environmentKeys: ["API_BASE_URL", "GONE"]
    )

    @Test func forwardsThePayloadAndItsEnvironment() throws {
        let profile = try ActiveProfile(
            arguments: ["runner"],
            environment: [
                "PROFILE_PAYLOAD": WireFormat.encode(Self.payload), "API_BASE_URL": "http://localhost:8080",
                "HOME": "/home/me",
            ]
        )
        #expect(
            profile.launchArguments == [
                "-AppleLanguages", "(en)", "-analytics", "NO", "-skipOnboarding", "YES", "-countries", "local-mock",
                "-pageSize", "5",
            ]
        )
        #expect(
            profile.launchEnvironment == [
                "PROFILE_PAYLOAD": "profile/1;profile=uitest;flag.analytics=0;flag.skipOnboarding=1;"
                    + "mock.countries=local-mock;value.pageSize=5;argument=-AppleLanguages;argument=(en);"
                    + "env=API_BASE_URL;env=GONE;end",
                "API_BASE_URL": "http://localhost:8080",
            ]
        )
    }

    @Test func mergesLaunchArgumentOverrides() throws {
        let profile = try ActiveProfile(
            arguments: [
                "runner", "-pageSize", "9", "--analytics", "-skipOnboarding", "maybe", "--countries=live",
                "-XCTest", "All", "-unrelated", "1",
            ],
            environment: ["PROFILE_PAYLOAD": WireFormat.encode(Self.payload)]
        )
        var expected = Self.payload
        expected.values["pageSize"] = "9"
        expected.flags["analytics"] = true
        expected.mocks["countries"] = "live"
        #expect(profile.effectivePayload == expected)
        #expect(profile.payload == Self.payload)
        #expect(profile.launchEnvironment == ["PROFILE_PAYLOAD": WireFormat.encode(expected)])
        #expect(
            profile.launchArguments == [
                // `-skipOnboarding maybe` is not a boolean: this process reads the flag as neither on nor off, and so
                // does the launched one (it read `YES`, on, before issue 14).
                "-AppleLanguages", "(en)", "-analytics", "YES", "-skipOnboarding", "maybe", "-countries", "live",
                "-pageSize", "9",
            ]
        )
    }

    @Test func forwardedProfileReadsTheSame() throws {
        let runner = try ActiveProfile(
            arguments: ["runner", "-pageSize", "9"],
            environment: ["PROFILE_PAYLOAD": WireFormat.encode(Self.payload)]
        )
        let app = try ActiveProfile(arguments: ["app"] + runner.launchArguments, environment: runner.launchEnvironment)
        #expect(app.int(forKey: "pageSize") == 9)
        #expect(app.isEnabled("skipOnboarding"))
        #expect(try app.variant(of: Countries.self) == .localMock)
        #expect(app.profiles == ["uitest"])
    }

    /// A value that `-key` would read as a property-list string (`"quoted"` as `quoted`) travels as `--key=text`.
    @Test func aQuotedValueTravelsAsItIs() throws {
        var payload = ProfilePayload()
        payload.values = ["greeting": "\"quoted\"", "languages": "(en, fr)"]
        let runner = try ActiveProfile(
            arguments: ["runner"], environment: ["PROFILE_PAYLOAD": WireFormat.encode(payload)])
        #expect(runner.launchArguments == ["--greeting=\"quoted\"", "-languages", "(en, fr)"])
        let app = try ActiveProfile(arguments: ["app"] + runner.launchArguments, environment: [:])
        #expect(app.string(forKey: "greeting") == "\"quoted\"")
        #expect(app.strings(forKey: "languages") == ["en", "fr"])
    }

    @Test func nothingToForwardWithoutAPayload() throws {
        let profile = try ActiveProfile(arguments: ["runner", "-pageSize", "9"], environment: ["API_BASE_URL": "x"])
        #expect(profile.launchArguments == [])
        #expect(profile.launchEnvironment == [:])
    }
}

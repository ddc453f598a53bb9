import Testing

@testable import ProfileRuntime

/// The process-wide layers, each test with its own `ProcessProfiles` over a launch of its own (the shared one is the
/// test process's, read by other suites).
@Suite struct ProcessProfilesTests {
    /// A launch with `-pageSize 9` on argv and the `uitest` payload, or a bare one.
    static func launch(payload: Bool = true) -> ActiveProfile {
        let environment = payload ? ScopeProfiles.uitest.launchEnvironment : ["LOG_LEVEL": "warning"]
        return ActiveProfile(
            arguments: ["/app", "-pageSize", "9"], source: .fixed(environment),
            payloadText: environment[WireFormat.environmentVariable])
    }

    @Test func withNothingSetTheLaunchAnswers() {
        let layers = ProcessProfiles(launch: Self.launch())
        let reading = Reading(layers.current)
        #expect(
            reading
                == Reading(
                    profiles: ["uitest"], skipOnboarding: true, source: "local-mock", pageSize: 9,
                    pageSizeSource: "launch (uitest)", greeting: "Welcome", logLevel: "debug"))
    }

    @Test func thePreviewReplacesTheLaunchWholeAndNilRestoresIt() {
        let layers = ProcessProfiles(launch: Self.launch())
        layers.preview = ScopeProfiles.offline
        #expect(layers.preview == ScopeProfiles.offline)
        var expected = Reading.offline
        expected.pageSizeSource = "default"
        #expect(Reading(layers.current) == expected)
        #expect(layers.current.source(ofKey: "requestTimeout").description == "preview (offline)")
        #expect(layers.current.launchConfiguration == ScopeProfiles.offline)
        layers.preview = nil
        #expect(Reading(layers.current).pageSizeSource == "launch (uitest)")
    }

    @Test func theLaunchWinsOverTheBakedProfileKeyByKey() {
        let layers = ProcessProfiles(launch: Self.launch())
        #expect(layers.bake(ScopeProfiles.staging) == .baked)
        let profile = layers.current
        #expect(
            Reading(profile)
                == Reading(
                    profiles: ["staging", "uitest"], skipOnboarding: true, source: "local-mock", pageSize: 9,
                    pageSizeSource: "launch (uitest)", greeting: "Staging", logLevel: "debug"))
        #expect(profile.source(of: ScopeProfiles.greeting).description == "baked (staging)")
        #expect(profile.source(of: ScopeSource.self).description == "launch (uitest)")
        #expect(profile.string(forKey: "apiURL") == "https://staging.example.com")
        #expect(profile.source(ofKey: "apiURL").description == "baked (staging)")
        #expect(profile.source(ofKey: "missing").description == "default")
        // A required read that fails names the baked profile as the source of the text.
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "greeting",
                message: "key \"greeting\": \"Staging\" (from the baked profile staging) is not a valid Int")
        ) { try profile.requiredInt(forKey: "greeting") }
        // A text of the launch's payload names the launch's profile, not the baked one.
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "countries.datasource",
                message: "key \"countries.datasource\": \"local-mock\" (from profile uitest) is not a valid Double")
        ) { try profile.requiredDouble(forKey: "countries.datasource") }
        // What is handed on is the launch's alone.
        #expect(profile.launchEnvironment == Self.launch().launchEnvironment)
    }

    @Test func aBuildOpenedFromTheHomeScreenReadsTheBakedProfile() {
        let layers = ProcessProfiles(launch: Self.launch(payload: false))
        layers.bake(ScopeProfiles.staging)
        let profile = layers.current
        #expect(
            Reading(profile)
                == Reading(
                    profiles: ["staging"], skipOnboarding: false, source: "live", pageSize: 9,
                    pageSizeSource: "launch", greeting: "Staging", logLevel: "warning"))
        #expect(profile.source(of: ScopeSource.self).description == "baked (staging)")
    }

    @Test func aPreviewOrAScopeHidesTheBakedProfile() {
        let layers = ProcessProfiles(launch: Self.launch())
        layers.bake(ScopeProfiles.staging)
        layers.preview = ScopeProfiles.offline
        #expect(layers.current.value(ScopeProfiles.greeting) == "Welcome")
        #expect(layers.current.profiles == ["offline"])
    }

    @Test func bakingTwiceKeepsTheFirst() {
        let layers = ProcessProfiles(launch: Self.launch())
        #expect(layers.bake(ScopeProfiles.staging) == .baked)
        #expect(layers.bake(ScopeProfiles.staging) == .alreadyBaked)
        #expect(layers.bake(ScopeProfiles.offline) == .refused(current: ScopeProfiles.staging))
        #expect(layers.baked == ScopeProfiles.staging)
        #expect(layers.current.value(ScopeProfiles.greeting) == "Staging")
    }

    @Test func bakingAfterAReadAppliesFromThenOn() {
        let layers = ProcessProfiles(launch: Self.launch())
        let before = layers.current.value(ScopeProfiles.greeting)
        #expect(layers.bake(ScopeProfiles.staging) == .bakedAfterReads)
        #expect(before == "Welcome")
        #expect(layers.current.value(ScopeProfiles.greeting) == "Staging")
    }

    @Test func aBakedPayloadThatDoesNotParseNamesTheProfile() {
        let layers = ProcessProfiles(launch: Self.launch(payload: false))
        let broken = LaunchConfiguration(
            name: "staging", launchArguments: [], launchEnvironment: ["PROFILE_PAYLOAD": "profile/99;end"])
        layers.bake(broken)
        let message = ActiveProfile.payloadError(of: "profile/99;end")?.message ?? ""
        #expect(
            layers.current.payloadError
                == ProfileRuntimeError(
                    .unsupportedVersion, message: "the baked profile \"staging\" cannot be read: " + message))
    }

    @Test func manyThreadsReadWhileThePreviewChanges() async {
        let layers = ProcessProfiles(launch: Self.launch())
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<500 { layers.preview = index % 2 == 0 ? ScopeProfiles.offline : nil }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 {
                        let profile = layers.current
                        let names = profile.profiles
                        #expect(names == ["offline"] || names == ["uitest"])
                    }
                }
            }
        }
    }
}

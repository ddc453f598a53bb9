import ProfileRuntime
import Testing

@Suite struct LaunchConfigurationTests {
    @Test func keepsItsParts() {
        let configuration = LaunchConfiguration(
            name: "uitest", launchArguments: ["-UITests"], launchEnvironment: ["LOG_LEVEL": "debug"])
        #expect(configuration.name == "uitest")
        #expect(configuration.launchArguments == ["-UITests"])
        #expect(configuration.launchEnvironment == ["LOG_LEVEL": "debug"])
        #expect(
            configuration
                == LaunchConfiguration(
                    name: "uitest", launchArguments: ["-UITests"], launchEnvironment: ["LOG_LEVEL": "debug"]))
        #expect(
            configuration
                != LaunchConfiguration(
                    name: "uitest", launchArguments: [], launchEnvironment: ["LOG_LEVEL": "debug"]))
    }

    @Test func activeProfileHandsItselfOn() throws {
        let payload = ProfilePayload(
            profiles: ["uitest", "dark"], flags: ["skipOnboarding": true], arguments: ["-UITests"],
            environmentKeys: ["LOG_LEVEL"])
        let encoded = WireFormat.encode(payload)
        let profile = try ActiveProfile(
            arguments: ["runner"], environment: ["PROFILE_PAYLOAD": encoded, "LOG_LEVEL": "debug", "HOME": "/x"])
        #expect(
            profile.launchConfiguration
                == LaunchConfiguration(
                    name: "uitest+dark",
                    launchArguments: ["-UITests", "-skipOnboarding", "YES"],
                    launchEnvironment: ["PROFILE_PAYLOAD": encoded, "LOG_LEVEL": "debug"]))
    }

    @Test func withoutAPayloadThereIsNothingToHandOn() throws {
        let profile = try ActiveProfile(arguments: ["runner", "-pageSize", "3"], environment: ["HOME": "/x"])
        #expect(
            profile.launchConfiguration == LaunchConfiguration(name: "", launchArguments: [], launchEnvironment: [:]))
    }

    @Test func aLaunchedProcessReadsWhatTheConfigurationCarries() throws {
        let payload = ProfilePayload(
            profiles: ["uitest"], mocks: ["countries": "local-mock"], values: ["pageSize": "5"])
        let configuration = LaunchConfiguration(
            name: "uitest", launchArguments: payload.launchArguments,
            launchEnvironment: ["PROFILE_PAYLOAD": WireFormat.encode(payload)])
        let child = try ActiveProfile(
            arguments: ["app"] + configuration.launchArguments, environment: configuration.launchEnvironment)
        #expect(child.profiles == ["uitest"])
        #expect(child.int(forKey: "pageSize") == 5)
        #expect(child.string(forKey: "countries") == "local-mock")
    }
}

import ProfileRuntime
import Testing

/// A UI test changes a profile's `LaunchConfiguration` in typed form before launching; what it launches reads the
/// changes (through `ActiveProfile(arguments:environment:)`, as the app would).
@Suite struct LaunchConfigurationOverridesTests {
    enum Countries: String, MockPoint, CaseIterable {
        static let mockKey = "countries"
        case live
        case localMock = "local-mock"
        case failing
    }

    enum Theme: String, Sendable {
        case light, dark
    }

    enum Flags {
        static let skipOnboarding = FlagKey("skipOnboarding")
        static let isNotLogged = FlagKey("isNotLogged")
        static let uiTests = FlagKey("UITests")
    }

    enum Values {
        static let pageSize = ValueKey<Int>("pageSize", default: 20)
        static let timeout = ValueKey<Double>("requestTimeout", default: 2.5)
        static let greeting = ValueKey<String>("greeting", default: "Welcome")
        static let analytics = ValueKey<Bool>("analytics", default: true)
        static let theme = ValueKey<Theme>("theme", default: .light)
    }

    /// A configuration as `profile generate swift` writes one: launch arguments and payload agree.
    static func configuration(_ payload: ProfilePayload, environment: [String: String] = ["LOG_LEVEL": "debug"])
        -> LaunchConfiguration
    {
        var environment = environment
        environment["PROFILE_PAYLOAD"] = WireFormat.encode(payload)
        return LaunchConfiguration(
            name: "uitest", launchArguments: payload.launchArguments, launchEnvironment: environment)
    }

    static let uitest = configuration(
        ProfilePayload(
            profiles: ["uitest"], flags: ["skipOnboarding": true, "inMemorySettings": true],
            mocks: ["countries": "local-mock"], values: ["pageSize": "5"], arguments: ["-AppleLanguages", "(en)"],
            environmentKeys: ["LOG_LEVEL"]))

    /// What an app launched with `configuration` reads.
    func launch(_ configuration: LaunchConfiguration) throws -> ActiveProfile {
        try ActiveProfile(
            arguments: ["app"] + configuration.launchArguments, environment: configuration.launchEnvironment)
    }

    /// The configuration's payload.
    func payload(_ configuration: LaunchConfiguration) throws -> ProfilePayload {
        try WireFormat.decode(try #require(configuration.launchEnvironment["PROFILE_PAYLOAD"]))
    }

    /// Launch arguments and payload agree, as in a configuration `profile` writes.
    func expectConsistent(_ configuration: LaunchConfiguration) throws {
        #expect(configuration.launchArguments == (try payload(configuration)).launchArguments)
    }

    @Test func theIssuesExampleReadsBackInTheApp() throws {
        let configuration = Self.uitest.enabling(Flags.isNotLogged).disabling(Flags.skipOnboarding)
            .selecting(Countries.failing).setting(Values.pageSize, to: 3)
        try expectConsistent(configuration)
        let app = try launch(configuration)
        #expect(app.isEnabled(Flags.isNotLogged))
        #expect(!app.isEnabled(Flags.skipOnboarding))
        #expect(app.flag(forKey: "inMemorySettings") == true)
        #expect(try app.variant(of: Countries.self) == .failing)
        #expect(app.value(Values.pageSize) == 3)
        #expect(app.string(forKey: "AppleLanguages") == "(en)")
        #expect(app.profiles == ["uitest"])
        // The payload alone says the same (a process that reads only the environment, or a wrapper in between).
        let payloadOnly = try ActiveProfile(arguments: ["app"], environment: configuration.launchEnvironment)
        #expect(payloadOnly.isEnabled(Flags.isNotLogged) && !payloadOnly.isEnabled(Flags.skipOnboarding))
        #expect(payloadOnly.value(Values.pageSize) == 3)
        // The rest of the environment is kept; the original is unchanged.
        #expect(configuration.launchEnvironment["LOG_LEVEL"] == "debug")
        #expect(configuration.name == "uitest")
        #expect(try launch(Self.uitest).value(Values.pageSize) == 5)
    }

    @Test func anArgumentThatSetsTheKeyChangesToo() throws {
        let original = Self.configuration(
            ProfilePayload(
                flags: ["skipOnboarding": true],
                arguments: [
                    "-UITests", "-pageSize", "9", "--countries=live", "--greeting", "hi", "-AppleLanguages", "(en)",
                ]))
        #expect(try launch(original).value(Values.pageSize) == 9)
        let configuration = original.setting(Values.pageSize, to: 3).disabling(Flags.uiTests)
            .selecting(Countries.failing).setting(Values.greeting, to: "Hello there")
        try expectConsistent(configuration)
        #expect(
            try payload(configuration).arguments == ["-AppleLanguages", "(en)"])
        let app = try launch(configuration)
        #expect(app.value(Values.pageSize) == 3)
        #expect(!app.isEnabled(Flags.uiTests))
        #expect(try app.variant(of: Countries.self) == .failing)
        #expect(app.value(Values.greeting) == "Hello there")
        #expect(app.string(forKey: "AppleLanguages") == "(en)")
    }

    @Test func keysAreComparedAsTheRuntimeComparesThem() throws {
        let configuration = Self.uitest.setting("page-size", to: "4").disabling("skip_onboarding")
        try expectConsistent(configuration)
        let payload = try payload(configuration)
        #expect(payload.values == ["page-size": "4"])
        #expect(payload.flags == ["inMemorySettings": true, "skip_onboarding": false])
        let app = try launch(configuration)
        #expect(app.value(Values.pageSize) == 4)
        #expect(!app.isEnabled(Flags.skipOnboarding))
        // A key is one thing at a time.
        let flag = Self.uitest.enabling("pageSize")
        #expect(try self.payload(flag).values.isEmpty)
        #expect(try self.payload(flag).flags["pageSize"] == true)
    }

    @Test func everyValueTypeTravels() throws {
        let configuration = Self.uitest.setting(Values.timeout, to: 0.5).setting(Values.analytics, to: false)
            .setting(Values.theme, to: .dark).setting(Values.greeting, to: "-starts with a dash")
        try expectConsistent(configuration)
        let app = try launch(configuration)
        #expect(app.value(Values.timeout) == 0.5)
        #expect(app.value(Values.analytics) == false)
        #expect(app.value(Values.theme) == .dark)
        #expect(app.value(Values.greeting) == "-starts with a dash")
        #expect(configuration.launchArguments.contains("--greeting=-starts with a dash"))
        #expect(app.value(Values.pageSize) == 5)
    }

    @Test func removingGivesTheAppItsDefault() throws {
        let configuration = Self.uitest.removing(Values.pageSize).removing(Flags.skipOnboarding)
            .deselecting(Countries.self)
        try expectConsistent(configuration)
        let app = try launch(configuration)
        #expect(app.value(Values.pageSize) == 20)
        #expect(!app.isEnabled(Flags.skipOnboarding))
        #expect(try app.variant(of: Countries.self, default: .live) == .live)
        #expect(try payload(configuration).mocks.isEmpty)
    }

    @Test func environmentVariablesToo() throws {
        let configuration = Self.uitest.settingEnvironment("API_BASE_URL", to: "http://localhost:9090")
            .settingEnvironment("LOG_LEVEL", to: nil).settingEnvironment("PROFILE_PAYLOAD", to: "ignored")
        #expect(configuration.launchEnvironment["API_BASE_URL"] == "http://localhost:9090")
        #expect(configuration.launchEnvironment["LOG_LEVEL"] == nil)
        #expect(try payload(configuration).environmentKeys == ["API_BASE_URL"])
        try expectConsistent(configuration)
        // What the launched app hands on in turn.
        let app = try launch(configuration)
        #expect(app.launchEnvironment["API_BASE_URL"] == "http://localhost:9090")
    }

    @Test func aConfigurationWithoutAPayloadGetsOne() throws {
        let bare = LaunchConfiguration(name: "bare", launchArguments: ["-x", "-pageSize", "7"], launchEnvironment: [:])
        let configuration = bare.enabling(Flags.skipOnboarding).setting(Values.pageSize, to: 8)
        #expect(configuration.launchArguments == ["-x", "-skipOnboarding", "YES", "-pageSize", "8"])
        try expectConsistent(configuration)
        let app = try launch(configuration)
        #expect(app.value(Values.pageSize) == 8 && app.isEnabled(Flags.skipOnboarding))
        #expect(app.flag(forKey: "x") == true)
    }

    /// A UI test runner launched with a profile hands it on, changed for one test.
    @Test func theRunnersOwnProfileHandedOnAndChanged() throws {
        let runner = try ActiveProfile(arguments: ["runner"], environment: Self.uitest.launchEnvironment)
        let configuration = runner.launchConfiguration.selecting(Countries.live)
        #expect(configuration.name == "uitest")
        let app = try launch(configuration)
        #expect(try app.variant(of: Countries.self) == .live)
        #expect(app.isEnabled(Flags.skipOnboarding))
        #expect(app.value(Values.pageSize) == 5)
    }
}

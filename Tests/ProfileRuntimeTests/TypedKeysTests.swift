import ProfileRuntime
import Testing

enum Theme: String, Sendable {
    case light, dark, system
}

@Suite struct TypedKeysTests {
    static let skipOnboarding = FlagKey("skipOnboarding")
    static let analytics = FlagKey("analytics", default: true)
    static let greeting = ValueKey<String>("greeting", default: "Hello")
    static let pageSize = ValueKey<Int>("pageSize", default: 20)
    static let timeout = ValueKey<Double>("http.timeout", default: 2.5)
    static let verbose = ValueKey<Bool>("verbose", default: false)
    static let theme = ValueKey<Theme>("theme", default: .system)

    @Test func keysKeepTheirNameAndDefault() {
        #expect(Self.skipOnboarding.name == "skipOnboarding")
        #expect(Self.skipOnboarding.defaultValue == false)
        #expect(Self.analytics.defaultValue == true)
        #expect(Self.pageSize.name == "pageSize")
        #expect(Self.pageSize.defaultValue == 20)
        #expect(Self.theme.defaultValue == .system)
        #expect(FlagKey("a") == FlagKey("a", default: false))
        #expect(FlagKey("a") != FlagKey("a", default: true))
        #expect(ValueKey<Int>("n", default: 1) == ValueKey<Int>("n", default: 1))
        #expect(Set([ValueKey<Int>("n", default: 1), ValueKey<Int>("n", default: 1)]).count == 1)
    }

    @Test func unsetKeysReadTheirDefaults() throws {
        let profile = try ActiveProfile(arguments: ["app"], environment: [:])
        #expect(profile.isEnabled(Self.skipOnboarding) == false)
        #expect(profile.isEnabled(Self.analytics) == true)
        #expect(profile.value(Self.greeting) == "Hello")
        #expect(profile.value(Self.pageSize) == 20)
        #expect(profile.value(Self.timeout) == 2.5)
        #expect(profile.value(Self.verbose) == false)
        #expect(profile.value(Self.theme) == .system)
    }

    @Test func setKeysReadFromEverySource() throws {
        let payload = ProfilePayload(
            flags: ["skipOnboarding": true, "analytics": false],
            values: ["greeting": "Hi", "pageSize": "5", "http.timeout": "0.5", "verbose": "yes", "theme": "dark"]
        )
        let profile = ActiveProfile(payload: payload)
        #expect(profile.isEnabled(Self.skipOnboarding) == true)
        #expect(profile.isEnabled(Self.analytics) == false)
        #expect(profile.value(Self.greeting) == "Hi")
        #expect(profile.value(Self.pageSize) == 5)
        #expect(profile.value(Self.timeout) == 0.5)
        #expect(profile.value(Self.verbose) == true)
        #expect(profile.value(Self.theme) == .dark)

        let arguments = try ActiveProfile(
            arguments: ["app", "-skipOnboarding", "--page-size=7", "--http-timeout", "9", "-theme", "light"],
            environment: ["GREETING": "Hey", "VERBOSE": "1"]
        )
        #expect(arguments.isEnabled(Self.skipOnboarding) == true)
        #expect(arguments.value(Self.pageSize) == 7)
        #expect(arguments.value(Self.timeout) == 9)
        #expect(arguments.value(Self.theme) == .light)
        #expect(arguments.value(Self.greeting) == "Hey")
        #expect(arguments.value(Self.verbose) == true)
    }

    @Test func unconvertibleTextReadsTheDefault() throws {
        let profile = try ActiveProfile(
            arguments: [
                "app", "-analytics", "maybe", "-pageSize", "many", "-http.timeout", "soon", "-verbose", "x",
                "-theme", "sepia",
            ],
            environment: [:]
        )
        #expect(profile.isEnabled(Self.analytics) == true)
        #expect(profile.value(Self.pageSize) == 20)
        #expect(profile.value(Self.timeout) == 2.5)
        #expect(profile.value(Self.verbose) == false)
        #expect(profile.value(Self.theme) == .system)
    }

    @Test func typedReadsAgreeWithKeyedReads() throws {
        let profile = try ActiveProfile(
            arguments: ["app", "-pageSize", "3", "--skip-onboarding", "NO"], environment: ["THEME": "dark"])
        #expect(profile.value(Self.pageSize) == profile.int(forKey: "pageSize", default: 20))
        #expect(profile.isEnabled(Self.skipOnboarding) == profile.flag(forKey: "skipOnboarding", default: false))
        #expect(profile.value(Self.theme) == profile.value(Theme.self, forKey: "theme", default: .system))
    }
}

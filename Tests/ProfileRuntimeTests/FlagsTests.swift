import ProfileRuntime
import Testing

@Suite struct FlagsTests {
    @Test func bareFlagsAreOn() throws {
        let profile = try ActiveProfile(arguments: ["app", "-UITests", "--verbose"], environment: [:])
        #expect(profile.isEnabled("UITests"))
        #expect(profile.isEnabled("verbose"))
        #expect(profile.flag(forKey: "uiTests") == nil)  // `uiTests` is two words, `UITests` one
        #expect(!profile.isEnabled("missing"))
    }

    @Test func explicitValues() throws {
        let profile = try ActiveProfile(
            arguments: ["app", "-skipOnboarding", "NO", "-demo", "YES", "--dark-mode=false", "-fast", "maybe"],
            environment: [:]
        )
        #expect(profile.flag(forKey: "skipOnboarding") == false)
        #expect(profile.flag(forKey: "demo") == true)
        #expect(profile.flag(forKey: "darkMode") == false)
        #expect(profile.flag(forKey: "fast") == nil)
        #expect(profile.isEnabled("fast") == false)
        #expect(profile.flag(forKey: "fast", default: true) == true)
    }

    @Test func payloadFlags() throws {
        let payload = ProfilePayload(flags: ["analytics": false, "skipOnboarding": true], values: ["analytics": "1"])
        let profile = ActiveProfile(payload: payload)
        #expect(profile.flag(forKey: "analytics") == false)  // flag reads prefer the flags section
        #expect(profile.bool(forKey: "analytics") == true)  // value reads prefer the values section
        #expect(profile.isEnabled("skipOnboarding"))
        #expect(profile.string(forKey: "skipOnboarding") == "1")
    }

    @Test func environmentFlags() throws {
        let profile = try ActiveProfile(arguments: ["app"], environment: ["UI_TESTS": "1", "DEMO": "off"])
        #expect(profile.isEnabled("uiTests"))
        #expect(profile.flag(forKey: "demo") == false)
    }

    @Test func requiredFlag() throws {
        let profile = try ActiveProfile(arguments: ["app", "-fast", "maybe", "-on"], environment: [:])
        #expect(try profile.requiredFlag(forKey: "on") == true)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "fast",
                message: "key \"fast\": \"maybe\" (from launch argument \"-fast\") is not a valid "
                    + "Bool (true/false, yes/no, on/off, 1/0)"
            )
        ) {
            try profile.requiredFlag(forKey: "fast")
        }
        #expect(
            throws: ProfileRuntimeError(
                .missingValue,
                key: "slow",
                message: "no value for key \"slow\": set it with \"-slow VALUE\" or \"--slow=VALUE\", in a profile, "
                    + "or with the environment variable SLOW"
            )
        ) {
            try profile.requiredFlag(forKey: "slow")
        }
    }
}

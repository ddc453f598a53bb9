import ProfileRuntime
import Testing

@Suite struct TypedReadsTests {
    let profile: ActiveProfile

    init() throws {
        let payload = ProfilePayload(
            profiles: ["base", "uitest"],
            values: [
                "name": "Zoë; \"quoted\"", "pageSize": "5", "ratio": "0.25", "negative": "-3", "badInt": "abc",
                "enabled": "On", "disabled": "NO", "badBool": "maybe", "empty": "",
            ]
        )
        profile = try ActiveProfile(
            arguments: ["app", "-offset", "-5", "-verbose", "--count=x12", "-limit", "40"],
            environment: ["PROFILE_PAYLOAD": WireFormat.encode(payload), "RETRY_DELAY": "1.5", "TRACE": "TRUE"]
        )
    }

    // MARK: String

    @Test func strings() throws {
        #expect(profile.string(forKey: "name") == "Zoë; \"quoted\"")
        #expect(profile.string(forKey: "empty") == "")
        #expect(profile.string(forKey: "missing") == nil)
        #expect(profile.string(forKey: "missing", default: "fallback") == "fallback")
        #expect(profile.string(forKey: "verbose") == nil)  // a bare flag has no text
        #expect(try profile.requiredString(forKey: "name") == "Zoë; \"quoted\"")
    }

    @Test func requiredStringWhenMissing() {
        #expect(
            throws: ProfileRuntimeError(
                .missingValue,
                key: "apiBaseURL",
                message: "no value for key \"apiBaseURL\": set it with \"-apiBaseURL VALUE\" or "
                    + "\"--api-base-url=VALUE\", in a profile, or with the environment variable API_BASE_URL"
            )
        ) {
            try profile.requiredString(forKey: "apiBaseURL")
        }
    }

    @Test func requiredStringOfABareFlag() {
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "verbose",
                message: "key \"verbose\" is given without a value (launch argument \"-verbose\"); expected String"
            )
        ) {
            try profile.requiredString(forKey: "verbose")
        }
    }

    // MARK: Int

    @Test func ints() throws {
        #expect(profile.int(forKey: "pageSize") == 5)
        #expect(profile.int(forKey: "negative") == -3)
        #expect(profile.int(forKey: "offset") == -5)
        #expect(profile.int(forKey: "limit") == 40)
        #expect(profile.int(forKey: "badInt") == nil)
        #expect(profile.int(forKey: "badInt", default: 7) == 7)
        #expect(profile.int(forKey: "ratio") == nil)
        #expect(profile.int(forKey: "missing", default: 7) == 7)
        #expect(try profile.requiredInt(forKey: "pageSize") == 5)
    }

    @Test func requiredIntWithTextFromThePayload() {
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "badInt",
                message: "key \"badInt\": \"abc\" (from profiles base+uitest) is not a valid Int"
            )
        ) {
            try profile.requiredInt(forKey: "badInt")
        }
    }

    @Test func requiredIntWithTextFromALaunchArgument() {
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "count",
                message: "key \"count\": \"x12\" (from launch argument \"--count=x12\") is not a valid Int"
            )
        ) {
            try profile.requiredInt(forKey: "count")
        }
    }

    @Test func requiredIntWithTextFromTheEnvironment() {
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "retryDelay",
                message: "key \"retryDelay\": \"1.5\" (from environment variable RETRY_DELAY) is not a valid Int"
            )
        ) {
            try profile.requiredInt(forKey: "retryDelay")
        }
    }

    @Test func requiredIntWhenMissing() {
        #expect(
            throws: ProfileRuntimeError(
                .missingValue,
                key: "http.maxConnections",
                message: "no value for key \"http.maxConnections\": set it with \"-http.maxConnections VALUE\" or "
                    + "\"--http-max-connections=VALUE\", in a profile, or with the environment variable "
                    + "HTTP_MAX_CONNECTIONS"
            )
        ) {
            try profile.requiredInt(forKey: "http.maxConnections")
        }
    }

    // MARK: Double

    @Test func doubles() throws {
        #expect(profile.double(forKey: "ratio") == 0.25)
        #expect(profile.double(forKey: "pageSize") == 5)
        #expect(profile.double(forKey: "retryDelay") == 1.5)
        #expect(profile.double(forKey: "badInt") == nil)
        #expect(profile.double(forKey: "badInt", default: 1.25) == 1.25)
        #expect(try profile.requiredDouble(forKey: "retryDelay") == 1.5)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "name",
                message: "key \"name\": \"Zoë; \\\"quoted\\\"\" (from profiles base+uitest) is not a valid Double"
            )
        ) {
            try profile.requiredDouble(forKey: "name")
        }
    }

    // MARK: Bool

    @Test(arguments: [
        ("true", true), ("TRUE", true), ("True", true), ("yes", true), ("YES", true), ("on", true), ("ON", true),
        ("1", true), ("false", false), ("FALSE", false), ("no", false), ("NO", false), ("off", false), ("Off", false),
        ("0", false),
    ])
    func boolSpellings(text: String, value: Bool) throws {
        let profile = try ActiveProfile(arguments: ["app", "-b", text], environment: [:])
        #expect(profile.bool(forKey: "b") == value)
        #expect(try profile.requiredBool(forKey: "b") == value)
    }

    @Test(arguments: ["", "2", "y", "n", "t", "enabled", "nope", "truee", "-1"])
    func notBools(text: String) throws {
        let profile = try ActiveProfile(arguments: ["app", "--b=\(text)"], environment: [:])
        #expect(profile.bool(forKey: "b") == nil)
        #expect(profile.bool(forKey: "b", default: true) == true)
    }

    @Test func bools() throws {
        #expect(profile.bool(forKey: "enabled") == true)
        #expect(profile.bool(forKey: "disabled") == false)
        #expect(profile.bool(forKey: "verbose") == true)
        #expect(profile.bool(forKey: "trace") == true)
        #expect(profile.bool(forKey: "missing") == nil)
        #expect(profile.bool(forKey: "missing", default: true) == true)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: "badBool",
                message: "key \"badBool\": \"maybe\" (from profiles base+uitest) is not a valid "
                    + "Bool (true/false, yes/no, on/off, 1/0)"
            )
        ) {
            try profile.requiredBool(forKey: "badBool")
        }
    }
}

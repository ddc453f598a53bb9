import Testing

@testable import ProfileRuntime

/// The payload's `argument=` entries are launch arguments read before the process's own argv: an app started
/// through a tool in between (`profile run p --no-arguments -- sh -c 'exec ./app'`) reads them as if they were on
/// its argv, and its own argv wins a repeated key.
@Suite struct PayloadArgumentsTests {
    func profile(
        _ argv: [String] = [], payloadArguments: [String], flags: [String: Bool] = [:], values: [String: String] = [:]
    ) throws -> ActiveProfile {
        let payload = ProfilePayload(profiles: ["uitest"], flags: flags, values: values, arguments: payloadArguments)
        return try ActiveProfile(
            arguments: ["app"] + argv, environment: ["PROFILE_PAYLOAD": WireFormat.encode(payload)])
    }

    @Test func theirOptionsAreRead() throws {
        let profile = try profile(payloadArguments: ["-UITests", "-AppleLanguages", "(en)", "--page-size=3"])
        #expect(profile.isEnabled("UITests"))
        #expect(profile.string(forKey: "AppleLanguages") == "(en)")
        #expect(profile.int(forKey: "pageSize") == 3)
        #expect(profile.arguments == ["app"])
    }

    @Test func theProcessArgvWinsARepeatedKey() throws {
        let profile = try profile(
            ["-pageSize", "7", "-UITests", "NO"], payloadArguments: ["-pageSize", "3", "-UITests"])
        #expect(profile.int(forKey: "pageSize") == 7)
        #expect(!profile.isEnabled("UITests"))
    }

    @Test func theTwoCopiesAgreeWhenRunAppendedThem() throws {
        let arguments = ["-UITests", "-pageSize", "3"]
        let profile = try profile(arguments, payloadArguments: arguments)
        #expect(profile.isEnabled("UITests"))
        #expect(profile.int(forKey: "pageSize") == 3)
    }

    @Test func theyDoNotCoverATypedKeyOfThePayload() throws {
        // `--disable UITests` with the argument `-UITests`: on argv the argument wins (argv beats the payload); in the
        // payload alone the typed entry is read, as the hand-on writes it (typed entries after the arguments), so a
        // process handed the profile on reads the same (HandOnConsistencyTests).
        let profile = try profile(payloadArguments: ["-UITests"], flags: ["UITests": false], values: ["pageSize": "5"])
        #expect(!profile.isEnabled("UITests"))
        #expect(profile.int(forKey: "pageSize") == 5)
        let appended = try self.profile(["-UITests"], payloadArguments: ["-UITests"], flags: ["UITests": false])
        #expect(appended.isEnabled("UITests"))
    }

    @Test func eachListIsParsedOnItsOwn() throws {
        // A `--` among the payload's arguments does not end argv's options, and a trailing option of the payload's
        // arguments does not take argv's first word as its value.
        let separated = try profile(["-verbose"], payloadArguments: ["-UITests", "--", "file.txt"])
        #expect(separated.isEnabled("verbose"))
        #expect(separated.isEnabled("UITests"))
        let trailing = try profile(["positional"], payloadArguments: ["-UITests"])
        #expect(trailing.string(forKey: "UITests") == nil)
        #expect(trailing.isEnabled("UITests"))
    }

    @Test func errorsNameThePayloadsArgument() throws {
        let profile = try profile(payloadArguments: ["-pageSize", "many"])
        #expect(throws: ProfileRuntimeError.self) { try profile.requiredInt(forKey: "pageSize") }
        do {
            _ = try profile.requiredInt(forKey: "pageSize")
        } catch {
            #expect(error.message.contains("argument \"-pageSize\" of the profile payload"), "\(error.message)")
        }
    }

    @Test func noPayloadNoArguments() throws {
        let profile = try ActiveProfile(arguments: ["app", "-x"], environment: [:])
        #expect(profile.isEnabled("x"))
        #expect(profile.payloadArguments.isEmpty)
    }
}

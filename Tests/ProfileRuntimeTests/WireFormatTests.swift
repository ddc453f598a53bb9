import TestSupport
import Testing

@testable import ProfileRuntime

@Suite struct WireFormatTests {
    /// `encodedLength` counts what `encode` writes, through the same writer: over generated payloads whose texts hold
    /// every byte that is escaped, and text that is not ASCII.
    @Test func theLengthIsTheEncodedTextsLength() {
        var random = SeededRandom(seed: 22)
        let pieces = ["a", "key", "%", ";", "=", ",", "\u{7F}", "\u{01}", "\n", "é", "日本", " ", "-x", "0"]
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        for _ in 0..<200 {
            var payload = ProfilePayload()
            payload.profiles = (0..<Int.random(in: 1...3, using: &random)).map { _ in "p" + text() }
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                payload.flags["f" + text()] = Bool.random(using: &random)
            }
            for _ in 0..<Int.random(in: 0...5, using: &random) { payload.mocks["m" + text()] = text() }
            for _ in 0..<Int.random(in: 0...5, using: &random) { payload.values["v" + text()] = text() }
            payload.arguments = (0..<Int.random(in: 0...5, using: &random)).map { _ in text() }
            payload.environmentKeys = (0..<Int.random(in: 0...5, using: &random)).map { _ in "E" + text() }
            var entries = WireFormat.Entries()
            entries.profiles = payload.profiles
            for key in payload.flags.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                entries.flagKeys.append(key)
                entries.flagStates.append(payload.flags[key]!)
            }
            for key in payload.mocks.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                entries.mockKeys.append(key)
                entries.mockVariants.append(payload.mocks[key]!)
            }
            for key in payload.values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                entries.valueKeys.append(key)
                entries.valueTexts.append(payload.values[key]!)
            }
            entries.arguments = payload.arguments
            entries.environmentKeys = payload.environmentKeys
            #expect(WireFormat.encode(entries) == WireFormat.encode(payload))
            let length = WireFormat.encodedLength(entries)
            #expect(length == WireFormat.encode(payload).utf8.count)
        }
    }

    static let example =
        "profile/1;profile=base;profile=uitest;flag.analytics=0;flag.skipOnboarding=1;mock.countries=local-mock;"
        + "value.apiTimeout=2.5;value.pageSize=5;argument=-AppleLanguages;argument=(en);env=API_BASE_URL;end"

    static let examplePayload = ProfilePayload(
        profiles: ["base", "uitest"],
        flags: ["skipOnboarding": true, "analytics": false],
        mocks: ["countries": "local-mock"],
        values: ["pageSize": "5", "apiTimeout": "2.5"],
        arguments: ["-AppleLanguages", "(en)"],
        environmentKeys: ["API_BASE_URL"]
    )

    @Test func constants() {
        #expect(WireFormat.environmentVariable == "PROFILE_PAYLOAD")
        #expect(WireFormat.version == 1)
    }

    @Test func encodesTheDocumentedExample() {
        #expect(WireFormat.encode(Self.examplePayload) == Self.example)
    }

    @Test func decodesTheDocumentedExample() throws {
        #expect(try WireFormat.decode(Self.example) == Self.examplePayload)
    }

    @Test func encodesAnEmptyPayload() throws {
        #expect(WireFormat.encode(ProfilePayload()) == "profile/1;end")
        #expect(try WireFormat.decode("profile/1;end") == ProfilePayload())
    }

    @Test func escapesReservedAndControlBytes() {
        let payload = ProfilePayload(values: ["k=;,%": "a=b;c,d%e\n\t\u{0}\u{7F}é 中 \"q\" -x"])
        #expect(
            WireFormat.encode(payload)
                == "profile/1;value.k%3D%3B%2C%25=a%3Db%3Bc%2Cd%25e%0A%09%00%7Fé 中 \"q\" -x;end"
        )
    }

    @Test func sortsKeysByBytesAndKeepsListOrder() {
        let payload = ProfilePayload(
            profiles: ["z", "a"],
            flags: ["b": true, "B": false, "a": true],
            values: ["é": "1", "z": "2", "Z": "3"],
            arguments: ["2", "1"],
            environmentKeys: ["Z_VAR", "A_VAR"]
        )
        #expect(
            WireFormat.encode(payload)
                == "profile/1;profile=z;profile=a;flag.B=0;flag.a=1;flag.b=1;value.Z=3;value.z=2;value.é=1;"
                + "argument=2;argument=1;env=Z_VAR;env=A_VAR;end"
        )
    }

    @Test func decodesLowercaseHexEscapes() throws {
        #expect(try WireFormat.decode("profile/1;value.a=%3d%3B;end").values == ["a": "=;"])
    }

    @Test func duplicateKeysLastWins() throws {
        let payload = try WireFormat.decode("profile/1;flag.a=1;value.k=1;flag.a=0;value.k=2;mock.m=x;mock.m=y;end")
        #expect(payload.flags == ["a": false])
        #expect(payload.values == ["k": "2"])
        #expect(payload.mocks == ["m": "y"])
    }

    @Test func unknownEntriesAreIgnored() throws {
        let payload = try WireFormat.decode(
            "profile/1;secret.k=v;color=blue;standalone;;value.k=1;flagx.a=1;value=3;end"
        )
        #expect(payload == ProfilePayload(values: ["k": "1"]))
    }

    @Test func keysMayContainDots() throws {
        let payload = try WireFormat.decode("profile/1;value.http.timeout=5;end")
        #expect(payload.values == ["http.timeout": "5"])
    }

    @Test func newerVersionIsAnError() {
        #expect(
            throws: ProfileRuntimeError(
                .unsupportedVersion,
                message: "PROFILE_PAYLOAD is from a newer format version 2; this runtime supports version 1. "
                    + "Update the ProfileRuntime library."
            )
        ) {
            try WireFormat.decode("profile/2;flag.a=1;whatever")
        }
    }

    @Test func truncatedPayloadIsAnError() {
        #expect(
            throws: ProfileRuntimeError(
                .truncatedPayload,
                message: "truncated payload: PROFILE_PAYLOAD does not end with \";end\" (28 bytes, ending "
                    + "\"ag.a=1;value.k=5\")"
            )
        ) {
            try WireFormat.decode("profile/1;flag.a=1;value.k=5")
        }
        for text in ["profile/1", "profile/1;", "profile/1;en", "profile/1;flag.a=1;end;", "profile/1;end\n"] {
            #expect(throws: ProfileRuntimeError.self) { try WireFormat.decode(text) }
            #expect((try? WireFormat.decode(text)) == nil)
            do {
                _ = try WireFormat.decode(text)
            } catch {
                #expect(error.kind == .truncatedPayload, "\(text.debugDescription)")
            }
        }
    }

    @Test func missingOrGarbledHeaderIsAnError() {
        #expect(
            throws: ProfileRuntimeError(
                .malformedPayload,
                message: "PROFILE_PAYLOAD does not start with the header \"profile/1\": \"flag.a=1;end\""
            )
        ) {
            try WireFormat.decode("flag.a=1;end")
        }
        #expect(
            throws: ProfileRuntimeError(
                .malformedPayload,
                message: "PROFILE_PAYLOAD does not start with the header \"profile/1\": \"\""
            )
        ) {
            try WireFormat.decode("")
        }
        #expect(
            throws: ProfileRuntimeError(
                .malformedPayload,
                message: "PROFILE_PAYLOAD has a garbled header \"profile/1x\"; expected \"profile/1\""
            )
        ) {
            try WireFormat.decode("profile/1x;end")
        }
        for text in ["profile/;end", "profile/0;end", "Profile/1;end", "profile/-1;end", "profile/1.0;end"] {
            do {
                _ = try WireFormat.decode(text)
                Issue.record("\(text) decoded")
            } catch {
                #expect(error.kind == .malformedPayload, "\(text)")
            }
        }
    }

    @Test func entriesAfterEndAreAnError() {
        #expect(
            throws: ProfileRuntimeError(
                .malformedPayload,
                message: "PROFILE_PAYLOAD has entries after its \";end\" marker"
            )
        ) {
            try WireFormat.decode("profile/1;end;flag.a=1;end")
        }
    }

    @Test func malformedEscapesAreErrors() {
        #expect(
            throws: ProfileRuntimeError(
                .invalidEscape,
                message: "malformed escape \"%4G\" in PROFILE_PAYLOAD entry \"value.k=a%4Gb\"; "
                    + "expected % followed by two hexadecimal digits"
            )
        ) {
            try WireFormat.decode("profile/1;value.k=a%4Gb;end")
        }
        #expect(
            throws: ProfileRuntimeError(
                .invalidEscape,
                message: "malformed escape \"%4\" in PROFILE_PAYLOAD entry \"value.k%4=1\"; "
                    + "expected % followed by two hexadecimal digits"
            )
        ) {
            try WireFormat.decode("profile/1;value.k%4=1;end")
        }
        for text in ["profile/1;profile=%;end", "profile/1;argument=%%;end", "profile/1;env=A%2;end"] {
            do {
                _ = try WireFormat.decode(text)
                Issue.record("\(text) decoded")
            } catch {
                #expect(error.kind == .invalidEscape, "\(text)")
            }
        }
    }

    @Test func escapesMustDecodeToUTF8() {
        #expect(
            throws: ProfileRuntimeError(
                .invalidEscape,
                message: "escapes in PROFILE_PAYLOAD entry \"value.k=%FF\" decode to invalid UTF-8"
            )
        ) {
            try WireFormat.decode("profile/1;value.k=%FF;end")
        }
    }

    @Test func escapedMultiByteUTF8IsAccepted() throws {
        #expect(try WireFormat.decode("profile/1;value.k=%C3%A9;end").values == ["k": "é"])
    }

    @Test func flagsMustBeOneOrZero() {
        #expect(
            throws: ProfileRuntimeError(
                .malformedPayload,
                key: "a",
                message: "PROFILE_PAYLOAD sets flag \"a\" to \"yes\"; expected 1 or 0"
            )
        ) {
            try WireFormat.decode("profile/1;flag.a=yes;end")
        }
    }

    @Test func checkboxEntriesAreARecord() throws {
        var payload = ProfilePayload(arguments: ["-a"], environmentKeys: ["A"])
        payload.checkboxArguments = [
            .init(words: ["-pageSize", "5"], isEnabled: true), .init(words: ["x;y", "a,b"], isEnabled: false),
        ]
        payload.disabledEnvironmentKeys = [.init(position: 1, text: "B")]
        let encoded = WireFormat.encode(payload)
        #expect(
            encoded
                == "profile/1;argument=-a;argument-on=-pageSize,5;argument-off=x%3By,a%2Cb;env=A;env-off=B;end")
        #expect(try WireFormat.decode(encoded) == payload)
        // Readers do not take them as launch arguments; the hand-on forwards the entries on its argv.
        let profile = try ActiveProfile(arguments: ["app"], environment: [WireFormat.environmentVariable: encoded])
        #expect(profile.int(forKey: "pageSize") == nil)
        #expect(profile.launchArguments == ["-a"])
        let checked = try ActiveProfile(
            arguments: ["runner", "-XCTest", "All", "-pageSize", "5"],
            environment: [WireFormat.environmentVariable: encoded])
        #expect(checked.launchArguments == ["-a", "-pageSize", "5"])
        #expect(checked.effectivePayload.checkboxArguments.isEmpty)
    }

    @Test func roundTripsGeneratedPayloads() throws {
        var random = SeededRandom(seed: 0x5EED)
        for iteration in 0..<400 {
            var payload = ProfilePayload()
            for _ in 0..<Int.random(in: 0...3, using: &random) { payload.profiles.append(random.string()) }
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                payload.flags[random.string()] = Bool.random(using: &random)
            }
            for _ in 0..<Int.random(in: 0...4, using: &random) { payload.mocks[random.string()] = random.string() }
            for _ in 0..<Int.random(in: 0...6, using: &random) { payload.values[random.string()] = random.string() }
            for _ in 0..<Int.random(in: 0...4, using: &random) { payload.arguments.append(random.string()) }
            for _ in 0..<Int.random(in: 0...2, using: &random) { payload.environmentKeys.append(random.string()) }
            // Checkbox entries (an Xcode export's record) and disabled variables placed in order among theirs.
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.string() }
                payload.checkboxArguments.append(.init(words: words, isEnabled: Bool.random(using: &random)))
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let position = Int.random(
                    in: (payload.disabledEnvironmentKeys.last?.position ?? 0)...payload.environmentKeys.count,
                    using: &random)
                payload.disabledEnvironmentKeys.append(.init(position: position, text: random.string()))
            }

            let encoded = WireFormat.encode(payload)
            let decoded = try WireFormat.decode(encoded)
            #expect(decoded == payload, "iteration \(iteration): \(encoded.debugDescription)")
            #expect(WireFormat.encode(decoded) == encoded, "iteration \(iteration): not deterministic")
            #expect(!encoded.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "iteration \(iteration): raw control byte")
            let entries = encoded.split(separator: ";", omittingEmptySubsequences: false).count
            let expected =
                2 + payload.profiles.count + payload.flags.count + payload.mocks.count
                + payload.values.count + payload.arguments.count + payload.environmentKeys.count
                + payload.checkboxArguments.count + payload.disabledEnvironmentKeys.count
            #expect(entries == expected, "iteration \(iteration): \(encoded.debugDescription)")

            // Any cut of the payload is refused, never misread.
            let cut = Int.random(in: 0..<encoded.utf8.count, using: &random)
            let truncated = String(decoding: encoded.utf8.prefix(cut), as: UTF8.self)
            #expect((try? WireFormat.decode(truncated)) == nil, "iteration \(iteration): cut at \(cut)")
        }
    }
}

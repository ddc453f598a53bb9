import ProfileRuntime
import Testing

/// A recursive settings type: each level reads `value` and, when keys go deeper, `next`.
final class Chain: Decodable {
    let value: Int?
    let next: Chain?

    /// How many levels were decoded.
    var length: Int { 1 + (next?.length ?? 0) }
}

/// A type that decodes itself again through `superDecoder()`, without any key growing.
struct SuperLoop: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        _ = try SuperLoop(from: container.superDecoder())
    }
}

/// A type that decodes itself again through its single-value container.
struct SingleValueLoop: Decodable {
    init(from decoder: any Decoder) throws {
        _ = try decoder.singleValueContainer().decode(SingleValueLoop.self)
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Issue 14, item 5: decoding a recursive settings type from deeply nested keys stops at
/// `ActiveProfile.maximumSettingsDepth` with a thrown error instead of overflowing the stack.
@Suite struct SettingsDepthTests {
    static func key(depth: Int) -> String {
        String(repeating: "next.", count: depth) + "value"
    }

    @Test func decodesARecursiveTypeAsDeepAsItsKeysGo() throws {
        let profile = ActiveProfile(payload: ProfilePayload(values: [Self.key(depth: 20): "7"]))
        let chain = try profile.decode(Chain.self)
        #expect(chain.length == 21)
        var last = chain
        while let next = last.next { last = next }
        #expect(last.value == 7)
    }

    @Test func theDeepestLevelAllowed() throws {
        // The settings type is level 1: 32 levels hold keys with 31 `next.` components.
        #expect(ActiveProfile.maximumSettingsDepth == 32)
        let profile = ActiveProfile(payload: ProfilePayload(values: [Self.key(depth: 31): "1"]))
        #expect(try profile.decode(Chain.self).length == 32)
    }

    @Test func deeperKeysAreAnError() {
        let profile = ActiveProfile(payload: ProfilePayload(values: [Self.key(depth: 32): "1"]))
        let path = Array(repeating: "next", count: 32).joined(separator: ".")
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue,
                key: path,
                message: "key \"\(path)\" is nested more than 32 levels deep (is the settings type recursive?); the "
                    + "settings decoder stops there"
            )
        ) {
            try profile.decode(Chain.self)
        }
    }

    @Test func keysOfTenThousandComponentsFromEverySource() throws {
        let key = Self.key(depth: 10_000)
        let fromPayload = ActiveProfile(payload: ProfilePayload(values: [key: "1"]))
        #expect(throws: ProfileRuntimeError.self) { try fromPayload.decode(Chain.self) }
        let fromArguments = try ActiveProfile(arguments: ["app", "--" + key, "1"], environment: [:])
        #expect(throws: ProfileRuntimeError.self) { try fromArguments.decode(Chain.self) }
        let environmentName = String(repeating: "NEXT_", count: 10_000) + "VALUE"
        let fromEnvironment = try ActiveProfile(arguments: ["app"], environment: [environmentName: "1"])
        #expect(throws: ProfileRuntimeError.self) { try fromEnvironment.decode(Chain.self) }
        // Under a prefix the limit counts the same way.
        let prefixed = ActiveProfile(payload: ProfilePayload(values: ["root." + key: "1"]))
        #expect(throws: ProfileRuntimeError.self) { try prefixed.decode(Chain.self, prefix: "root") }
    }

    @Test func aLongPathIsShortenedInTheMessage() throws {
        let prefix = String(repeating: "p", count: 500)
        let profile = ActiveProfile(payload: ProfilePayload(values: [prefix + "." + Self.key(depth: 100): "1"]))
        do {
            _ = try profile.decode(Chain.self, prefix: prefix)
            Issue.record("expected an error")
        } catch let error as ProfileRuntimeError {
            #expect(error.message.utf8.count < 400)
            #expect(error.message.contains("…"))
        }
    }

    @Test func recursionWithoutKeysStopsToo() {
        let profile = ActiveProfile(payload: ProfilePayload(values: ["a": "1"]))
        #expect(throws: ProfileRuntimeError.self) { try profile.decode(SuperLoop.self) }
        #expect(throws: ProfileRuntimeError.self) { try profile.decode(SingleValueLoop.self) }
    }
}

/// Foundation's value types in settings structs, without importing Foundation: the decoder knows `URL` and `Date` by
/// their type names and gives each what its own `init(from:)` asks for, as `JSONDecoder` does.
///
/// - `URL` decodes from a keyed container (`relative`, and an optional `base`): the text is `relative`, and there
///   is no base, so `URL(string:)` decides (an empty text is an error, as in `JSONDecoder`).
/// - `Date` decodes from a `Double` (seconds since 2001): the text is an ISO 8601 internet date-time
///   (`2026-11-24T14:30:00Z`, `…+02:00`), as `JSONDecoder`'s `.iso8601` strategy reads it (``ISO8601Date``).
/// - `UUID`, and any type that decodes from a single string, needs nothing: the text is that string.
extension SettingsDecoder {
    /// What a Foundation type needs, by its type name; nil for every other type.
    enum FoundationKind {
        case url, date

        init?<T>(_ type: T.Type) {
            switch _typeName(type, qualified: true) {
            case "Foundation.URL", "FoundationEssentials.URL": self = .url
            case "Foundation.Date", "FoundationEssentials.Date": self = .date
            default: return nil
            }
        }
    }

    /// `T` (a Foundation `URL` or `Date`) from this node's text.
    func decodeFoundation<T: Decodable>(_ type: T.Type, _ kind: FoundationKind) throws -> T {
        switch kind {
        case .url:
            let text = try leaf("URL") { $0 }
            return try T(from: TextDecoder(codingPath: codingPath, content: .url(text)))
        case .date:
            let seconds = try leaf("ISO 8601 date (2026-11-24T14:30:00Z)") {
                $0.flatMap(ISO8601Date.timeIntervalSinceReferenceDate)
            }
            return try T(from: TextDecoder(codingPath: codingPath, content: .seconds(seconds)))
        }
    }

    /// The decoder a Foundation type decodes itself from: a `URL`'s keyed container, a `Date`'s `Double`.
    struct TextDecoder: Decoder, SingleValueDecodingContainer {
        enum Content {
            case url(String)
            case seconds(Double)
        }

        let codingPath: [any CodingKey]
        let content: Content
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .url(let text) = content else { throw mismatch([String: String].self) }
            return KeyedDecodingContainer(URLContainer<Key>(codingPath: codingPath, text: text))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw mismatch([String].self) }
        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool { false }
        func decode(_ type: Double.Type) throws -> Double {
            guard case .seconds(let seconds) = content else { throw mismatch(type) }
            return seconds
        }
        func decode(_ type: String.Type) throws -> String {
            guard case .url(let text) = content else { throw mismatch(type) }
            return text
        }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { throw mismatch(type) }

        func mismatch(_ type: Any.Type) -> DecodingError {
            .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "not supported here"))
        }
    }

    /// `URL`'s keyed container: `relative` is the text, nothing else (`base`) is present.
    struct URLContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let codingPath: [any CodingKey]
        let text: String
        var allKeys: [Key] { Key(stringValue: "relative").map { [$0] } ?? [] }

        func contains(_ key: Key) -> Bool { key.stringValue == "relative" }
        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            guard contains(key) else { throw missing(key) }
            return text
        }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw missing(key) }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> { throw missing(key) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw missing(key) }
        func superDecoder() throws -> any Decoder { TextDecoder(codingPath: codingPath, content: .url(text)) }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw missing(key) }

        func missing(_ key: Key) -> DecodingError {
            .keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "a URL has no \(key)"))
        }
    }
}

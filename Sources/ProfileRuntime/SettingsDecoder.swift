/// Decoding a whole `Decodable` settings struct from the active profile, without Foundation.
///
/// ```swift
/// struct Settings: Decodable {
///     struct HTTP: Decodable { var timeout: Double; var retries: Int? }
///     var pageSize: Int
///     var logLevel: LogLevel          // enum LogLevel: String, Decodable
///     var http: HTTP                  // keys http.timeout, http.retries
///     var tags: [String]              // "a, b, c"
/// }
/// let settings = try ActiveProfile.current.decode(Settings.self)
/// ```
///
/// Each property is looked up under its coding key, canonicalised like every other key and with the same
/// precedence (launch arguments, payload, environment): `pageSize` is `-pageSize 5`, `value.pageSize=5` or
/// `PAGE_SIZE=5`. Nested structs add a path component: `http.timeout` (also `--http-timeout`, `HTTP_TIMEOUT`).
///
/// Supported: `String`, `Bool` (the spellings of ``bool(forKey:)``), every `Int` and `UInt` width (128 bits too),
/// `Double`, `Float`, any `LosslessStringConvertible` or `RawRepresentable` type through its own `Decodable`
/// conformance, Foundation's `URL`, `UUID` and `Date` (ISO 8601) in an app that imports Foundation, as `JSONDecoder`
/// reads them (``FoundationKind``), optionals (a missing key is `nil`), nested structs, and arrays written as
/// comma-separated text (`"1, 2, 3"`; spaces and tabs around elements are trimmed, empty text is an empty array, an
/// empty element is `nil` for an array of optionals) or as a property-list array (`(a, "b c")`). Not supported:
/// dictionaries, arrays of structs, arrays of arrays.
///
/// Values nest at most ``maximumSettingsDepth`` (32) levels deep: a recursive settings type
/// (`final class Node: Decodable { var value: Int?; var next: Node? }`) is decoded as deep as its keys go
/// (`next.next.next.value`), and keys that go deeper are a thrown error, never a stack overflow, however many
/// components they have.
extension ActiveProfile {
    /// How deeply ``decode(_:prefix:)`` nests decoded values: the settings type is level 1, a struct (or enum, or
    /// array) property of it level 2, a property of that level 3… A value deeper than this is a thrown
    /// ``ProfileRuntimeError`` (kind `invalidValue`) naming its key; only a recursive type gets there.
    public static let maximumSettingsDepth = 32

    /// Decodes a settings struct from the profile's values, optionally under a key prefix (`prefix: "http"` reads
    /// `http.timeout` for the property `timeout`).
    ///
    /// - Throws: ``ProfileRuntimeError`` naming the key and its text when a required key is missing or a value does
    ///   not convert, when structs nest deeper than ``maximumSettingsDepth``, or when the payload is broken. Errors thrown by the type's own `init(from:)` other than
    ///   `DecodingError` are passed through unchanged.
    public func decode<T: Decodable>(_ type: T.Type = T.self, prefix: String? = nil) throws -> T {
        try validate()
        let root = SettingsDecoder.Path(prefix: prefix)
        let decoder = SettingsDecoder(profile: self, node: .key(root), codingPath: [], depth: 0)
        do {
            return try decoder.decodeValue(T.self)
        } catch let error as DecodingError {
            throw root.describe(error, profile: self)
        }
    }
}

/// The `Decoder` behind ``ActiveProfile/decode(_:prefix:)``.
struct SettingsDecoder: Decoder {
    /// A key path: its canonical form for lookups and its dotted form for messages.
    struct Path {
        var canonical: String
        var display: String

        init(canonical: String, display: String) {
            self.canonical = canonical
            self.display = display
        }

        init(prefix: String?) {
            canonical = prefix.map(ProfileKey.canonical) ?? ""
            display = prefix ?? ""
        }

        func appending(_ key: String) -> Path {
            let component = ProfileKey.canonical(key)
            if canonical.isEmpty { return Path(canonical: component, display: key) }
            return Path(canonical: canonical + "-" + component, display: display + "." + key)
        }

        /// The dotted form for messages, its middle elided past 200 bytes (a recursive type's paths grow long).
        var shortDisplay: String {
            let utf8 = display.utf8
            guard utf8.count > 200 else { return display }
            let head = String(decoding: utf8.prefix(96), as: UTF8.self)
            let tail = String(decoding: utf8.suffix(96), as: UTF8.self)
            return head + "…" + tail
        }

        /// Converts a `DecodingError` thrown by a type's own `init(from:)` to a message naming the key and its text.
        func describe(_ error: DecodingError, profile: ActiveProfile) -> ProfileRuntimeError {
            let context: DecodingError.Context
            switch error {
            case .dataCorrupted(let c), .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
                context = c
            @unknown default:
                return ProfileRuntimeError(.invalidValue, message: "\(error)")
            }
            var path = self
            var display = self.display
            for key in context.codingPath {
                if let index = key.intValue, key.stringValue.hasPrefix("Index ") {
                    display += "[\(index)]"
                } else {
                    path = path.appending(key.stringValue)
                    display = path.display
                }
            }
            if case .keyNotFound(let key, _) = error {
                display = path.appending(key.stringValue).display
            }
            var message = "key \"\(display)\""
            if let found = profile.find(canonical: path.canonical, prefer: .value), let text = found.text {
                message += ": \(text.debugDescription) (from \(profile.describe(found.source)))"
            }
            message += " is invalid: \(context.debugDescription)"
            return ProfileRuntimeError(.invalidValue, key: display, message: message)
        }
    }

    /// Where a decoder reads from: a key path looked up in the profile, or one element of a list.
    enum Node {
        case key(Path)
        case element(text: String, display: String, source: ActiveProfile.Source)
    }

    let profile: ActiveProfile
    let node: Node
    let codingPath: [any CodingKey]
    /// How many `init(from:)` calls are in progress when this decoder is used: 0 for the root, which the settings
    /// type is decoded from at 1; ``decodeValue(_:)`` and ``superDecoder()`` go one deeper.
    let depth: Int
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(profile: ActiveProfile, node: Node, codingPath: [any CodingKey], depth: Int) {
        self.profile = profile
        self.node = node
        self.codingPath = codingPath
        self.depth = depth
    }

    /// This decoder one level deeper, for a value decoded inside the current one.
    func deeper() -> SettingsDecoder {
        SettingsDecoder(profile: profile, node: node, codingPath: codingPath, depth: depth + 1)
    }

    /// Throws when this node is deeper than ``ActiveProfile/maximumSettingsDepth``.
    func checkDepth() throws(ProfileRuntimeError) {
        guard depth > ActiveProfile.maximumSettingsDepth else { return }
        let display: String
        switch node {
        case .key(let path): display = path.shortDisplay
        case .element(_, let elementDisplay, _): display = elementDisplay
        }
        throw ProfileRuntimeError(
            .invalidValue,
            key: display,
            message: "key \"\(display)\" is nested more than \(ActiveProfile.maximumSettingsDepth) levels deep "
                + "(is the settings type recursive?); the settings decoder stops there"
        )
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .key(let path) = node else { throw unsupported("a struct inside a list") }
        try checkDepth()
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .key(let path) = node else { throw unsupported("a list inside a list") }
        try checkDepth()
        let found = try profile.findRequired(path, placeholder: "A,B,C")
        guard let text = found.text else {
            throw profile.invalidValueError(key: path.display, found: found, expected: "comma-separated list")
        }
        return ListContainer(
            decoder: self,
            elements: TextConversion.list(text),
            display: path.display,
            source: found.source
        )
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkDepth()
        return self
    }

    /// Reads this node's text and converts it, with errors naming the key, the text and `expected`.
    func leaf<T>(_ expected: String, _ convert: (String?) -> T?) throws -> T {
        try leaf(expected: { _ in expected }, convert)
    }

    /// ``leaf(_:_:)`` with the expected type described from the text that failed to convert.
    func leaf<T>(expected: (String?) -> String, _ convert: (String?) -> T?) throws -> T {
        switch node {
        case .key(let path):
            let found = try profile.findRequired(path, placeholder: "VALUE")
            guard let value = convert(found.text) else {
                throw profile.invalidValueError(key: path.display, found: found, expected: expected(found.text))
            }
            return value
        case .element(let text, let display, let source):
            guard let value = convert(text) else {
                let found = ActiveProfile.Found(text: text, source: source)
                throw profile.invalidValueError(key: display, found: found, expected: expected(text))
            }
            return value
        }
    }

    /// An integer of any width; a whole number outside `T`'s range is an error giving the range (and, for `Int` and
    /// `UInt`, their width here: 32 bits on watchOS).
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try leaf(expected: { ActiveProfile.expectation(T.self, text: $0) }, { $0.flatMap { T($0) } })
    }

    func unsupported(_ what: String) -> ProfileRuntimeError {
        let display: String
        switch node {
        case .key(let path): display = path.display
        case .element(_, let elementDisplay, _): display = elementDisplay
        }
        return ProfileRuntimeError(
            .invalidValue,
            key: display,
            message: "key \"\(display)\": \(what) is not supported by the settings decoder"
        )
    }
}

extension ActiveProfile {
    /// Finds a key path's text, or throws the "no value" error naming how to set it.
    func findRequired(_ path: SettingsDecoder.Path, placeholder: String) throws(ProfileRuntimeError) -> Found {
        guard let found = find(canonical: path.canonical, prefer: .value) else {
            throw ProfileRuntimeError(
                .missingValue,
                key: path.display,
                message: "no value for key \"\(path.display)\": "
                    + howToSet(canonical: path.canonical, key: path.display, placeholder: placeholder)
            )
        }
        return found
    }
}

// MARK: - Single values

extension SettingsDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        switch node {
        case .key(let path):
            profile.find(canonical: path.canonical, prefer: .value) == nil
                && !profile.containsKeys(underCanonical: path.canonical)
        case .element(let text, _, _):
            text.isEmpty
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try leaf(TextConversion.boolDescription, ActiveProfile.convertBool)
    }
    func decode(_ type: String.Type) throws -> String { try leaf("String") { $0 } }
    func decode(_ type: Double.Type) throws -> Double { try leaf("Double") { $0.flatMap(TextConversion.double) } }
    func decode(_ type: Float.Type) throws -> Float { try leaf("Float") { $0.flatMap(TextConversion.float) } }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// Decodes any `Decodable` at this node, refusing dictionaries (their keys cannot be enumerated here).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type is any DictionaryMarker.Type { throw unsupported("a dictionary") }
        let inner = deeper()
        try inner.checkDepth()
        if let kind = FoundationKind(type) { return try inner.decodeFoundation(type, kind) }
        return try T(from: inner)
    }
}

/// Marks `Dictionary` so the decoder can refuse it instead of silently decoding an empty one.
protocol DictionaryMarker {}
extension Dictionary: DictionaryMarker {}

// MARK: - Structs

extension SettingsDecoder {
    /// The keyed container: each key is a child path.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: SettingsDecoder
        let path: Path

        var codingPath: [any CodingKey] { decoder.codingPath }
        /// Keys cannot be enumerated (the environment is open-ended), so dictionaries are not supported.
        var allKeys: [Key] { [] }

        func child(_ key: Key) -> SettingsDecoder {
            SettingsDecoder(
                profile: decoder.profile,
                node: .key(path.appending(key.stringValue)),
                codingPath: codingPath + [key],
                depth: decoder.depth
            )
        }

        func contains(_ key: Key) -> Bool {
            let childPath = path.appending(key.stringValue)
            return decoder.profile.find(canonical: childPath.canonical, prefer: .value) != nil
                || decoder.profile.containsKeys(underCanonical: childPath.canonical)
        }

        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try child(key).decode(type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try child(key).decode(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decodeValue(type) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type,
            forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder.deeper() }
        func superDecoder(forKey key: Key) throws -> any Decoder { child(key).deeper() }
    }
}

// MARK: - Lists

extension SettingsDecoder {
    /// The unkeyed container over a comma-separated list's elements.
    struct ListContainer: UnkeyedDecodingContainer {
        let decoder: SettingsDecoder
        let elements: [String]
        let display: String
        let source: ActiveProfile.Source
        private(set) var currentIndex = 0

        init(decoder: SettingsDecoder, elements: [String], display: String, source: ActiveProfile.Source) {
            self.decoder = decoder
            self.elements = elements
            self.display = display
            self.source = source
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        private mutating func next() throws -> SettingsDecoder {
            guard !isAtEnd else {
                throw ProfileRuntimeError(
                    .invalidValue,
                    key: display,
                    message: "key \"\(display)\" has only \(elements.count) elements"
                )
            }
            let element = SettingsDecoder(
                profile: decoder.profile,
                node: .element(text: elements[currentIndex], display: "\(display)[\(currentIndex)]", source: source),
                codingPath: codingPath + [ListIndex(intValue: currentIndex)],
                depth: decoder.depth
            )
            currentIndex += 1
            return element
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex].isEmpty else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
        mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: Int128.Type) throws -> Int128 { try next().decode(type) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try next().decode(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next().deeper() }
    }

    /// The coding key of a list element.
    struct ListIndex: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }

        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}

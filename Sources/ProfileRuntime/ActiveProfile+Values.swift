/// Generic typed reads for the app's own types: any `RawRepresentable` whose raw value is a `String` or an `Int`,
/// and any `LosslessStringConvertible` (`Int8`, `UInt64`, `Float`, `Character`, your own types…).
///
/// The same triad as the other typed reads: `value(_:forKey:)` returns `nil` when unset or unconvertible,
/// `value(_:forKey:default:)` the default, `requiredValue(_:forKey:)` throws. The type can be inferred:
/// `let level: LogLevel? = profile.value(forKey: "logLevel")`.
extension ActiveProfile {
    // MARK: RawRepresentable, String raw value

    /// The value of `key` as `T`, built with `T(rawValue:)` from its text; `nil` when unset or not a raw value.
    public func value<T: RawRepresentable>(_ type: T.Type = T.self, forKey key: String) -> T?
    where T.RawValue == String {
        optionalRead(key, .value, Self.rawString(T.self))
    }

    /// The value of `key` as `T`, or `defaultValue` when unset or not a raw value of `T`.
    public func value<T: RawRepresentable>(_ type: T.Type = T.self, forKey key: String, default defaultValue: T) -> T
    where T.RawValue == String {
        value(T.self, forKey: key) ?? defaultValue
    }

    /// The value of `key` as `T`.
    /// - Throws: ``ProfileRuntimeError`` when unset, not a raw value of `T`, or the payload is broken.
    public func requiredValue<T: RawRepresentable>(_ type: T.Type = T.self, forKey key: String)
        throws(ProfileRuntimeError) -> T where T.RawValue == String
    {
        try requiredRead(key, .value, typeName: Self.typeName(T.self), Self.rawString(T.self))
    }

    // MARK: RawRepresentable, Int raw value

    /// The value of `key` as `T`, built with `T(rawValue:)` from its integer text; `nil` when unset or invalid.
    public func value<T: RawRepresentable>(_ type: T.Type = T.self, forKey key: String) -> T?
    where T.RawValue == Int {
        optionalRead(key, .value, Self.rawInt(T.self))
    }

    /// The value of `key` as `T`, or `defaultValue` when unset or invalid.
    public func value<T: RawRepresentable>(_ type: T.Type = T.self, forKey key: String, default defaultValue: T) -> T
    where T.RawValue == Int {
        value(T.self, forKey: key) ?? defaultValue
    }

    /// The value of `key` as `T`.
    /// - Throws: ``ProfileRuntimeError`` when unset, not a raw value of `T`, or the payload is broken.
    public func requiredValue<T: RawRepresentable>(_ type: T.Type = T.self, forKey key: String)
        throws(ProfileRuntimeError) -> T where T.RawValue == Int
    {
        try requiredRead(key, .value, typeName: Self.typeName(T.self), Self.rawInt(T.self))
    }

    // MARK: LosslessStringConvertible

    /// The value of `key` as `T`, built with `T(text)`; `nil` when unset or not convertible.
    public func value<T: LosslessStringConvertible>(_ type: T.Type = T.self, forKey key: String) -> T? {
        optionalRead(key, .value, Self.lossless(T.self))
    }

    /// The value of `key` as `T`, or `defaultValue` when unset or not convertible.
    public func value<T: LosslessStringConvertible>(
        _ type: T.Type = T.self,
        forKey key: String,
        default defaultValue: T
    ) -> T {
        value(T.self, forKey: key) ?? defaultValue
    }

    /// The value of `key` as `T`.
    /// - Throws: ``ProfileRuntimeError`` when unset, not convertible, or the payload is broken.
    public func requiredValue<T: LosslessStringConvertible>(_ type: T.Type = T.self, forKey key: String)
        throws(ProfileRuntimeError) -> T
    {
        try requiredRead(key, .value, expected: { Self.expectation(T.self, text: $0) }, Self.lossless(T.self))
    }

    // MARK: Both (the raw value wins)

    /// The value of `key` as `T` through its raw value (a type that is also `LosslessStringConvertible`).
    public func value<T: RawRepresentable & LosslessStringConvertible>(_ type: T.Type = T.self, forKey key: String)
        -> T? where T.RawValue == String
    {
        optionalRead(key, .value, Self.rawString(T.self))
    }

    /// The value of `key` as `T` through its raw value, or `defaultValue`.
    public func value<T: RawRepresentable & LosslessStringConvertible>(
        _ type: T.Type = T.self,
        forKey key: String,
        default defaultValue: T
    ) -> T where T.RawValue == String {
        value(T.self, forKey: key) ?? defaultValue
    }

    /// The value of `key` as `T` through its raw value.
    /// - Throws: ``ProfileRuntimeError`` when unset, not a raw value of `T`, or the payload is broken.
    public func requiredValue<T: RawRepresentable & LosslessStringConvertible>(
        _ type: T.Type = T.self,
        forKey key: String
    ) throws(ProfileRuntimeError) -> T where T.RawValue == String {
        try requiredRead(key, .value, typeName: Self.typeName(T.self), Self.rawString(T.self))
    }

    /// The value of `key` as `T` through its integer raw value (a type that is also `LosslessStringConvertible`).
    public func value<T: RawRepresentable & LosslessStringConvertible>(_ type: T.Type = T.self, forKey key: String)
        -> T? where T.RawValue == Int
    {
        optionalRead(key, .value, Self.rawInt(T.self))
    }

    /// The value of `key` as `T` through its integer raw value, or `defaultValue`.
    public func value<T: RawRepresentable & LosslessStringConvertible>(
        _ type: T.Type = T.self,
        forKey key: String,
        default defaultValue: T
    ) -> T where T.RawValue == Int {
        value(T.self, forKey: key) ?? defaultValue
    }

    /// The value of `key` as `T` through its integer raw value.
    /// - Throws: ``ProfileRuntimeError`` when unset, not a raw value of `T`, or the payload is broken.
    public func requiredValue<T: RawRepresentable & LosslessStringConvertible>(
        _ type: T.Type = T.self,
        forKey key: String
    ) throws(ProfileRuntimeError) -> T where T.RawValue == Int {
        try requiredRead(key, .value, typeName: Self.typeName(T.self), Self.rawInt(T.self))
    }

    // MARK: Bool (lenient spellings, like bool(forKey:))

    /// The value of `key` as a `Bool` with the lenient spellings of ``bool(forKey:)``.
    public func value(_ type: Bool.Type, forKey key: String) -> Bool? {
        bool(forKey: key)
    }

    /// The value of `key` as a `Bool` with the lenient spellings of ``bool(forKey:)``, or `defaultValue`.
    public func value(_ type: Bool.Type, forKey key: String, default defaultValue: Bool) -> Bool {
        bool(forKey: key, default: defaultValue)
    }

    /// The value of `key` as a `Bool` with the lenient spellings of ``bool(forKey:)``.
    /// - Throws: ``ProfileRuntimeError`` when unset, not a boolean, or the payload is broken.
    public func requiredValue(_ type: Bool.Type, forKey key: String) throws(ProfileRuntimeError) -> Bool {
        try requiredBool(forKey: key)
    }

    // MARK: Converters

    static func rawString<T: RawRepresentable>(_ type: T.Type) -> (String?) -> T? where T.RawValue == String {
        { text in text.flatMap(T.init(rawValue:)) }
    }

    static func rawInt<T: RawRepresentable>(_ type: T.Type) -> (String?) -> T? where T.RawValue == Int {
        { text in text.flatMap { Int($0) }.flatMap(T.init(rawValue:)) }
    }

    /// Through ``TextConversion/lossless(_:_:)``: a `Character` from an empty or multi-character text is nil, not a
    /// trap.
    static func lossless<T: LosslessStringConvertible>(_ type: T.Type) -> (String?) -> T? {
        { text in text.flatMap { TextConversion.lossless(T.self, $0) } }
    }

    /// The type's name for messages (``typeName(_:)``); for an integer type and a whole number outside its range,
    /// followed by the range (``TextConversion/integerExpectation(_:named:wordSized:text:)``).
    static func expectation<T>(_ type: T.Type, text: String?) -> String {
        guard let integer = type as? any FixedWidthInteger.Type else { return typeName(type) }
        let wordSized = type == Int.self || type == UInt.self
        return TextConversion.integerExpectation(integer, named: typeName(type), wordSized: wordSized, text: text)
    }

    /// The type's name for messages; for a `CaseIterable` type, followed by its allowed raw values.
    static func typeName<T>(_ type: T.Type) -> String {
        let name = String(describing: type)
        guard let iterable = type as? any CaseIterable.Type else { return name }
        let cases = rawValues(of: iterable)
        return cases.isEmpty ? name : "\(name) (one of: \(cases.joined(separator: ", ")))"
    }

    private static func rawValues<C: CaseIterable>(of type: C.Type) -> [String] {
        type.allCases.compactMap { element in (element as? any RawRepresentable).map { "\($0.rawValue)" } }
    }
}

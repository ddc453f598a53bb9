/// Typed reads of strings, integers, doubles and booleans, in the accessor triad of apple/swift-configuration:
/// `x(forKey:)` returns `nil` when the key is unset or its text does not convert, `x(forKey:default:)` returns the
/// default in those cases, and `requiredX(forKey:)` throws an error naming the key, the text and the expected type.
extension ActiveProfile {
    // MARK: String

    /// The text of `key`, or `nil` when no source sets it (or it is a bare `-flag` without a value).
    ///
    /// A profile flag reads as `"1"` or `"0"`; other sources' texts are returned as given.
    public func string(forKey key: String) -> String? {
        optionalRead(key, .value) { $0 }
    }

    /// The text of `key`, or `defaultValue` when no source sets it.
    public func string(forKey key: String, default defaultValue: String) -> String {
        string(forKey: key) ?? defaultValue
    }

    /// The text of `key`.
    /// - Throws: ``ProfileRuntimeError`` when no source sets it, or the payload is broken.
    public func requiredString(forKey key: String) throws(ProfileRuntimeError) -> String {
        try requiredRead(key, .value, typeName: "String") { $0 }
    }

    // MARK: [String]

    /// The elements of `key`'s list, or `nil` when no source sets it: a property-list array (`-AppleLanguages
    /// (en, "fr ca")`, as `UserDefaults` reads it), else the text split at `,` (`en, fr`), as `decode` reads a
    /// `[String]` field.
    public func strings(forKey key: String) -> [String]? {
        optionalRead(key, .value) { $0.map(TextConversion.list) }
    }

    // MARK: Int

    /// The value of `key` as an `Int`, or `nil` when it is unset or its text is not an integer.
    ///
    /// `Int` is 64 bits on every platform but watchOS, where it is 32 bits: there a text outside
    /// -2147483648...2147483647 is not an `Int` (``requiredInt(forKey:)`` says so); read such values with
    /// `value(Int64.self, forKey:)`.
    public func int(forKey key: String) -> Int? {
        integer(Int.self, forKey: key)
    }

    /// The value of `key` as an `Int`, or `defaultValue` when it is unset or its text is not an integer.
    public func int(forKey key: String, default defaultValue: Int) -> Int {
        int(forKey: key) ?? defaultValue
    }

    /// The value of `key` as an `Int`.
    /// - Throws: ``ProfileRuntimeError`` when it is unset, its text is not an integer (or one outside `Int`'s range,
    ///   which the message gives with `Int`'s width on this platform), or the payload is broken.
    public func requiredInt(forKey key: String) throws(ProfileRuntimeError) -> Int {
        try requiredInteger(Int.self, named: "Int", wordSized: true, forKey: key)
    }

    /// The integer reads with `T` standing for the platform's `Int` (`Int32` in a test of watchOS's 32-bit `Int`).
    func integer<T: FixedWidthInteger>(_ type: T.Type, forKey key: String) -> T? {
        optionalRead(key, .value) { $0.flatMap { T($0) } }
    }

    /// ``requiredInt(forKey:)`` for `T`, named `name` in messages (see ``integer(_:forKey:)``).
    func requiredInteger<T: FixedWidthInteger>(
        _ type: T.Type, named name: String, wordSized: Bool, forKey key: String
    ) throws(ProfileRuntimeError) -> T {
        try requiredRead(
            key, .value,
            expected: { TextConversion.integerExpectation(T.self, named: name, wordSized: wordSized, text: $0) },
            { $0.flatMap { T($0) } })
    }

    // MARK: Double

    /// The value of `key` as a `Double`, or `nil` when it is unset or its text is not a number.
    public func double(forKey key: String) -> Double? {
        optionalRead(key, .value) { $0.flatMap(TextConversion.double) }
    }

    /// The value of `key` as a `Double`, or `defaultValue` when it is unset or its text is not a number.
    public func double(forKey key: String, default defaultValue: Double) -> Double {
        double(forKey: key) ?? defaultValue
    }

    /// The value of `key` as a `Double`.
    /// - Throws: ``ProfileRuntimeError`` when it is unset, its text is not a number, or the payload is broken.
    public func requiredDouble(forKey key: String) throws(ProfileRuntimeError) -> Double {
        try requiredRead(key, .value, typeName: "Double") { $0.flatMap(TextConversion.double) }
    }

    // MARK: Bool

    /// The value of `key` as a `Bool`, or `nil` when it is unset or its text is not a boolean.
    ///
    /// Accepts `true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0` in any letter case; a bare `-key` is `true`.
    public func bool(forKey key: String) -> Bool? {
        optionalRead(key, .value, Self.convertBool)
    }

    /// The value of `key` as a `Bool`, or `defaultValue` when it is unset or its text is not a boolean.
    public func bool(forKey key: String, default defaultValue: Bool) -> Bool {
        bool(forKey: key) ?? defaultValue
    }

    /// The value of `key` as a `Bool`.
    /// - Throws: ``ProfileRuntimeError`` when it is unset, its text is not a boolean, or the payload is broken.
    public func requiredBool(forKey key: String) throws(ProfileRuntimeError) -> Bool {
        try requiredRead(key, .value, typeName: TextConversion.boolDescription, Self.convertBool)
    }

    // MARK: Shared

    /// A bare flag is `true`; otherwise the text is parsed.
    static func convertBool(_ text: String?) -> Bool? {
        guard let text else { return true }
        return TextConversion.bool(text)
    }

    /// Looks `key` up and converts its text; `nil` when unset or unconvertible.
    func optionalRead<T>(_ key: String, _ section: Section, _ convert: (String?) -> T?) -> T? {
        guard let found = find(canonical: ProfileKey.canonical(key), prefer: section) else { return nil }
        return convert(found.text)
    }

    /// Looks `key` up and converts its text, throwing a descriptive error when the payload is broken, the key is
    /// unset, or its text does not convert to `typeName`.
    func requiredRead<T>(
        _ key: String,
        _ section: Section,
        typeName: String,
        _ convert: (String?) -> T?
    ) throws(ProfileRuntimeError) -> T {
        try requiredRead(key, section, expected: { _ in typeName }, convert)
    }

    /// ``requiredRead(_:_:typeName:_:)`` with the expected type described from the text that failed to convert.
    func requiredRead<T>(
        _ key: String,
        _ section: Section,
        expected: (String?) -> String,
        _ convert: (String?) -> T?
    ) throws(ProfileRuntimeError) -> T {
        try validate()
        let canonical = ProfileKey.canonical(key)
        guard let found = find(canonical: canonical, prefer: section) else {
            throw ProfileRuntimeError(
                .missingValue,
                key: key,
                message: "no value for key \"\(key)\": "
                    + howToSet(canonical: canonical, key: key, placeholder: "VALUE")
            )
        }
        guard let value = convert(found.text) else {
            throw invalidValueError(key: key, found: found, expected: expected(found.text))
        }
        return value
    }

    /// The error for a key whose text does not convert to `expected`.
    func invalidValueError(key: String, found: Found, expected: String) -> ProfileRuntimeError {
        guard let text = found.text else {
            return ProfileRuntimeError(
                .invalidValue,
                key: key,
                message: "key \"\(key)\" is given without a value (\(describe(found.source))); expected \(expected)"
            )
        }
        return ProfileRuntimeError(
            .invalidValue,
            key: key,
            message: "key \"\(key)\": \(text.debugDescription) (from \(describe(found.source))) "
                + "is not a valid \(expected)"
        )
    }
}

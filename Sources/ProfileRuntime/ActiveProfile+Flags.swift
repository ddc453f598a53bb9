/// Flags: on/off switches such as `skipOnboarding` or `UITests`.
///
/// A flag is on when a bare `-flag` / `--flag` is given, when its value is a true boolean (`-flag YES`,
/// `--flag=true`, `FLAG=1`), or when the profile switches it on (`flag.key=1` in the payload). Flag reads prefer the
/// payload's flags over its values and mocks when a key appears in more than one section.
extension ActiveProfile {
    /// Whether the flag `key` is on; `false` when no source sets it or its text is not a boolean.
    public func isEnabled(_ key: String) -> Bool {
        flag(forKey: key) ?? false
    }

    /// Whether the flag `key` is on, or `nil` when no source sets it (or its text is not a boolean).
    public func flag(forKey key: String) -> Bool? {
        optionalRead(key, .flag, Self.convertBool)
    }

    /// Whether the flag `key` is on, or `defaultValue` when no source sets it (or its text is not a boolean).
    public func flag(forKey key: String, default defaultValue: Bool) -> Bool {
        flag(forKey: key) ?? defaultValue
    }

    /// Whether the flag `key` is on.
    /// - Throws: ``ProfileRuntimeError`` when no source sets it, its text is not a boolean, or the payload is broken.
    public func requiredFlag(forKey key: String) throws(ProfileRuntimeError) -> Bool {
        try requiredRead(key, .flag, typeName: TextConversion.boolDescription, Self.convertBool)
    }
}

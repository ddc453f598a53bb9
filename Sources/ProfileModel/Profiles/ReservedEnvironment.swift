import ProfileRuntime

/// The environment variables `profile` itself writes: neither a profile nor an override may set or unset them.
package enum ReservedEnvironment {
    /// `PROFILE_ACTIVE`: the profiles `profile shell` applied, joined by `+` (`uitest`, `uitest+offline`), for the
    /// prompt. `profile run` updates it when it is set (inside `profile shell`).
    package static let active = "PROFILE_ACTIVE"

    /// The error for setting (or unsetting) `name` when `profile` reserves it (`WireFormat.environmentVariable`,
    /// ``active``), else nil. The one check, for profile files and command-line overrides alike.
    package static func problem(setting name: Located<String>) -> Diagnostic? {
        if name.value == WireFormat.environmentVariable {
            return .error(
                "`\(name.value)` is reserved: `profile` writes it for the runtime library", at: name.location,
                length: name.length)
        }
        if name.value == active {
            return .error(
                "`\(name.value)` is reserved: `profile shell` writes it (the profiles applied, for the prompt)",
                at: name.location, length: name.length)
        }
        return nil
    }
}

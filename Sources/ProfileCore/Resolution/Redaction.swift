import ProfileRuntime

/// How secret values are written wherever a resolved profile is shown or exported: the one place that decides.
///
/// A resolved entry is **secret** when it is tainted (``ResolvedProfile/Argument/isSecret`` and its siblings, set by
/// the ``Resolver``):
/// - any text taken from the invoking environment through `${…}` (every reference, not only the ones the catalog
///   names: a CI token, a password, anything may be there), and anything built from one
///   (`PATH: ${PATH}:/opt/bin`);
/// - a value or environment variable the catalog marks `secret: true`, wherever it is set (a shared profile, a
///   `.local` overlay, the command line), and anything built from one (`DSN: postgres://u:${DB_PASSWORD}@h/db`);
/// - an outer profile's value (read back from the invoking environment's `PROFILE_PAYLOAD`).
///
/// A secret entry is written as its display form: every part taken from the invoking environment or from a secret
/// variable as the `${NAME}` reference that produced it, a catalog secret itself as ``placeholder`` (`<secret>`), an
/// outer value as `<outer>`. With `reveal`, the value itself. An entry that is not secret is always its value.
///
/// `run` passes the real values to the child; everything else (`show`, `run --dry-run`, the committed exports,
/// generated Swift, `profile diff`) renders through this.
package struct Redaction: Sendable {
    /// Whether values are written in full (`--reveal`).
    package var reveal: Bool
    /// How a display form writes what came from the invoking environment.
    package var references: References

    /// The syntax of the references in a display form.
    package enum References: Sendable, Equatable {
        /// `${NAME}`, and `$$` for a `$`: the profile's own syntax (`show`, the Xcode formats, generated Swift).
        case profile
        /// `${env:NAME}`, VS Code's, which VS Code substitutes when it launches a configuration; a `$` is written as
        /// itself (VS Code has no escape: a literal `${workspaceFolder}` is substituted too).
        case vsCode
    }

    /// How a catalog secret is written: `<secret>`.
    package static let placeholder = Catalog.secretPlaceholder

    /// Values hidden (`reveal` false), or written in full; references written in `references`' syntax.
    package init(reveal: Bool, references: References = .profile) {
        self.reveal = reveal
        self.references = references
    }

    /// Hides secrets.
    package static let hiding = Redaction(reveal: false)

    /// The text of a value: itself when revealed or not secret, else its display form.
    package func text(value: String, display: String?, isSecret: Bool) -> String {
        if reveal || !isSecret { return value }
        return display.map(written) ?? Self.placeholder
    }

    /// A display form (in the profile's syntax: `${NAME}` for a reference, `$$` for a `$`) in ``references``' syntax.
    func written(_ display: String) -> String {
        guard references == .vsCode, display.utf8.contains(UInt8(ascii: "$")) else { return display }
        let bytes = Array(display.utf8)
        var out: [UInt8] = []
        var index = 0
        func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
            byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (!first && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count else {
                out.append(bytes[index])
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "$") {
                out.append(UInt8(ascii: "$"))
                index += 2
                continue
            }
            var end = index + 2
            if bytes[index + 1] == UInt8(ascii: "{"), end < bytes.count, isNameByte(bytes[end], first: true) {
                while end < bytes.count, isNameByte(bytes[end], first: false) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "}") {
                    out += Array("${env:".utf8) + bytes[(index + 2)...end]
                    index = end + 1
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An argument as written.
    package func text(_ argument: ResolvedProfile.Argument) -> String {
        text(value: argument.value, display: argument.display, isSecret: argument.isSecret)
    }

    /// An environment change's value as written (nil: the variable is unset).
    package func text(_ change: ResolvedProfile.EnvironmentChange) -> String? {
        guard let value = change.value else { return nil }
        return text(value: value, display: change.display, isSecret: change.isSecret)
    }

    /// A flag, mock or value's text as written.
    package func text(_ entry: ResolvedProfile.Entry<TypedValue>) -> String {
        text(value: entry.value.text, display: entry.display, isSecret: entry.isSecret)
    }

    /// Whether `entry` is written other than as its value.
    package func hides(_ entry: ResolvedProfile.Entry<TypedValue>) -> Bool { !reveal && entry.isSecret }

    /// The typed layer of `profile` as written: secret values and arguments in their display form.
    package func payload(_ profile: ResolvedProfile) -> ProfilePayload {
        var payload = profile.payload
        guard !reveal else { return payload }
        if profile.arguments.contains(where: \.isSecret) { payload.arguments = profile.arguments.map(text) }
        for value in profile.values where value.isSecret { payload.values[value.key] = text(value) }
        return payload
    }

    /// The environment changes of `profile` as written, in order, then `PROFILE_PAYLOAD` holding `payload`.
    package func environmentChanges(_ profile: ResolvedProfile, payload: String) -> [(name: String, value: String?)] {
        profile.environmentChanges(payload: payload, exact: reveal, references: references)
    }

    /// The argv of `command` launched with `profile`, as written.
    package func argv(_ profile: ResolvedProfile, command: [String]) -> [String] {
        guard !reveal, profile.arguments.contains(where: \.isSecret) else { return profile.argv(command: command) }
        var shown = profile
        for index in shown.arguments.indices { shown.arguments[index].value = text(shown.arguments[index]) }
        return shown.argv(command: command)
    }

    /// The entries of `profile` that are written other than as their values, described for a warning
    /// (``environment variable `TOKEN` as `${API_TOKEN}```); empty when revealed.
    package func hiddenEntries(_ profile: ResolvedProfile) -> [String] {
        guard !reveal else { return [] }
        var hidden: [String] = []
        for (index, argument) in profile.arguments.enumerated() where argument.isSecret {
            hidden.append("argument \(index + 1) as `\(text(argument))`")
        }
        for value in profile.values where value.isSecret {
            hidden.append("value `\(value.key)` as `\(text(value))`")
        }
        for change in profile.environment where change.isSecret && change.value != nil {
            hidden.append("environment variable `\(change.name)` as `\(text(change) ?? "")`")
        }
        return hidden
    }
}

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

    /// How a catalog secret is written: `<secret>`.
    package static let placeholder = Catalog.secretPlaceholder

    /// Values hidden (`reveal` false), or written in full.
    package init(reveal: Bool) { self.reveal = reveal }

    /// Hides secrets.
    package static let hiding = Redaction(reveal: false)

    /// The text of a value: itself when revealed or not secret, else its display form.
    package func text(value: String, display: String?, isSecret: Bool) -> String {
        if reveal || !isSecret { return value }
        return display ?? Self.placeholder
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
        for value in profile.values where value.isSecret { payload.values[value.key] = value.display }
        return payload
    }

    /// The environment changes of `profile` as written, in order, then `PROFILE_PAYLOAD` holding `payload`.
    package func environmentChanges(_ profile: ResolvedProfile, payload: String) -> [(name: String, value: String?)] {
        profile.environmentChanges(payload: payload, exact: reveal)
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

import ProfileModel
import ProfilePlatform
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

    /// A display form (in the profile's syntax: `${NAME}` for a reference, `$$` for a `$`) in ``references``' syntax,
    /// its references and `$$` as ``Interpolator/tokens(in:)`` reads them.
    func written(_ display: String) -> String {
        guard references == .vsCode, Interpolator.containsDollar(display) else { return display }
        let bytes = Array(display.utf8)
        var out: [UInt8] = []
        var index = 0
        for token in Interpolator.tokens(in: display) ?? [] where token.range.lowerBound >= index {
            switch token.kind {
            case .dollar:
                out += bytes[index..<token.range.lowerBound]
                out.append(UInt8(ascii: "$"))
            case .braced:
                out += bytes[index..<token.range.lowerBound]
                out += Array("${env:".utf8) + bytes[token.name] + [UInt8(ascii: "}")]
            case .bare, .withWord:
                continue  // as written (a word's own tokens follow)
            }
            index = token.range.upperBound
        }
        out += bytes[index...]
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

extension Redaction {
    /// The secrets a launched child holds, for masking its output (`run --redact`, `profile redact`): what
    /// ``hiddenEntries(_:)`` names, as values.
    package struct OutputSecrets: Sendable, Equatable {
        /// Each secret value (distinct values, in the profile's order) and the name its mask shows.
        package var masked: [(name: String, value: String)] = []
        /// The names of secrets whose values are too short to mask (``minimumMaskedLength``), left alone.
        package var tooShort: [String] = []

        package static func == (left: Self, right: Self) -> Bool {
            left.tooShort == right.tooShort && left.masked.map(\.name) == right.masked.map(\.name)
                && left.masked.map(\.value) == right.masked.map(\.value)
        }

        /// A redactor replacing each masked value by ``Redaction/mask(_:)``.
        package var redactor: StreamRedactor {
            StreamRedactor(secrets: masked.map { (Array($0.value.utf8), Array(Redaction.mask($0.name).utf8)) })
        }
    }

    /// The fewest bytes a value must have to be masked in output: 8, the minimum GitLab CI sets for a masked variable.
    /// A shorter value (`1`, `yes`, a user name) would mask the same bytes everywhere in the output, and masking it
    /// would tell the reader what it is; it is left alone with a warning.
    package static let minimumMaskedLength = 8

    /// What replaces a secret in output: `<secret:API_TOKEN>`, named after the variable, value or argument that holds
    /// it (`show` writes a catalog secret as `<secret>`).
    package static func mask(_ name: String) -> String { "<secret:\(name)>" }

    /// The secret values of `profile` launched from `invoking`: each secret environment variable's value, value and
    /// argument (``ResolvedProfile/EnvironmentChange/isSecret`` and its siblings: catalog `secret: true` entries and
    /// anything built from the invoking environment or from a secret), and each variable of the invoking environment
    /// one of them refers to through `${NAME}` (so that the part of `postgres://u:${DB_PASSWORD}@h/db` that is the
    /// password is masked on its own too). Longest values are matched first; values shorter than
    /// ``minimumMaskedLength`` are listed apart.
    package static func outputSecrets(_ profile: ResolvedProfile, invoking: EnvironmentTable) -> OutputSecrets {
        var secrets = OutputSecrets()
        var seen = Set<String>()
        func add(_ name: String, _ value: String) {
            guard !value.isEmpty, seen.insert(value).inserted else { return }
            if value.utf8.count < minimumMaskedLength {
                secrets.tooShort.append(name)
            } else {
                secrets.masked.append((name, value))
            }
        }
        func addReferences(in display: String?) {
            guard let display else { return }
            for name in referencedNames(inDisplay: display) {
                if let value = invoking[name] { add(name, value) }
            }
        }
        for change in profile.environment where change.isSecret {
            guard let value = change.value else { continue }
            add(change.name, value)
            addReferences(in: change.display)
        }
        for value in profile.values where value.isSecret {
            add(value.key, value.value.text)
            addReferences(in: value.display)
        }
        for (index, argument) in profile.arguments.enumerated() where argument.isSecret {
            add("argument \(index + 1)", argument.value)
            addReferences(in: argument.display)
        }
        return secrets
    }

    /// The names a display form shows as `${NAME}` (the parts taken from the invoking environment), as
    /// ``Interpolator/tokens(in:)`` reads them; `$$` is a dollar sign as written.
    static func referencedNames(inDisplay display: String) -> [String] {
        let bytes = Array(display.utf8)
        return (Interpolator.tokens(in: display) ?? []).compactMap { token in
            guard token.kind == .braced || token.kind == .withWord else { return nil }
            return String(decoding: bytes[token.name], as: UTF8.self)
        }
    }
}

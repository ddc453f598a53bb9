import ProfileRuntime

/// What every export writes, before formatting: the launch arguments and the environment, with secret values (see
/// ``Redaction``) either exact or as ``Redaction`` writes them (`${API_TOKEN}`, `<secret>`).
public struct ExportContent: Sendable {
    /// One environment variable to set (`value`) or unset (`value == nil`).
    public struct Variable: Sendable, Equatable {
        /// The variable's name.
        public var name: String
        /// Its value, nil when it is unset.
        public var value: String?

        /// Creates a variable.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The launch arguments: the profile's arguments, then flags, mocks and values in argument-domain form.
    public var arguments: [String]
    /// How many of ``arguments`` are the profile's own `arguments` (the typed layer's follow them).
    public var plainArgumentCount: Int
    /// The environment changes in order, then `PROFILE_PAYLOAD` last.
    public var environment: [Variable]
    /// The entries written as references instead of values, described for a warning (`environment variable
    /// `TOKEN` as `${API_TOKEN}``); empty when values are exact.
    public var references: [String]
    /// The unset variables with where they were unset, for the formats that cannot express unsets.
    var unsets: [(name: String, origin: SourceLocation)]

    /// The environment variables that are set, in order (`PROFILE_PAYLOAD` last).
    public var setVariables: [(name: String, value: String)] {
        environment.compactMap { variable in variable.value.map { (variable.name, $0) } }
    }

    /// The content of `profile`. With `exact` false, secret entries are written as ``Redaction`` writes them, in the
    /// launch arguments, the environment and the payload alike.
    public init(_ profile: ResolvedProfile, exact: Bool) {
        let redaction = Redaction(reveal: exact)
        var unsets: [(String, SourceLocation)] = []
        for change in profile.environment where change.value == nil { unsets.append((change.name, change.origin)) }
        let payload = redaction.payload(profile)
        let variables = redaction.environmentChanges(profile, payload: WireFormat.encode(payload)).map {
            Variable(name: $0.name, value: $0.value)
        }
        self.arguments = payload.launchArguments
        self.plainArgumentCount = payload.arguments.count
        self.environment = variables
        self.references = redaction.hiddenEntries(profile)
        self.unsets = unsets
    }

    /// The warning naming the entries left as references, nil when there are none.
    var referenceWarning: Diagnostic? {
        guard !references.isEmpty else { return nil }
        return .warning(
            "secret entries written as references or `<secret>`, not their values (pass `--reveal` to write the "
                + "values): " + references.joined(separator: ", "))
    }

    /// One warning per unset variable, for a format (`an .xcscheme`) that cannot express unsets.
    func unsetWarnings(in format: String, consequence: String) -> [Diagnostic] {
        unsets.map { name, origin in
            .warning(
                "\(format) cannot unset environment variables: `unset \(name)` is \(consequence), so `\(name)` stays "
                    + "inherited", at: origin, length: name.count)
        }
    }
}

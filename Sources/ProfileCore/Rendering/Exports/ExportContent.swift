import ProfileRuntime

/// What every export writes, before formatting: the launch arguments and the environment, with the values taken
/// from the invoking environment either exact or as their references (`${API_TOKEN}`).
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

    /// One entry of a format with checkboxes (Xcode's): an argument or a variable (with its value), and whether it
    /// is checked.
    public struct Entry: Sendable, Equatable {
        /// The argument, or the variable's name.
        public var text: String
        /// The variable's value; nil for an argument.
        public var value: String?
        /// False for an `enabled: false` entry of the profile.
        public var isEnabled: Bool
    }

    /// The launch arguments: the profile's arguments, then flags, mocks and values in argument-domain form.
    public var arguments: [String]
    /// How many of ``arguments`` are the profile's own `arguments` (the typed layer's follow them).
    public var plainArgumentCount: Int
    /// The environment changes in order, then `PROFILE_PAYLOAD` last.
    public var environment: [Variable]
    /// For the formats with checkboxes: ``arguments`` with the profile's `enabled: false` arguments among them,
    /// unchecked, at their places.
    public var argumentEntries: [Entry]
    /// Where the typed layer's entries start in ``argumentEntries``.
    public var typedStart: Int
    /// For the formats with checkboxes: the variables set (`PROFILE_PAYLOAD` last) with the profile's
    /// `enabled: false` variables among them, unchecked, at their places.
    public var variableEntries: [Entry]
    /// The entries written as references instead of values, described for a warning (`environment variable
    /// `TOKEN` as `${API_TOKEN}``); empty when values are exact.
    public var references: [String]
    /// The unset variables with where they were unset, for the formats that cannot express unsets.
    var unsets: [(name: String, origin: SourceLocation)]

    /// The environment variables that are set, in order (`PROFILE_PAYLOAD` last).
    public var setVariables: [(name: String, value: String)] {
        environment.compactMap { variable in variable.value.map { (variable.name, $0) } }
    }

    /// The content of `profile`. With `exact` false, entries built from the invoking environment are written as
    /// their display form, in the launch arguments, the environment and the payload alike.
    ///
    /// With `checkboxes` (the Xcode formats), the entries written `enabled: false` are among the entries, unchecked,
    /// and the payload records them (`argument-off=`, `env-off=`), so that `--update` knows it wrote them.
    public init(_ profile: ResolvedProfile, exact: Bool, checkboxes: Bool = false) {
        var payload = profile.payload
        var references: [String] = []
        var unsets: [(String, SourceLocation)] = []
        if !exact {
            payload.arguments = profile.arguments.enumerated().map { index, argument in
                guard argument.usesInvokingEnvironment else { return argument.value }
                references.append("argument \(index + 1) as `\(argument.display)`")
                return argument.display
            }
            for value in profile.values where value.isSecret {
                payload.values[value.key] = value.display
                references.append("value `\(value.key)` as `\(value.display)`")
            }
        }
        for change in profile.environment {
            if change.value == nil {
                unsets.append((change.name, change.origin))
            } else if !exact, change.usesInvokingEnvironment, let display = change.display {
                references.append("environment variable `\(change.name)` as `\(display)`")
            }
        }
        var disabledValues: [Int: String] = [:]
        if checkboxes {
            for item in profile.disabledArguments {
                for argument in item.entry {
                    let text = exact || !argument.usesInvokingEnvironment ? argument.value : argument.display
                    payload.disabledArguments.append(.init(position: item.position, text: text))
                }
            }
            var setBefore = 0
            var nextChange = 0
            for item in profile.disabledEnvironment {
                // Positions among the changes (unsets included) become positions among the variables set.
                while nextChange < item.position, nextChange < profile.environment.count {
                    if profile.environment[nextChange].value != nil { setBefore += 1 }
                    nextChange += 1
                }
                payload.disabledEnvironmentKeys.append(.init(position: setBefore, text: item.entry.name))
                let change = item.entry
                disabledValues[payload.disabledEnvironmentKeys.count - 1] =
                    exact || !change.usesInvokingEnvironment ? change.value ?? "" : change.display ?? ""
            }
        }
        let variables = profile.environmentChanges(payload: WireFormat.encode(payload), exact: exact).map {
            Variable(name: $0.name, value: $0.value)
        }
        self.arguments = payload.launchArguments
        self.plainArgumentCount = payload.arguments.count
        self.environment = variables
        self.references = references
        self.unsets = unsets
        let (entries, typedStart) = Self.argumentEntries(payload, launchArguments: arguments)
        self.argumentEntries = entries
        self.typedStart = typedStart
        var variableEntries: [Entry] = []
        var disabledIndex = 0
        func disabledUpTo(_ position: Int) {
            while disabledIndex < payload.disabledEnvironmentKeys.count,
                payload.disabledEnvironmentKeys[disabledIndex].position <= position
            {
                let placed = payload.disabledEnvironmentKeys[disabledIndex]
                variableEntries.append(.init(text: placed.text, value: disabledValues[disabledIndex], isEnabled: false))
                disabledIndex += 1
            }
        }
        var setCount = 0
        for variable in variables {
            guard let value = variable.value else { continue }
            if variable.name == WireFormat.environmentVariable {
                disabledUpTo(Int.max)
            } else {
                disabledUpTo(setCount)
                setCount += 1
            }
            variableEntries.append(.init(text: variable.name, value: value, isEnabled: true))
        }
        self.variableEntries = variableEntries
    }

    /// The argument entries an export with checkboxes writes for `payload` (whose ``ProfilePayload/launchArguments``
    /// are `launchArguments`): the launch arguments checked, with the payload's disabled arguments among them,
    /// unchecked, at their places; and where the typed layer's entries start. What `--update` reads back from a
    /// file's `PROFILE_PAYLOAD` as what the last export wrote.
    static func argumentEntries(
        _ payload: ProfilePayload, launchArguments: [String]
    ) -> (entries: [Entry], typedStart: Int) {
        let plainCount = payload.arguments.count
        let end = payload.arguments.firstIndex(of: "--") ?? plainCount
        let typedCount = max(0, launchArguments.count - plainCount)
        var entries: [Entry] = []
        entries.reserveCapacity(launchArguments.count + payload.disabledArguments.count)
        var disabled = payload.disabledArguments[...]
        /// The disabled arguments placed before the plain argument `position`.
        func disabledUpTo(_ position: Int) {
            while let placed = disabled.first, placed.position <= position {
                entries.append(.init(text: placed.text, value: nil, isEnabled: false))
                disabled = disabled.dropFirst()
            }
        }
        func plain(_ index: Int) {
            disabledUpTo(index)
            let at = index < end ? index : index + typedCount
            if at < launchArguments.count {
                entries.append(.init(text: launchArguments[at], value: nil, isEnabled: true))
            }
        }
        for index in 0..<min(end, plainCount) { plain(index) }
        disabledUpTo(end)
        let typedStart = entries.count
        for text in launchArguments[min(end, launchArguments.count)..<min(end + typedCount, launchArguments.count)] {
            entries.append(.init(text: text, value: nil, isEnabled: true))
        }
        for index in end..<plainCount { plain(index) }
        disabledUpTo(Int.max)
        return (entries, typedStart)
    }

    /// The warning naming the entries left as references, nil when there are none.
    var referenceWarning: Diagnostic? {
        guard !references.isEmpty else { return nil }
        return .warning(
            "written as references to the invoking environment, not their values (pass `--reveal` to write the "
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

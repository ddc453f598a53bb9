import ProfileModel
import ProfileResolution
import ProfileRuntime

/// What every export writes, before formatting: the launch arguments and the environment, with secret values (see
/// ``Redaction``) either exact or as ``Redaction`` writes them (`${API_TOKEN}`, `<secret>`).
package struct ExportContent: Sendable {
    /// One environment variable to set (`value`) or unset (`value == nil`).
    package struct Variable: Sendable, Equatable {
        /// The variable's name.
        package var name: String
        /// Its value, nil when it is unset.
        package var value: String?

        /// Creates a variable.
        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// One entry of a format with checkboxes (Xcode's): an argument or a variable (with its value), and whether it
    /// is checked.
    package struct Entry: Sendable, Equatable {
        /// The argument entry as Xcode holds it (its words, quoted where Xcode would split them: `-pageSize 5`,
        /// `-greeting "Hello there"`), or the variable's name.
        package var text: String
        /// An argument entry's words (as Xcode passes them); a variable's name.
        package var words: [String]
        /// The variable's value; nil for an argument.
        package var value: String?
        /// False for an `enabled: false` entry of the profile.
        package var isEnabled: Bool
    }

    /// The launch arguments: the profile's arguments, then flags, mocks and values in argument-domain form.
    package var arguments: [String]
    /// How many of ``arguments`` are the profile's own `arguments` (the typed layer's follow them).
    package var plainArgumentCount: Int
    /// The environment changes in order, then `PROFILE_PAYLOAD` last.
    package var environment: [Variable]
    /// For the formats with checkboxes: one entry per argument item of the profile (a group is one entry), its
    /// `enabled: false` items among them, unchecked, and one entry per flag, mock and value (`-pageSize 5`) after
    /// them (before an item holding `--`), each with its own checkbox. The payload of these formats carries none of
    /// them as arguments or typed entries, only as a record (``ProfilePayload/checkboxArguments``).
    package var argumentEntries: [Entry]
    /// The typed layer's entries among ``argumentEntries``.
    package var typedEntries: Range<Int>
    /// For the formats with checkboxes: the variables set (`PROFILE_PAYLOAD` last) with the profile's
    /// `enabled: false` variables among them, unchecked, at their places.
    package var variableEntries: [Entry]
    /// For the formats with checkboxes: whether the payload carries a typed setting that no option can say (left
    /// out of ``argumentEntries``), so that the `PROFILE_PAYLOAD` entry is needed for the app to read the profile.
    package var payloadCarriesSettings = false
    /// The entries written as references instead of values, described for a warning (`environment variable
    /// `TOKEN` as `${API_TOKEN}``); empty when values are exact.
    package var references: [String]
    /// The unset variables with where they were unset, for the formats that cannot express unsets.
    var unsets: [(name: String, origin: SourceLocation)]

    /// The environment variables that are set, in order (`PROFILE_PAYLOAD` last).
    package var setVariables: [(name: String, value: String)] {
        environment.compactMap { variable in variable.value.map { (variable.name, $0) } }
    }

    /// The content of `profile`. With `exact` false, secret entries are written as ``Redaction`` writes them, in the
    /// launch arguments, the environment and the payload alike.
    ///
    /// With `checkboxes` (the Xcode formats), the entries written `enabled: false` are among the entries, unchecked,
    /// and the payload records them (`argument-off=`, `env-off=`), so that `--update` knows it wrote them.
    ///
    /// `references` is the syntax secret entries are written in (VS Code's `${env:NAME}` for `launch.json`).
    package init(
        _ profile: ResolvedProfile, exact: Bool, checkboxes: Bool = false,
        references: Redaction.References = .profile
    ) {
        let redaction = Redaction(reveal: exact, references: references)
        var payload = redaction.payload(profile)
        var unsets: [(String, SourceLocation)] = []
        for change in profile.environment where change.value == nil { unsets.append((change.name, change.origin)) }
        var disabledValues: [Int: String] = [:]
        self.arguments = payload.launchArguments
        self.plainArgumentCount = payload.arguments.count
        var argumentEntries: [Entry] = []
        var typedEntries = 0..<0
        if checkboxes {
            (argumentEntries, typedEntries) = Self.checkboxEntries(profile, payload: payload, exact: exact)
            // The entries travel with their checkboxes: the payload keeps only what no option can say, and the record.
            let (groups, _) = LaunchArgumentsWriter.typedOptions(for: payload)
            for group in groups {
                payload.flags[group.key] = nil
                payload.mocks[group.key] = nil
                payload.values[group.key] = nil
            }
            payload.arguments = []
            payloadCarriesSettings = !payload.flags.isEmpty || !payload.mocks.isEmpty || !payload.values.isEmpty
            payload.checkboxArguments = argumentEntries.map { .init(words: $0.words, isEnabled: $0.isEnabled) }
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
                disabledValues[payload.disabledEnvironmentKeys.count - 1] = redaction.text(change) ?? ""
            }
        }
        let variables = redaction.environmentChanges(profile, payload: WireFormat.encode(payload)).map {
            Variable(name: $0.name, value: $0.value)
        }
        self.environment = variables
        self.references = redaction.hiddenEntries(profile)
        self.unsets = unsets
        self.argumentEntries = argumentEntries
        self.typedEntries = typedEntries
        var variableEntries: [Entry] = []
        var disabledIndex = 0
        func disabledUpTo(_ position: Int) {
            while disabledIndex < payload.disabledEnvironmentKeys.count,
                payload.disabledEnvironmentKeys[disabledIndex].position <= position
            {
                let placed = payload.disabledEnvironmentKeys[disabledIndex]
                variableEntries.append(
                    .init(
                        text: placed.text, words: [placed.text], value: disabledValues[disabledIndex],
                        isEnabled: false))
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
            variableEntries.append(.init(text: variable.name, words: [variable.name], value: value, isEnabled: true))
        }
        self.variableEntries = variableEntries
    }

    /// The argument entries an export with checkboxes writes (see ``argumentEntries``), and where the typed ones are.
    static func checkboxEntries(
        _ profile: ResolvedProfile, payload: ProfilePayload, exact: Bool
    ) -> (entries: [Entry], typed: Range<Int>) {
        let redaction = Redaction(reveal: exact)
        func entry(_ words: [String], _ isEnabled: Bool) -> Entry {
            Entry(text: XcodeArgumentWords.join(words), words: words, value: nil, isEnabled: isEnabled)
        }
        // The enabled items, from the payload's arguments (references already in place when not exact).
        let plain = payload.arguments
        var starts = profile.argumentItemStarts.filter { $0 < plain.count }
        if starts.first != 0, !plain.isEmpty { starts.insert(0, at: 0) }
        var items: [(position: Int, words: [String], isEnabled: Bool)] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : plain.count
            items.append((start, Array(plain[start..<end]), true))
        }
        var merged: [(words: [String], isEnabled: Bool)] = []
        var disabled = profile.disabledArguments[...]
        for item in items {
            while let next = disabled.first, next.position <= item.position {
                merged.append((next.entry.map { redaction.text($0) }, false))
                disabled = disabled.dropFirst()
            }
            merged.append((item.words, true))
        }
        for next in disabled {
            merged.append((next.entry.map { redaction.text($0) }, false))
        }
        // The typed entries go before an item holding `--` (after it they would not be options), else last.
        let end = merged.firstIndex { $0.isEnabled && $0.words.contains("--") } ?? merged.count
        let typed = LaunchArgumentsWriter.typedOptions(for: payload).groups.map { entry($0.words, true) }
        let entries =
            merged[..<end].map { entry($0.words, $0.isEnabled) } + typed
            + merged[end...].map { entry($0.words, $0.isEnabled) }
        return (entries, end..<end + typed.count)
    }

    /// The content `format` writes: exact values when it always writes them or `reveal` is set.
    init(_ profile: ResolvedProfile, for format: some ExportFormat, reveal: Bool) {
        self.init(profile, exact: format.writesExactValues || reveal)
    }

    /// The warning naming the entries left as references, as a list (empty when there are none).
    var referenceWarnings: [Diagnostic] { referenceWarning.map { [$0] } ?? [] }

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

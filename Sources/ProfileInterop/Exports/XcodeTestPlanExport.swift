import ProfilePlatform

/// The `xctestplan` format: a JSON object holding the `commandLineArgumentEntries` and `environmentVariableEntries`
/// of an Xcode test plan's options, written the way Xcode writes `.xctestplan` files (Foundation's pretty-printed
/// JSON: two-space indentation, `"key" : value`, keys sorted, `/` written `\/`):
///
/// ```json
/// {
///   "commandLineArgumentEntries" : [
///     {
///       "argument" : "-UITests"
///     }
///   ],
///   "environmentVariableEntries" : [
///     {
///       "key" : "API_BASE_URL",
///       "value" : "http:\/\/localhost:8080"
///     }
///   ]
/// }
/// ```
///
/// Its two members go into a test plan's `defaultOptions` (or a configuration's `options`); a list with no entries
/// is left out.
enum XcodeTestPlanExport {
    /// One indentation step.
    static let step = "  "
    /// The two keys, in Xcode's (sorted) order.
    static let argumentsKey = "commandLineArgumentEntries"
    static let environmentKey = "environmentVariableEntries"

    static func render(_ content: ExportContent) -> String {
        let members = self.members(content)
        guard !members.isEmpty else { return "{\n\n}\n" }
        var lines = ["{"]
        for (index, member) in members.enumerated() {
            var memberLines = memberLines(member.key, member.value)
            if index < members.count - 1 { memberLines[memberLines.count - 1] += "," }
            lines += memberLines.map { step + $0 }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The members to write, in order, each value as lines indented relative to the member; empty lists left out.
    static func members(_ content: ExportContent) -> [(key: String, value: [String])] {
        var members: [(String, [String])] = []
        if let arguments = argumentEntries(content.argumentEntries) { members.append((argumentsKey, arguments)) }
        if let environment = environmentEntries(content.variableEntries) {
            members.append((environmentKey, environment))
        }
        return members
    }

    /// `"key" : value`, as lines.
    static func memberLines(_ key: String, _ value: [String]) -> [String] {
        var lines = value
        lines[0] = quote(key) + " : " + lines[0]
        return lines
    }

    /// The `commandLineArgumentEntries` array as lines; nil without arguments.
    static func argumentEntries(_ arguments: [ExportContent.Entry]) -> [String]? {
        guard !arguments.isEmpty else { return nil }
        return array(arguments.map { argumentEntry($0.text, isEnabled: $0.isEnabled, quoting: false) })
    }

    /// The `environmentVariableEntries` array as lines; nil without variables.
    static func environmentEntries(_ variables: [ExportContent.Entry]) -> [String]? {
        guard !variables.isEmpty else { return nil }
        return array(variables.map { variableEntry($0.text, $0.value ?? "", isEnabled: $0.isEnabled) })
    }

    /// One entry of `commandLineArgumentEntries`, as lines indented relative to it. Xcode writes `"enabled" : false`
    /// for an unchecked entry and nothing for a checked one; keys are sorted. The argument is quoted where Xcode would
    /// split it (``XcodeArgumentWords``).
    static func argumentEntry(_ argument: String, isEnabled: Bool = true, quoting: Bool = true) -> [String] {
        object(
            [("argument", quote(quoting ? XcodeArgumentWords.quote(argument) : argument))]
                + (isEnabled ? [] : [("enabled", "false")]))
    }

    /// One entry of `environmentVariableEntries`, as lines indented relative to it.
    static func variableEntry(_ name: String, _ value: String, isEnabled: Bool = true) -> [String] {
        object((isEnabled ? [] : [("enabled", "false")]) + [("key", quote(name)), ("value", quote(value))])
    }

    /// An object of members whose values are already written (`"text"`, `false`), as lines.
    private static func object(_ members: [(key: String, value: String)]) -> [String] {
        var lines = ["{"]
        for (index, member) in members.enumerated() {
            lines.append(step + quote(member.key) + " : " + member.value + (index < members.count - 1 ? "," : ""))
        }
        lines.append("}")
        return lines
    }

    /// An array of values given as lines, as lines.
    static func array(_ values: [[String]]) -> [String] {
        var lines = ["["]
        for (index, value) in values.enumerated() {
            var valueLines = value.map { step + $0 }
            if index < values.count - 1 { valueLines[valueLines.count - 1] += "," }
            lines += valueLines
        }
        lines.append("]")
        return lines
    }

    /// A JSON string literal as Foundation's `JSONSerialization` writes it (as Xcode writes test plans).
    static func quote(_ text: String) -> String { JSONWriter.quote(text, escaping: .foundation) }
}

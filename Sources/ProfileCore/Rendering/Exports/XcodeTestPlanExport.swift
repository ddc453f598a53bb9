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
        if let arguments = argumentEntries(content.arguments) { members.append((argumentsKey, arguments)) }
        if let environment = environmentEntries(content.setVariables) { members.append((environmentKey, environment)) }
        return members
    }

    /// `"key" : value`, as lines.
    static func memberLines(_ key: String, _ value: [String]) -> [String] {
        var lines = value
        lines[0] = quote(key) + " : " + lines[0]
        return lines
    }

    /// The `commandLineArgumentEntries` array as lines; nil without arguments.
    static func argumentEntries(_ arguments: [String]) -> [String]? {
        guard !arguments.isEmpty else { return nil }
        return array(arguments.map { [(key: "argument", value: $0)] })
    }

    /// The `environmentVariableEntries` array as lines; nil without variables.
    static func environmentEntries(_ variables: [(name: String, value: String)]) -> [String]? {
        guard !variables.isEmpty else { return nil }
        return array(variables.map { [(key: "key", value: $0.name), (key: "value", value: $0.value)] })
    }

    /// An array of objects whose members are strings.
    private static func array(_ objects: [[(key: String, value: String)]]) -> [String] {
        var lines = ["["]
        for (index, object) in objects.enumerated() {
            lines.append(step + "{")
            for (memberIndex, member) in object.enumerated() {
                let comma = memberIndex < object.count - 1 ? "," : ""
                lines.append(step + step + quote(member.key) + " : " + quote(member.value) + comma)
            }
            lines.append(step + (index < objects.count - 1 ? "}," : "}"))
        }
        lines.append("]")
        return lines
    }

    /// A JSON string literal as Foundation's `JSONSerialization` writes it (as Xcode writes test plans).
    static func quote(_ text: String) -> String { JSONWriter.quote(text, escaping: .foundation) }
}

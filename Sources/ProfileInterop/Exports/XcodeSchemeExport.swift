import ProfileModel

/// The `xcscheme` format: the `<CommandLineArguments>` and `<EnvironmentVariables>` elements of an Xcode scheme
/// action, in Xcode's own style, indented to sit inside a `<LaunchAction>` or `<TestAction>`:
///
/// ```xml
///       <CommandLineArguments>
///          <CommandLineArgument
///             argument = "-UITests"
///             isEnabled = "YES">
///          </CommandLineArgument>
///       </CommandLineArguments>
///       <EnvironmentVariables>
///          <EnvironmentVariable
///             key = "API_BASE_URL"
///             value = "http://localhost:8080"
///             isEnabled = "YES">
///          </EnvironmentVariable>
///       </EnvironmentVariables>
/// ```
///
/// Indentation steps are three spaces; each attribute is on its own line as `name = "value"`; `&`, `<`, `>`, `"` and
/// `'` are written `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, and tab, line feed and carriage return `&#9;` `&#10;`
/// `&#13;` (a literal one would be read back as a space). An element with no entries is left out. Other control
/// characters cannot be held by XML 1.0 at all: an entry holding one is an error.
enum XcodeSchemeExport {
    /// One indentation step.
    static let step = "   "

    static func render(_ content: ExportContent) throws(Diagnostic) -> String {
        let indent = step + step
        var lines = try argumentsElement(content.argumentEntries) ?? []
        lines += try environmentElement(content.variableEntries) ?? []
        return lines.map { indent + $0 + "\n" }.joined()
    }

    /// The `<CommandLineArguments>` element's lines, indented relative to the element; nil without arguments.
    static func argumentsElement(_ arguments: [ExportContent.Entry]) throws(Diagnostic) -> [String]? {
        guard !arguments.isEmpty else { return nil }
        var lines = ["<CommandLineArguments>"]
        for (index, argument) in arguments.enumerated() {
            lines += try argumentEntry(
                argument.text, number: index + 1, isEnabled: argument.isEnabled, quoting: false
            ).map {
                step + $0
            }
        }
        lines.append("</CommandLineArguments>")
        return lines
    }

    /// The `<EnvironmentVariables>` element's lines, indented relative to the element; nil without variables.
    static func environmentElement(_ variables: [ExportContent.Entry]) throws(Diagnostic) -> [String]? {
        guard !variables.isEmpty else { return nil }
        var lines = ["<EnvironmentVariables>"]
        for variable in variables {
            lines += try variableEntry(variable.text, variable.value ?? "", isEnabled: variable.isEnabled).map {
                step + $0
            }
        }
        lines.append("</EnvironmentVariables>")
        return lines
    }

    /// One `<CommandLineArgument>` element's lines, indented relative to it. `number` counts from 1, for errors. The
    /// argument is quoted where Xcode would split it (``XcodeArgumentWords``): `Hello there` is written
    /// `"Hello there"`, so the app receives one word.
    static func argumentEntry(
        _ argument: String, number: Int, isEnabled: Bool = true, quoting: Bool = true
    ) throws(Diagnostic) -> [String] {
        [
            "<CommandLineArgument",
            step + "argument = \""
                + (try escape(quoting ? XcodeArgumentWords.quote(argument) : argument, "launch argument \(number)"))
                + "\"",
            step + "isEnabled = \"" + (isEnabled ? "YES" : "NO") + "\">",
            "</CommandLineArgument>",
        ]
    }

    /// One `<EnvironmentVariable>` element's lines, indented relative to it.
    static func variableEntry(_ name: String, _ value: String, isEnabled: Bool = true) throws(Diagnostic) -> [String] {
        [
            "<EnvironmentVariable",
            step + "key = \"" + (try escape(name, "environment variable `\(name)`")) + "\"",
            step + "value = \"" + (try escape(value, "the value of `\(name)`")) + "\"",
            step + "isEnabled = \"" + (isEnabled ? "YES" : "NO") + "\">",
            "</EnvironmentVariable>",
        ]
    }

    /// `text` escaped for a double-quoted XML attribute, as Xcode writes it. `what` names the entry in the error
    /// thrown for a character XML cannot hold.
    static func escape(_ text: String, _ what: String) throws(Diagnostic) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    throw .error(
                        "\(what) holds the control character U+\(String(repeating: "0", count: 4 - hex.count) + hex), "
                            + "which XML (and so an .xcscheme) cannot hold")
                }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

import ProfileModel
import ProfileResolution

/// The `dotenv` format: `NAME="value"` lines, for tools that load `.env` files.
///
/// The exact rules written:
/// - each variable set is one line `NAME="value"`, with the value in double quotes;
/// - inside the quotes, `\` is written `\\`, `"` is written `\"`, `$` is written `\$` (so no reader expands
///   `${...}` or `$(...)` in it), a line feed is written `\n` and a carriage return `\r`;
/// - every other character is written as itself: spaces, tabs, `'`, `#`, `=`, `` ` ``, any Unicode text;
/// - a variable unset cannot be expressed in dotenv: it is written as a `# unset NAME` comment (and `profile` warns);
/// - `PROFILE_PAYLOAD` comes last.
///
/// These are the escapes of double-quoted values that the Ruby `dotenv` gem, Go's `godotenv` and docker compose read
/// back exactly. Other readers unescape only part of them: Node's `dotenv` reads back `\n` and `\r` only, and
/// python-dotenv keeps `\$` as written. For exact values in a shell, use the `shell` format.
enum DotenvExport {
    static func render(_ content: ExportContent) -> String {
        var out = ""
        for variable in content.environment {
            if let value = variable.value {
                out += "\(variable.name)=\"" + escape(value) + "\"\n"
            } else {
                out += "# unset \(variable.name)\n"
            }
        }
        return out
    }

    /// The value's text between the double quotes.
    static func escape(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// `dotenv`: `NAME="value"` lines.
package struct DotenvFormat: ExportFormat {
    package let name = "dotenv"
    package let summary = "dotenv `NAME=\"value\"` lines"
    package let writesExactValues = true
    package let options: ExportOptions = .prefix
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        try FormatNames.checkDotenv(profile)
        let content = ExportContent(profile, for: self, reveal: reveal)
        return ExportOutput(
            text: DotenvExport.render(content),
            warnings: content.referenceWarnings
                + content.unsetWarnings(in: "a dotenv file", consequence: "written as a comment"))
    }
}

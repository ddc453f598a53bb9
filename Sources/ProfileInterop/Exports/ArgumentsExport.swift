import ProfileModel
import ProfilePlatform
import ProfileResolution

/// The `arguments` and `arguments-json` formats: the launch arguments alone.
enum ArgumentsExport {
    /// One argument per line, each line exactly the argument (no quoting), each ending with a newline; nothing when
    /// there are no arguments. An argument holding a line break (LF or CR) cannot be written this way: it is an
    /// error, and `arguments-json` is the way to go.
    static func lines(_ content: ExportContent) throws(Diagnostic) -> String {
        var out = ""
        for (index, argument) in content.arguments.enumerated() {
            if argument.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                throw .error(
                    "launch argument \(index + 1) (\(JSONWriter.quote(argument))) holds a line break, which "
                        + "one-per-line `arguments` cannot write: use `arguments-json`")
            }
            out += argument + "\n"
        }
        return out
    }

    /// A JSON array of strings, pretty-printed with two-space indentation.
    static func json(_ content: ExportContent) -> String {
        JSONWriter.render(.array(content.arguments.map { .string($0) })) + "\n"
    }
}

/// `arguments`: the launch arguments, one per line.
package struct ArgumentsFormat: ExportFormat {
    package let name = "arguments"
    package let summary = "the launch arguments, one per line"
    package let writesExactValues = false
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, for: self, reveal: reveal)
        return ExportOutput(text: try ArgumentsExport.lines(content), warnings: content.referenceWarnings)
    }
}

/// `arguments-json`: the launch arguments as a JSON array (for `XCUIApplication.launchArguments`).
package struct ArgumentsJSONFormat: ExportFormat {
    package let name = "arguments-json"
    package let summary = "the launch arguments as a JSON array of strings"
    package let writesExactValues = false
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, for: self, reveal: reveal)
        return ExportOutput(text: ArgumentsExport.json(content), warnings: content.referenceWarnings)
    }
}

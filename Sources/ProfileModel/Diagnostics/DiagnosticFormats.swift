import ProfilePlatform

/// Machine-readable forms of diagnostics, for CI.
package enum DiagnosticFormats {
    /// `{"errors": N, "warnings": N, "diagnostics": [{"severity", "path", "line", "column", "message",
    /// "suggestion"}]}`; `path`, `line` and `column` are null for problems that are not in a file.
    package static func json(_ diagnostics: [Diagnostic]) -> String {
        typealias V = JSONWriter.Value
        let items: [V] = diagnostics.map { diagnostic in
            let location = diagnostic.location
            let hasLine = location.map { !$0.isWholeFile } ?? false
            return .object([
                ("severity", .string(diagnostic.severity.rawValue)),
                ("path", location.map { .string($0.file.path) } ?? .null),
                ("line", hasLine ? .number(String(location!.mark.line)) : .null),
                ("column", hasLine ? .number(String(location!.mark.column)) : .null),
                ("message", .string(diagnostic.message)),
                ("suggestion", diagnostic.suggestion.map { .string($0) } ?? .null),
            ])
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        return JSONWriter.render(
            .object([
                ("errors", .number(String(errors))), ("warnings", .number(String(warnings))),
                ("diagnostics", .array(items)),
            ])) + "\n"
    }

    /// GitHub Actions workflow commands: `::error file=F,line=L,col=C::message`.
    package static func github(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics where diagnostic.severity != .note {
            out += "::\(diagnostic.severity == .error ? "error" : "warning")"
            if let location = diagnostic.location {
                out += " file=\(escapeProperty(location.file.path))"
                if !location.isWholeFile { out += ",line=\(location.mark.line),col=\(location.mark.column)" }
            }
            out += "::" + escapeData(diagnostic.fullMessage) + "\n"
        }
        return out
    }

    private static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

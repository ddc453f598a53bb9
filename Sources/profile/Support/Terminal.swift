import ProfileModel
import ProfilePlatform

/// Writing to the standard streams without Foundation.
enum Terminal {
    /// Writes `text` to standard output.
    static func out(_ text: String) { StandardStream.output.write(text) }

    /// Writes `text` to standard error.
    static func error(_ text: String) { StandardStream.error.write(text) }

    /// Whether diagnostics on standard error get colours: only on a terminal, never with `NO_COLOR` set,
    /// never for `TERM=dumb`.
    static func colorsOnStandardError(environment: EnvironmentTable) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return StandardStream.error.isTerminal
    }

    /// Prints diagnostics to standard error, sorted by place, with a summary line when there are several.
    static func report(_ diagnostics: [Diagnostic], environment: EnvironmentTable) {
        guard !diagnostics.isEmpty else { return }
        let renderer = DiagnosticRenderer(colors: colorsOnStandardError(environment: environment))
        var text = renderer.render(diagnostics.sortedByLocation())
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if errors + warnings > 1 {
            var parts: [String] = []
            if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
            if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
            text += parts.joined(separator: " and ") + " generated.\n"
        }
        error(text)
    }
}

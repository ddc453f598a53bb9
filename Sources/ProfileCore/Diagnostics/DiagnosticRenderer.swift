/// Renders diagnostics the way compilers do: `path:line:col: error: message`, the source line, a caret.
public struct DiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours.
    public var colors: Bool

    /// Creates a renderer.
    public init(colors: Bool = false) { self.colors = colors }

    /// Renders a list, each diagnostic followed by its source excerpt and notes.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics { render(diagnostic, into: &out) }
        return out
    }

    /// Renders one diagnostic and its notes.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        render(diagnostic, into: &out)
        return out
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func render(_ diagnostic: Diagnostic, into out: inout String) {
        if let location = diagnostic.location, location.mark.line == 0 {
            out += paint("\(location.file.path): ", "1")
        } else if let location = diagnostic.location {
            out += paint("\(location.description): ", "1")
        } else {
            out += paint("profile: ", "1")
        }
        switch diagnostic.severity {
        case .error: out += paint("error: ", "1;31")
        case .warning: out += paint("warning: ", "1;35")
        case .note: out += paint("note: ", "1;30")
        }
        out += paint(diagnostic.fullMessage, "1")
        out += "\n"
        if let location = diagnostic.location, location.mark.line > 0,
            let line = location.file.line(Int(location.mark.line))
        {
            let excerpt = Self.printable(line)
            out += excerpt + "\n"
            var pad = ""
            var column = 1
            for character in excerpt where column < Int(location.mark.column) {
                pad.append(character == "\t" ? "\t" : " ")
                column += 1
            }
            let underline = "^" + String(repeating: "~", count: max(0, diagnostic.length - 1))
            out += pad + paint(underline, "1;32") + "\n"
        }
        for note in diagnostic.notes { render(note, into: &out) }
    }

    /// The line with control characters (other than tab) made visible, so the caret lines up.
    static func printable(_ line: String) -> String {
        var result = ""
        result.reserveCapacity(line.utf8.count)
        for scalar in line.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
                result.append("\u{FFFD}")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

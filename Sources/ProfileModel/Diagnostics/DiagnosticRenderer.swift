import ProfilePlatform

/// Renders diagnostics the way compilers do: `path:line:col: error: message`, the source line, a caret.
package struct DiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours.
    package var colors: Bool

    /// Creates a renderer.
    package init(colors: Bool = false) { self.colors = colors }

    /// The widest excerpt shown: longer lines are cut to a window around the caret.
    static let maxExcerptWidth = 160

    /// Renders a list, each diagnostic followed by its source excerpt and notes.
    package func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        var lines = LineIndexes()
        for diagnostic in diagnostics { render(diagnostic, into: &out, lines: &lines) }
        return out
    }

    /// Renders one diagnostic and its notes.
    package func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        var lines = LineIndexes()
        render(diagnostic, into: &out, lines: &lines)
        return out
    }

    /// Where each line of each file starts, computed once per file per rendering (many diagnostics in one large
    /// file must not rescan it from the start each time).
    struct LineIndexes {
        private var indexes: [ObjectIdentifier: LineIndex] = [:]

        mutating func line(_ number: Int, of file: SourceFile) -> String? {
            let key = ObjectIdentifier(file)
            if let index = indexes[key] { return index.line(number) }
            let index = LineIndex(file.bytes)
            indexes[key] = index
            return index.line(number)
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func render(_ diagnostic: Diagnostic, into out: inout String, lines: inout LineIndexes) {
        if let location = diagnostic.location, location.isWholeFile {
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
        if diagnostic.hidesExcerpt, let location = diagnostic.location, !location.isWholeFile {
            out += "  (the line is not shown: it holds a secret)\n"
        } else if let location = diagnostic.location, !location.isWholeFile,
            let line = lines.line(Int(location.mark.line), of: location.file)
        {
            // Columns and lengths count Unicode scalars (see ``Mark``): the excerpt is cut in scalars, then the caret
            // is placed under the characters a terminal shows (a combining accent adds no column).
            var scalars = Array(Self.printable(line).unicodeScalars)
            var caret = max(0, Int(location.mark.column) - 1)
            var length = max(1, diagnostic.length)
            // A window around the caret when the line is too long to show whole.
            if scalars.count > Self.maxExcerptWidth {
                let start = max(0, min(caret - Self.maxExcerptWidth / 3, scalars.count - Self.maxExcerptWidth))
                let end = min(scalars.count, start + Self.maxExcerptWidth)
                var window = Array(scalars[start..<end])
                caret -= start
                if start > 0 {
                    window.insert("…", at: 0)
                    caret += 1
                }
                if end < scalars.count { window.append("…") }
                scalars = window
            }
            caret = min(caret, scalars.count)
            length = min(length, max(1, scalars.count - caret))
            var excerpt = String.UnicodeScalarView()
            excerpt.append(contentsOf: scalars)
            out += String(excerpt) + "\n"
            var before = String.UnicodeScalarView()
            before.append(contentsOf: scalars[..<caret])
            var pad = ""
            for character in String(before) { pad.append(character == "\t" ? "\t" : " ") }
            var underlined = String.UnicodeScalarView()
            underlined.append(contentsOf: scalars[caret..<min(scalars.count, caret + length)])
            let width = max(1, String(underlined).count)
            let underline = "^" + String(repeating: "~", count: max(0, width - 1))
            out += pad + paint(underline, "1;32") + "\n"
        }
        for note in diagnostic.notes { render(note, into: &out, lines: &lines) }
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

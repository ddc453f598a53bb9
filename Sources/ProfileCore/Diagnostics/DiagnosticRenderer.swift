/// Renders diagnostics the way compilers do: `path:line:col: error: message`, the source line, a caret.
public struct DiagnosticRenderer: Sendable {
    /// Whether to use ANSI colours.
    public var colors: Bool

    /// Creates a renderer.
    public init(colors: Bool = false) { self.colors = colors }

    /// The widest excerpt shown: longer lines are cut to a window around the caret.
    static let maxExcerptWidth = 160

    /// Renders a list, each diagnostic followed by its source excerpt and notes.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        var lines = LineIndex()
        for diagnostic in diagnostics { render(diagnostic, into: &out, lines: &lines) }
        return out
    }

    /// Renders one diagnostic and its notes.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        var lines = LineIndex()
        render(diagnostic, into: &out, lines: &lines)
        return out
    }

    /// Where each line of each file starts, computed once per file per rendering (many diagnostics in one large
    /// file must not rescan it from the start each time).
    struct LineIndex {
        private var starts: [ObjectIdentifier: [Int]] = [:]

        mutating func line(_ number: Int, of file: SourceFile) -> String? {
            let key = ObjectIdentifier(file)
            if starts[key] == nil {
                var offsets: [Int] = []
                let bytes = file.bytes
                var index = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
                offsets.append(index)
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == 0x0A || byte == 0x0D {
                        if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                        offsets.append(index + 1)
                    }
                    index += 1
                }
                starts[key] = offsets
            }
            let offsets = starts[key]!
            guard number >= 1, number <= offsets.count else { return nil }
            let start = offsets[number - 1]
            let bytes = file.bytes
            guard start <= bytes.count else { return nil }
            var end = number < offsets.count ? offsets[number] : bytes.count
            while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func render(_ diagnostic: Diagnostic, into out: inout String, lines: inout LineIndex) {
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
            let line = lines.line(Int(location.mark.line), of: location.file)
        {
            var characters = Array(Self.printable(line))
            var caret = max(0, Int(location.mark.column) - 1)
            var length = max(1, diagnostic.length)
            // A window around the caret when the line is too long to show whole.
            if characters.count > Self.maxExcerptWidth {
                let start = max(0, min(caret - Self.maxExcerptWidth / 3, characters.count - Self.maxExcerptWidth))
                let end = min(characters.count, start + Self.maxExcerptWidth)
                var window = Array(characters[start..<end])
                caret -= start
                if start > 0 {
                    window.insert("…", at: 0)
                    caret += 1
                }
                if end < characters.count { window.append("…") }
                characters = window
            }
            length = min(length, max(1, characters.count - caret))
            out += String(characters) + "\n"
            var pad = ""
            for character in characters.prefix(caret) { pad.append(character == "\t" ? "\t" : " ") }
            let underline = "^" + String(repeating: "~", count: max(0, length - 1))
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

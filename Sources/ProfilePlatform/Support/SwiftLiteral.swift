/// Writing values as Swift source: string literals, numbers and documentation comments.
package enum SwiftLiteral {
    /// `text` as a Swift string literal that evaluates to exactly `text`: quotes, backslashes (so `\(` stays
    /// text), control characters, invisible format characters (bidirectional overrides, zero-width joiners) and
    /// line separators are escaped; other characters are written as they are.
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &result) }
        return result + "\""
    }

    /// `text` as string literals whose concatenation is exactly `text`: one literal when it is at most `firstWidth`
    /// columns, else pieces of at most `firstWidth` columns for the first and `otherWidth` for the others (a piece
    /// longer only when one character's escape alone is). Pieces end between characters (grapheme clusters), so
    /// never inside an escape sequence, a scalar or a character, preferably after a `;`, `&`, `,` or space in the
    /// piece's second half; columns are counted in characters, as `swift format` counts them.
    package static func pieces(_ text: String, firstWidth: Int, otherWidth: Int) -> [String] {
        let whole = string(text)
        if whole.count <= firstWidth { return [whole] }
        var pieces: [String] = []
        var current: [(escaped: String, width: Int, breaksAfter: Bool)] = []
        var columns = 2
        func close(after count: Int) {
            pieces.append("\"" + current[..<count].map(\.escaped).joined() + "\"")
            current.removeFirst(count)
            columns = 2 + current.reduce(0) { $0 + $1.width }
        }
        for character in text {
            var escaped = ""
            for scalar in character.unicodeScalars { appendEscaped(scalar, to: &escaped) }
            let width = escaped.count
            let limit = pieces.isEmpty ? firstWidth : otherWidth
            if !current.isEmpty, columns + width > limit {
                let preferred = current.lastIndex(where: \.breaksAfter).map { $0 + 1 }
                close(after: preferred.map { $0 * 2 >= current.count ? $0 : current.count } ?? current.count)
                if !current.isEmpty, columns + width > otherWidth { close(after: current.count) }
            }
            current.append((escaped, width, [";", "&", ",", " "].contains(character)))
            columns += width
        }
        close(after: current.count)
        return pieces
    }

    /// `scalar` as it stands inside a string literal.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to result: inout String) {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        default:
            if isInvisible(scalar) {
                result += unicodeEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }

    /// An integer as a literal, its digits grouped by three with `_` from seven digits on (`5_000_000_000`), as
    /// `swift format` lints them.
    package static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count >= 7 else { return String(value) }
        // Groups of three from the right, as `swift format`'s GroupNumericLiterals asks from 7 digits on.
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "_" }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A `Double` as a literal: the shortest text that reads back as the same value, or `.infinity`, `-.infinity`,
    /// `.nan`.
    package static func double(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
        let text = String(value)
        return text
    }

    /// Documentation comment lines (`/// …`) for `text` at `indent`: one per line of the text, trailing spaces
    /// removed, invisible characters shown as `\u{…}`.
    package static func documentation(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = scalar == "\r"
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                lines.append(current)
                current = ""
            } else if scalar == "\t" {
                current += "    "
            } else if isInvisible(scalar) {
                current += unicodeEscape(scalar)
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        while lines.last?.allSatisfy({ $0 == " " }) == true, lines.count > 1 { lines.removeLast() }
        while lines.first?.allSatisfy({ $0 == " " }) == true, lines.count > 1 { lines.removeFirst() }
        return lines.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return trimmed.isEmpty ? indent + "///" : indent + "/// " + trimmed
        }
    }

    /// Control, format, separator, private-use and unassigned characters: nothing a reader of the source can see.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            return true
        default:
            return false
        }
    }

    /// `\u{1F}`-style escape, uppercase hex.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}

import ProfileModel

/// Writing the scalars of a profile file so that they read back exactly: plain when YAML and the profile format read
/// the text as written, double-quoted otherwise.
enum YAMLText {
    /// `text` as a scalar that reads back as the string `text`: plain when that is safe (it would not read as a
    /// number, a boolean or null, holds no YAML indicator where it matters, and fits in a flow sequence), else
    /// double-quoted.
    static func string(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    /// `text` as an `env` value, which the profile format takes as written whatever YAML type it looks like
    /// (`1`, `yes` stay text): plain unless it would read as null or is not safe as a plain scalar.
    static func environmentValue(_ text: String) -> String {
        isPlainSafe(text, anyType: true) ? text : quoted(text)
    }

    /// `text` double-quoted, with YAML's escapes for `\`, `"` and control characters.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Whether `text` can be written as a plain scalar, in a block or in a flow sequence, and read back as the string
    /// `text`.
    static func isPlainSafe(_ text: String, anyType: Bool = false) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == " " || last == " " || last == ":" { return false }
        switch text {
        case "null", "Null", "NULL", "~", "<<", "=":
            return false
        case "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N":
            if !anyType { return false }
        default: break
        }
        // Anything YAML would read as another type.
        if !anyType {
            guard case .string? = try? TypedValue.resolve(plain: text) else { return false }
        }
        let scalars = Array(text.unicodeScalars)
        switch first {
        case "-":
            // `-` followed by a space (or nothing) is not the start of a plain scalar.
            if scalars.count < 2 || scalars[1] == " " { return false }
        case "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`":
            return false
        default: break
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case ",", "[", "]", "{", "}":
                return false
            case ":" where index + 1 < scalars.count && scalars[index + 1] == " ":
                return false
            case "#" where index > 0 && scalars[index - 1] == " ":
                return false
            case "\t":
                return false
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF
                    || scalar.value == 0x85
                {
                    return false
                }
            }
        }
        return true
    }

    /// `text` with every `$` that the profile format would interpolate doubled, so that it reads back as written:
    /// `${NAME}` becomes `$${NAME}`, `$NAME` `$$NAME` and `$$` `$$$$`. A `$` that starts nothing (`$(SRCROOT)`, `$1`,
    /// a lone `$`) is left as it is: the profile format takes it as written.
    static func literal(_ text: String) -> String {
        guard text.contains("$") else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            out.append(scalar)
            guard scalar == "$", index + 1 < scalars.count else { continue }
            let next = scalars[index + 1]
            if next == "{" || next == "$" || next == "_" || (next.isASCII && next.properties.isAlphabetic) {
                out.append("$")
            }
        }
        return String(out)
    }

    /// `text` for a comment: on one line (line breaks and other control characters written as escapes).
    static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
                    || scalar.value == 0x2029
                {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

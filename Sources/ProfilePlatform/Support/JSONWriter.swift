/// A minimal JSON writer (no Foundation): deterministic output, keys in the order written.
package struct JSONWriter {
    /// A JSON value.
    package indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([Value])
        case object([(String, Value)])

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.null, .null): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.number(let a), .number(let b)): return a == b
            case (.string(let a), .string(let b)): return a == b
            case (.array(let a), .array(let b)): return a == b
            case (.object(let a), .object(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            default: return false
            }
        }
    }

    /// Renders `value`, pretty-printed with two-space indentation when `pretty` is set.
    package static func render(_ value: Value, pretty: Bool = true) -> String {
        var out = ""
        write(value, into: &out, indent: pretty ? 0 : nil)
        return out
    }

    /// How a string literal is written: the two JSON writers users meet differ only in a few escapes.
    package enum Escaping: Sendable {
        /// `"` `\` and control characters escaped, and DEL, U+2028 and U+2029 too (safe to paste into JavaScript).
        case standard
        /// As Foundation's `JSONSerialization` (and so Xcode's `.xctestplan`) writes it: `/` escaped as `\/`, control
        /// characters escaped, everything else as itself.
        case foundation
    }

    /// `text` as a JSON string literal, quotes included.
    package static func quote(_ text: String, escaping: Escaping = .standard) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where escaping == .foundation: out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                let escaped =
                    scalar.value < 0x20
                    || (escaping == .standard
                        && (scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029))
                if escaped {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func write(_ value: Value, into out: inout String, indent: Int?) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): out += quote(text)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent.map { $0 + 1 })
                write(item, into: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                newline(&out, indent.map { $0 + 1 })
                out += quote(pair.0)
                out += indent == nil ? ":" : ": "
                write(pair.1, into: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n" + String(repeating: "  ", count: indent)
    }
}

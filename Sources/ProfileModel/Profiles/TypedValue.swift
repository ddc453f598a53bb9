import ProfileRuntime

/// A typed setting from a profile's `values`.
///
/// The type comes from how the YAML scalar is written, resolved by YAML 1.2's core schema exactly (see
/// ``resolve(plain:)``), from an explicit tag (`!!str 5`, `!!int "5"`, `!!float 5`, `!!bool`), or from the catalog when
/// there is one.
///
/// The text a value travels as (``text``: the payload, `-key value` exports, generated Swift) is one the runtime's
/// typed reads give back the same value from: an int in decimal (`0x1F` → `31`, `0o17` → `15`, `+5` → `5`), the
/// special doubles as `inf`, `-inf` and `nan` (`.inf`, `-.INF`, `.NaN`), any other double as written (`2.50`).
package enum TypedValue: Sendable, Equatable {
    case string(String)
    /// An integer and the text it travels as: its decimal form (``canonicalText(_:)``).
    case int(Int, text: String)
    /// A double and the text it travels as: as written (`2.50` stays `2.50`), `inf`, `-inf` or `nan`.
    case double(Double, text: String)
    case bool(Bool)

    /// The text the child receives.
    package var text: String {
        switch self {
        case .string(let text): return text
        case .int(let value, let text): return text.isEmpty ? String(value) : text
        case .double(let value, let text): return text.isEmpty ? String(value) : text
        case .bool(let value): return value ? "true" : "false"
        }
    }

    /// `string`, `int`, `double` or `bool`.
    package var typeName: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        }
    }

    /// Why a scalar has no value: a number out of range, a tag this tool does not know or one its text does not fit.
    package struct Problem: Error, Sendable, Equatable {
        /// The message.
        package var message: String
        /// The near miss (`!!integer`: `!!int`).
        package var suggestion: String? = nil
    }

    /// The range of an int, for messages.
    static let intRange = "-9223372036854775808…9223372036854775807"

    /// The value a plain (unquoted, untagged, not null) scalar denotes under YAML 1.2's core schema (10.3.2):
    /// `true|True|TRUE|false|False|FALSE` a bool; `[-+]?[0-9]+`, `0o[0-7]+` and `0x[0-9a-fA-F]+` an int (no sign
    /// on the `0o` and `0x` forms); `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?(\.inf|\.Inf|\.INF)`
    /// and `\.nan|\.NaN|\.NAN` a double; any other text a string. Throws for an int literal beyond 64 bits and for a
    /// finite float literal beyond `Double` (`1e400`): never a silently rounded or infinite value.
    package static func resolve(plain text: String) throws(Problem) -> TypedValue {
        // Every non-string form starts with one of `tTfF.+-` or a digit: most strings are known by their first byte.
        guard let first = text.utf8.first,
            (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "t")
                || first == UInt8(ascii: "T") || first == UInt8(ascii: "f") || first == UInt8(ascii: "F")
                || first == UInt8(ascii: ".") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        else { return .string(text) }
        // `[-+]?[0-9]{1,18}`: a decimal int that cannot overflow.
        if let (value, isCanonical) = Names.bytes(of: text, decimal) {
            return .int(value, text: isCanonical ? text : String(value))
        }
        switch Names.bytes(of: text, classify) {
        case .bool(let value): return .bool(value)
        case .double(let value): return .double(value, text: canonicalText(value))
        case .string: return .string(text)
        case .number:
            switch integer(text) {
            case .value(let value): return .int(value, text: String(value))
            case .outOfRange:
                throw Problem(
                    message: "`\(text)` is out of range for an int (64 bits: \(intRange))")
            case .notAnInt: break
            }
            if Names.bytes(of: text, isDecimalFloat), let value = Double(text) {
                guard value.isFinite else {
                    throw Problem(
                        message: "`\(text)` is out of range for a double")
                }
                return .double(value, text: text)
            }
            return .string(text)
        }
    }

    /// The value a scalar denotes, its tag first: `!!str` (and the non-specific `!`) a string, `!!int`, `!!float`
    /// and `!!bool` the core schema's forms of that type whatever the style (`!!int "5"` is 5, `!!float 5` is 5.0),
    /// `!!null` nothing (nil); without a tag a quoted or block scalar is a string and a plain one is resolved by
    /// ``resolve(plain:)`` (nil for null). Any other tag, or a text its tag's type has no form for, throws.
    package static func resolve(_ node: YAMLNode) throws(Problem) -> TypedValue? {
        guard let scalar = node.scalar else { return nil }
        guard let tag = node.tag else {
            if node.isNull { return nil }
            return scalar.style == .plain ? try resolve(plain: scalar.text) : .string(scalar.text)
        }
        let text = scalar.text
        func mismatch(_ type: String) -> Problem {
            Problem(
                message: "`\(shownTag(tag))` takes \(type); `\(text)` is not one in YAML 1.2's core schema")
        }
        switch tag {
        case "tag:yaml.org,2002:str", "!": return .string(text)
        case "tag:yaml.org,2002:null": return nil
        case "tag:yaml.org,2002:bool":
            guard case .bool(let value) = try? resolve(plain: text) else {
                throw mismatch("`true` or `false`")
            }
            return .bool(value)
        case "tag:yaml.org,2002:int":
            switch integer(text) {
            case .value(let value): return .int(value, text: String(value))
            case .outOfRange:
                throw Problem(
                    message: "`\(text)` is out of range for an int (64 bits: \(intRange))")
            case .notAnInt: throw mismatch("an int (`5`, `-5`, `0x1F`, `0o17`)")
            }
        case "tag:yaml.org,2002:float":
            // Every decimal int of the core schema is also a float (`!!float 5`); the `0x` and `0o` forms are not.
            if Names.bytes(of: text, isDecimalFloat), let value = Double(text) {
                guard value.isFinite else {
                    throw Problem(message: "`\(text)` is out of range for a double")
                }
                return .double(value, text: text)
            }
            if case .double(let value, let canonical)? = try? resolve(plain: text) {
                return .double(value, text: canonical)
            }
            throw mismatch("a double (`2.5`, `5`, `1e3`, `.inf`, `.nan`)")
        default:
            let shown = shownTag(tag)
            let known = ["!!str", "!!int", "!!float", "!!bool", "!!null"]
            let what =
                tag.hasPrefix("tag:yaml.org,2002:")
                ? "`\(shown)` is not a type a value can have" : "unknown tag `\(shown)`"
            throw Problem(
                message: what + ": a value takes `!!str`, `!!int`, `!!float`, `!!bool` or `!!null`",
                suggestion: NearMiss.suggestion(for: shown, in: known))
        }
    }

    /// A tag as written in the usual shorthand (`tag:yaml.org,2002:int` → `!!int`).
    package static func shownTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    /// The text a double travels as: `inf`, `-inf`, `nan` for the special values (what Swift's `Double(_:)`, C's
    /// `strtod` and `UserDefaults` read), else Swift's shortest round-tripping form.
    package static func canonicalText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        return String(value)
    }

    private enum Classified {
        case bool(Bool)
        case double(Double)
        /// An int or a double, maybe: for ``integer(_:)`` and then the float form.
        case number
        case string
    }

    /// What ``resolve(plain:)`` makes of the text: the words of the core schema compared by bytes (no text that is not
    /// ASCII equals one of them, or matches a number form), then whether it can be a number at all.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Classified {
        for byte in bytes where byte >= 0x80 { return .string }
        func equals(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == bytes.count
                && UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount).elementsEqual(bytes)
        }
        switch bytes.count {
        case 4:
            if equals("true") || equals("True") || equals("TRUE") { return .bool(true) }
            if equals(".inf") || equals(".Inf") || equals(".INF") { return .double(.infinity) }
            if equals(".nan") || equals(".NaN") || equals(".NAN") { return .double(.nan) }
        case 5:
            if equals("false") || equals("False") || equals("FALSE") { return .bool(false) }
            if equals("+.inf") || equals("+.Inf") || equals("+.INF") { return .double(.infinity) }
            if equals("-.inf") || equals("-.Inf") || equals("-.INF") { return .double(-.infinity) }
        default:
            break
        }
        // An int needs a sign or a digit first; a float a sign, a digit or `.`.
        guard let first = bytes.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return .string }
        return .number
    }

    /// `[-+]?[0-9]{1,18}` as an int (which cannot overflow), and whether the text is already its decimal form (no `+`,
    /// no leading zero, not `-0`); nil for anything else.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Bool)? {
        var index = 0
        var negative = false
        var sign = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            sign = true
            index = 1
        }
        let digits = bytes.count - index
        guard digits >= 1, digits <= 18 else { return nil }
        let leadingZero = bytes[index] == UInt8(ascii: "0")
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        let isCanonical = leadingZero ? digits == 1 && !sign : !sign || negative
        return (negative ? -value : value, isCanonical)
    }

    /// What ``integer(_:)`` finds.
    enum Integer: Equatable {
        case value(Int)
        /// One of the int forms, but beyond 64 bits.
        case outOfRange
        case notAnInt
    }

    /// The core schema's int forms: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+` (no sign on the last two).
    static func integer(_ text: String) -> Integer {
        Names.bytes(of: text) { bytes -> Integer in
            var index = 0
            var radix = 10
            var negative = false
            if bytes.count > 2, bytes[0] == UInt8(ascii: "0"),
                bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o")
            {
                radix = bytes[1] == UInt8(ascii: "x") ? 16 : 8
                index = 2
            } else if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                index = 1
            }
            guard index < bytes.count else { return .notAnInt }
            var magnitude: UInt64 = 0
            var overflow = false
            while index < bytes.count {
                let byte = bytes[index]
                let digit: Int
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
                default: return .notAnInt
                }
                guard digit < radix else { return .notAnInt }
                let (times, o1) = magnitude.multipliedReportingOverflow(by: UInt64(radix))
                let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
                if o1 || o2 { overflow = true }
                magnitude = sum
                index += 1
            }
            if overflow { return .outOfRange }
            if negative {
                guard magnitude <= UInt64(Int.max) + 1 else { return .outOfRange }
                return .value(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            guard magnitude <= UInt64(Int.max) else { return .outOfRange }
            return .value(Int(magnitude))
        }
    }

    /// An int written in one of the core schema's forms (`5`, `+5`, `0x1F`, `0o17`); nil for any other text and for one
    /// beyond 64 bits.
    package static func parseInt(_ text: String) -> Int? {
        if case .value(let value) = integer(text) { return value }
        return nil
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` — the core schema's float form.
    static func isDecimalFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        let isDigit = { (byte: UInt8) in byte >= 48 && byte <= 57 }
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var mantissaDigits = 0
        while index < count, isDigit(bytes[index]) {
            mantissaDigits += 1
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, isDigit(bytes[index]) {
                mantissaDigits += 1
                index += 1
            }
        }
        guard mantissaDigits > 0 else { return false }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard index < count, isDigit(bytes[index]) else { return false }
            while index < count, isDigit(bytes[index]) { index += 1 }
        }
        return index == count
    }
}

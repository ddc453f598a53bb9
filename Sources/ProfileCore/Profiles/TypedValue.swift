#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A typed setting from a profile's `values`.
///
/// The type comes from how the YAML scalar is written (YAML 1.2 core schema: `5` is an int, `2.5` a double,
/// `true`/`false` a bool, anything quoted or any other text a string) or from the catalog when there is one.
public enum TypedValue: Sendable, Equatable {
    case string(String)
    /// An integer, with its text as written (`0x1F` stays `0x1F` in ``text``; ``integer`` holds 31).
    case int(Int, text: String)
    /// A double, with its text as written (`2.50` stays `2.50`).
    case double(Double, text: String)
    case bool(Bool)

    /// The text the child receives.
    public var text: String {
        switch self {
        case .string(let text): return text
        case .int(let value, let text): return text.isEmpty ? String(value) : text
        case .double(let value, let text): return text.isEmpty ? String(value) : text
        case .bool(let value): return value ? "true" : "false"
        }
    }

    /// `string`, `int`, `double` or `bool`.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        }
    }

    /// The value a plain (unquoted) YAML scalar denotes under the core schema.
    public static func inferred(fromPlain text: String) -> TypedValue {
        // Every non-string form starts with one of `tTfF.+-` or a digit (and no text starting with another character
        // equals one of the words below): most strings are known by their first byte.
        guard let first = text.utf8.first,
            (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "t")
                || first == UInt8(ascii: "T") || first == UInt8(ascii: "f") || first == UInt8(ascii: "F")
                || first == UInt8(ascii: ".") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        else { return .string(text) }
        // `[-+]?[0-9]{1,18}`: a decimal int that cannot overflow, what ``parseInt(_:)`` would return.
        if let value = Names.bytes(of: text, decimal) { return .int(value, text: text) }
        // ASCII text is classified by its bytes, with the same rules in the same order as below.
        switch Names.bytes(of: text, classify) {
        case .bool(let value): return .bool(value)
        case .double(let value): return .double(value, text: text)
        case .number:
            if let value = parseInt(text) { return .int(value, text: text) }
            if Names.bytes(of: text, isDecimalFloat), let value = Double(text) { return .double(value, text: text) }
            return .string(text)
        case .string: return .string(text)
        case .unknown: break
        }
        if first > UInt8(ascii: "9") || first < UInt8(ascii: "0") {  // no word below starts with a digit
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity, text: text)
            case "-.inf", "-.Inf", "-.INF": return .double(-.infinity, text: text)
            case ".nan", ".NaN", ".NAN": return .double(.nan, text: text)
            default: break
            }
        }
        if let value = parseInt(text) { return .int(value, text: text) }
        if isDecimalFloat(text), let value = Double(text) { return .double(value, text: text) }
        return .string(text)
    }

    private enum Classified {
        case bool(Bool)
        case double(Double)
        /// An int or a double, maybe: for ``parseInt(_:)`` and then `Double`.
        case number
        case string
        /// Not ASCII: the string comparisons decide.
        case unknown
    }

    /// What ``inferred(fromPlain:)`` makes of ASCII text: the words of the core schema compared by bytes (equal ASCII
    /// text is equal bytes), then whether it can be a number at all.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> Classified {
        for byte in bytes where byte >= 0x80 { return .unknown }
        func equals(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == bytes.count && memcmp(word.utf8Start, bytes.baseAddress!, bytes.count) == 0
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
        // ``parseInt(_:)`` needs `0x`, `0o`, a sign or a digit first; a float a sign, a digit or `.`.
        guard let first = bytes.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return .string }
        return .number
    }

    /// `[-+]?[0-9]{1,18}` as an int; nil for anything else (including longer digit runs, which could overflow).
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        let digits = bytes.count - index
        guard digits >= 1, digits <= 18 else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// Parses YAML core-schema integers: decimal with an optional sign, `0x` hexadecimal, `0o` octal.
    public static func parseInt(_ text: String) -> Int? {
        if text.hasPrefix("0x"), text.count > 2 { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o"), text.count > 2 { return Int(text.dropFirst(2), radix: 8) }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text.hasPrefix("+") ? String(digits) : text)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` — the core schema's float form.
    /// ``isDecimalFloat(_:)`` of the text these bytes encode.
    private static func isDecimalFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    static func isDecimalFloat(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        let isDigit = { (byte: UInt8) in byte >= 48 && byte <= 57 }
        var mantissaDigits = 0
        while let byte = bytes.first, isDigit(byte) {
            mantissaDigits += 1
            bytes = bytes.dropFirst()
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let byte = bytes.first, isDigit(byte) {
                mantissaDigits += 1
                bytes = bytes.dropFirst()
            }
        }
        guard mantissaDigits > 0 else { return false }
        if let byte = bytes.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            guard let digit = bytes.first, isDigit(digit) else { return false }
            while let byte = bytes.first, isDigit(byte) { bytes = bytes.dropFirst() }
        }
        return bytes.isEmpty
    }
}

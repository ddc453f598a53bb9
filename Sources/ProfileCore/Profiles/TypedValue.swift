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
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity, text: text)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity, text: text)
        case ".nan", ".NaN", ".NAN": return .double(.nan, text: text)
        default: break
        }
        if let value = parseInt(text) { return .int(value, text: text) }
        if isDecimalFloat(text), let value = Double(text) { return .double(value, text: text) }
        return .string(text)
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
    static func isDecimalFloat(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= 48 && byte <= 57 }
        var mantissaDigits = 0
        while let byte = bytes.first, isDigit(byte) { mantissaDigits += 1; bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let byte = bytes.first, isDigit(byte) { mantissaDigits += 1; bytes = bytes.dropFirst() }
        }
        guard mantissaDigits > 0 else { return false }
        if let byte = bytes.first, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard let digit = bytes.first, isDigit(digit) else { return false }
            while let byte = bytes.first, isDigit(byte) { bytes = bytes.dropFirst() }
        }
        return bytes.isEmpty
    }
}

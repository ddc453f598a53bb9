import ProfileCore
import Testing

/// `TypedValue.inferred(fromPlain:)` classifies by bytes; it must agree with the rules as first written (kept here as
/// the reference) on every input.
@Suite struct TypedValueInferenceTests {
    static func reference(_ text: String) -> TypedValue {
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity, text: text)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity, text: text)
        case ".nan", ".NaN", ".NAN": return .double(.nan, text: text)
        default: break
        }
        if let value = referenceInt(text) { return .int(value, text: text) }
        if referenceIsDecimalFloat(text), let value = Double(text) { return .double(value, text: text) }
        return .string(text)
    }

    static func referenceInt(_ text: String) -> Int? {
        if text.hasPrefix("0x"), text.count > 2 { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o"), text.count > 2 { return Int(text.dropFirst(2), radix: 8) }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text.hasPrefix("+") ? String(digits) : text)
    }

    static func referenceIsDecimalFloat(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
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

    /// The same value, with NaN equal to NaN.
    static func same(_ a: TypedValue, _ b: TypedValue) -> Bool {
        if case .double(let x, let s) = a, case .double(let y, let t) = b, x.isNaN, y.isNaN { return s == t }
        return a == b
    }

    @Test func byteClassificationAgreesWithTheRules() {
        let pieces = [
            "0", "1", "9", "-", "+", ".", "e", "E", "x", "o", "0x", "0o", "1F", "inf", "Inf", "nan", "NaN",
            "true", "True", "TRUE", "false", "FALSE", "t", "f", " ", "é", "\u{212A}", "_", "99999999999999999999",
        ]
        var texts: Set<String> = [
            "", ".inf", "+.INF", "-.Inf", ".NAN", "0x", "0o", "0x1F", "0o17", "0x-5", "+5", "-0",
            "007", "1e5", "1.5e-3", ".5", "5.", "+.5", "9223372036854775807", "9223372036854775808",
        ]
        var state: UInt64 = 7
        for _ in 0..<20_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var bits = state
            for _ in 0..<Int(bits % 4) + 1 {
                bits /= 4
                text += pieces[Int(bits % UInt64(pieces.count))]
                bits /= UInt64(pieces.count)
            }
            texts.insert(text)
        }
        for text in texts {
            #expect(Self.same(TypedValue.inferred(fromPlain: text), Self.reference(text)), "\(text.debugDescription)")
        }
    }
}

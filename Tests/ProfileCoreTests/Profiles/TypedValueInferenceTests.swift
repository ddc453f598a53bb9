import ProfileModel
import Testing

/// `TypedValue.resolve(plain:)` classifies by bytes; it must agree on every input with the core schema's regular
/// expressions (YAML 1.2.2, 10.3.2), kept here as the reference, and with 64-bit ranges.
@Suite struct TypedValueInferenceTests {
    /// The core schema's expressions, made once for a test: a regular expression literal is compiled where it is
    /// evaluated, which in the reference was for each of thousands of texts. (`Regex` is not `Sendable`: no static.)
    struct Schema {
        let expressions = (
            trueWords: /true|True|TRUE/,
            falseWords: /false|False|FALSE/,
            decimal: /[-+]?[0-9]+/,
            octal: /0o[0-7]+/,
            hexadecimal: /0x[0-9a-fA-F]+/,
            float: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/,
            infinity: /[-+]?(\.inf|\.Inf|\.INF)/,
            notANumber: /\.nan|\.NaN|\.NAN/
        )
    }

    /// The reference outcome: `int 31`, `double inf`, `bool true`, `string x`, `error`.
    static func reference(_ text: String, _ schema: Schema) -> String {
        let schema = schema.expressions
        if text.wholeMatch(of: schema.trueWords) != nil { return "bool true" }
        if text.wholeMatch(of: schema.falseWords) != nil { return "bool false" }
        if text.wholeMatch(of: schema.decimal) != nil {
            let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
            guard let value = Int(digits) else { return "error" }
            return "int \(value)"
        }
        if text.wholeMatch(of: schema.octal) != nil {
            guard let value = Int(text.dropFirst(2), radix: 8) else { return "error" }
            return "int \(value)"
        }
        if text.wholeMatch(of: schema.hexadecimal) != nil {
            guard let value = Int(text.dropFirst(2), radix: 16) else { return "error" }
            return "int \(value)"
        }
        if text.wholeMatch(of: schema.float) != nil {
            let value = Double(text)!
            return value.isFinite ? "double \(value)" : "error"
        }
        if text.wholeMatch(of: schema.infinity) != nil {
            return text.hasPrefix("-") ? "double -inf" : "double inf"
        }
        if text.wholeMatch(of: schema.notANumber) != nil { return "double nan" }
        return "string " + text
    }

    static func outcome(_ text: String) -> String {
        do {
            switch try TypedValue.resolve(plain: text) {
            case .int(let value, let canonical):
                return canonical == String(value) ? "int \(value)" : "int \(value) travelling as \(canonical)"
            case .double(let value, _): return "double \(value)"
            case .bool(let value): return "bool \(value)"
            case .string(let text): return "string " + text
            }
        } catch {
            return "error"
        }
    }

    @Test func byteClassificationAgreesWithTheCoreSchema() {
        let pieces = [
            "0", "1", "9", "-", "+", ".", "e", "E", "x", "o", "0x", "0o", "1F", "inf", "Inf", "nan", "NaN",
            "true", "True", "TRUE", "false", "FALSE", "t", "f", " ", "é", "\u{212A}", "_", "99999999999999999999", "7",
        ]
        var texts: Set<String> = [
            "", ".inf", "+.INF", "-.Inf", ".NAN", "0x", "0o", "0x1F", "0o17", "0x-5", "0o-5", "+0x5", "+5", "-0",
            "007", "1e5", "1.5e-3", ".5", "5.", "+.5", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "0x7FFFFFFFFFFFFFFF", "0x8000000000000000",
            "0o777777777777777777777", "0o1000000000000000000000", "1e308", "1e309", "-1e309", "1e-400",
        ]
        var state: UInt64 = 7
        for _ in 0..<4_000 {
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
        let schema = Schema()
        for text in texts {
            var ours = Self.outcome(text)
            if let range = ours.range(of: " travelling as ") { ours = String(ours[..<range.lowerBound]) }
            #expect(ours == Self.reference(text, schema), "\(text.debugDescription)")
        }
    }

    /// What travels is what the runtime reads back: ints in decimal, the special doubles as `inf`, `-inf`, `nan`.
    @Test func canonicalTexts() throws {
        let expected: [(String, String)] = [
            ("0x1F", "31"), ("0o17", "15"), ("+5", "5"), ("007", "7"), ("-0", "0"), ("5", "5"), ("-5", "-5"),
            (".inf", "inf"), ("+.INF", "inf"), ("-.Inf", "-inf"), (".NaN", "nan"), ("2.50", "2.50"), ("1e3", "1e3"),
            ("0x7FFFFFFFFFFFFFFF", "9223372036854775807"),
        ]
        for (written, travels) in expected {
            #expect(try TypedValue.resolve(plain: written).text == travels, "\(written)")
        }
    }
}

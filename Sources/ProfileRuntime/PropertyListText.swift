/// Old-style (OpenStep) property-list text, as `UserDefaults` reads the value of an argument-domain option
/// (`-AppleLanguages (en, fr)`, `-greeting "Hello there"`): a value whose first character (after white space) is
/// `"`, `(`, `{` or `<` is parsed as a property list, and when the whole text parses, the argument's value is what it
/// denotes; otherwise (`(en`, `"a" b`, `plain text`) the text as it is.
///
/// The grammar is swift-corelibs-foundation's, held against it by `Tests/Peers`: strings quoted with `"` or `'` (the
/// escapes `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`, `\0`…`\777` (octal), `\U` and up to four hexadecimal digits, and
/// `\` before any other character for that character) or unquoted (ASCII letters, digits and `_$/:.-`); arrays
/// `( a, "b c", )`; dictionaries `{ key = value; }`; data `<0fa1>`; `//` and `/* */` comments between tokens.
/// Strings and arrays of strings are read as such; dictionaries, data and nested arrays are recognised (so that the
/// text is a property list) but have no typed form in the runtime: their text stays the value.
enum PropertyListText {
    /// What a text denotes.
    enum Value: Equatable {
        case string(String)
        case array([Value])
        /// A dictionary or data.
        case other
    }

    /// The value `text` denotes when it is a property list that `UserDefaults` would read (its first non-space
    /// character one of `"({<`, and the whole text parsed); nil otherwise.
    static func parse(_ text: String) -> Value? {
        var bytes = Array(text.utf8)[...]
        skipSpace(&bytes)
        guard let first = bytes.first,
            first == UInt8(ascii: "\"") || first == UInt8(ascii: "(") || first == UInt8(ascii: "{")
                || first == UInt8(ascii: "<")
        else { return nil }
        guard let value = parseValue(&bytes) else { return nil }
        skipSpace(&bytes)
        return bytes.isEmpty ? value : nil
    }

    /// The strings of `text` when it is a property-list array of strings (`(en, "fr ca")`); nil otherwise.
    static func strings(_ text: String) -> [String]? {
        guard case .array(let items)? = parse(text) else { return nil }
        var strings: [String] = []
        for item in items {
            guard case .string(let string) = item else { return nil }
            strings.append(string)
        }
        return strings
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
            UInt8(ascii: "-"):
            return true
        default: return false
        }
    }

    /// Skips white space and comments.
    private static func skipSpace(_ bytes: inout ArraySlice<UInt8>) {
        while let byte = bytes.first {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                bytes = bytes.dropFirst()
            } else if byte == UInt8(ascii: "/"), bytes.dropFirst().first == UInt8(ascii: "/") {
                while let next = bytes.first, next != 0x0A, next != 0x0D { bytes = bytes.dropFirst() }
            } else if byte == UInt8(ascii: "/"), bytes.dropFirst().first == UInt8(ascii: "*") {
                bytes = bytes.dropFirst(2)
                while !bytes.isEmpty, !bytes.starts(with: [UInt8(ascii: "*"), UInt8(ascii: "/")]) {
                    bytes = bytes.dropFirst()
                }
                bytes = bytes.dropFirst(2)
            } else {
                return
            }
        }
    }

    private static func parseValue(_ bytes: inout ArraySlice<UInt8>) -> Value? {
        skipSpace(&bytes)
        guard let first = bytes.first else { return nil }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return parseQuoted(&bytes).map(Value.string)
        case UInt8(ascii: "("):
            bytes = bytes.dropFirst()
            var items: [Value] = []
            skipSpace(&bytes)
            if bytes.first == UInt8(ascii: ")") {
                bytes = bytes.dropFirst()
                return .array(items)
            }
            while true {
                guard let item = parseValue(&bytes) else { return nil }
                items.append(item)
                skipSpace(&bytes)
                guard let separator = bytes.first else { return nil }
                bytes = bytes.dropFirst()
                if separator == UInt8(ascii: ")") { return .array(items) }
                guard separator == UInt8(ascii: ",") else { return nil }
                skipSpace(&bytes)
                if bytes.first == UInt8(ascii: ")") {  // a trailing comma
                    bytes = bytes.dropFirst()
                    return .array(items)
                }
            }
        case UInt8(ascii: "{"):
            bytes = bytes.dropFirst()
            while true {
                skipSpace(&bytes)
                if bytes.first == UInt8(ascii: "}") {
                    bytes = bytes.dropFirst()
                    return .other
                }
                guard case .string? = parseValue(&bytes) else { return nil }
                skipSpace(&bytes)
                guard bytes.first == UInt8(ascii: "=") else { return nil }
                bytes = bytes.dropFirst()
                guard parseValue(&bytes) != nil else { return nil }
                skipSpace(&bytes)
                guard bytes.first == UInt8(ascii: ";") else { return nil }
                bytes = bytes.dropFirst()
            }
        case UInt8(ascii: "<"):
            bytes = bytes.dropFirst()
            var digits = 0
            while let byte = bytes.first, byte != UInt8(ascii: ">") {
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    bytes = bytes.dropFirst()
                    continue
                }
                guard hexValue(byte) != nil else { return nil }
                digits += 1
                bytes = bytes.dropFirst()
            }
            guard bytes.first == UInt8(ascii: ">"), digits % 2 == 0 else { return nil }
            bytes = bytes.dropFirst()
            return .other
        default:
            var word: [UInt8] = []
            while let byte = bytes.first, isUnquoted(byte) {
                word.append(byte)
                bytes = bytes.dropFirst()
            }
            return word.isEmpty ? nil : .string(String(decoding: word, as: UTF8.self))
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A quoted string (the opening quote first in `bytes`), its escapes applied; nil when it is not closed.
    private static func parseQuoted(_ bytes: inout ArraySlice<UInt8>) -> String? {
        let quote = bytes.first!
        bytes = bytes.dropFirst()
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            if byte == quote {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                continue
            }
            guard let escaped = bytes.first else { return nil }
            bytes = bytes.dropFirst()
            flush()
            switch escaped {
            case UInt8(ascii: "a"): scalars.append("\u{07}")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "v"): scalars.append("\u{0B}")
            case UInt8(ascii: "U"):
                var value: UInt32 = 0
                var count = 0
                while count < 4, let digit = bytes.first.flatMap(hexValue) {
                    value = value * 16 + digit
                    count += 1
                    bytes = bytes.dropFirst()
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var count = 1
                while count < 3, let digit = bytes.first, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(digit - UInt8(ascii: "0"))
                    count += 1
                    bytes = bytes.dropFirst()
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default:
                raw.append(escaped)
            }
        }
        return nil
    }
}

/// Conversions from a value's text to typed values, shared by the typed reads and the settings decoder.
enum TextConversion {
    /// Parses a boolean: `true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`, in any letter case.
    static func bool(_ text: String) -> Bool? {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= 5 else { return nil }
        var packed: UInt64 = 0
        for byte in utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            packed = packed << 8 | UInt64(lower)
        }
        switch packed {
        case trueWords.0, trueWords.1, trueWords.2, trueWords.3: return true
        case falseWords.0, falseWords.1, falseWords.2, falseWords.3: return false
        default: return nil
        }
    }

    /// Splits a list's text at `,`, trimming spaces and tabs around each element; empty text is an empty list.
    static func list(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: ",", omittingEmptySubsequences: false).map { element in
            var slice = element[...]
            while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
            while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
            return String(slice)
        }
    }

    /// How the accepted boolean spellings are described in messages.
    static let boolDescription = "Bool (true/false, yes/no, on/off, 1/0)"

    private static func pack(_ word: StaticString) -> UInt64 {
        var packed: UInt64 = 0
        for index in 0..<word.utf8CodeUnitCount {
            packed = packed << 8 | UInt64(word.utf8Start[index])
        }
        return packed
    }

    private static let trueWords = (pack("true"), pack("yes"), pack("on"), pack("1"))
    private static let falseWords = (pack("false"), pack("no"), pack("off"), pack("0"))
}

/// Conversions from a value's text to typed values, shared by the typed reads and the settings decoder, and the one
/// owner of the boolean words (the `profile` tool reads flags in files with the same words).
///
/// Booleans, decided once (docs/profiles.md, "Booleans"): where a key can only hold a boolean (a flag, `abstract`,
/// a catalog flag's `default`, `secret`), the words `true`/`false`, `yes`/`no`, `on`/`off` in any letter case are
/// accepted; the runtime also reads `1`/`0` (the argument domain's `-flag 1`). Where a key can hold any type (an
/// untyped `values` entry), YAML 1.2's core schema decides instead: only `true`/`True`/`TRUE` and the `false` forms are
/// booleans there, so `yes` stays the string it reads as.
package enum TextConversion {
    /// A boolean word: `true`/`false`, `yes`/`no`, `on`/`off`, in any letter case; nil for anything else.
    package static func booleanWord(_ text: String) -> Bool? {
        switch pack(text) {
        case trueWords.0, trueWords.1, trueWords.2: return true
        case falseWords.0, falseWords.1, falseWords.2: return false
        default: return nil
        }
    }

    /// Parses a boolean as the runtime reads one: a boolean word, or `1`/`0`. The tool's importer and Xcode merge read
    /// launch arguments with it too.
    package static func bool(_ text: String) -> Bool? {
        if let word = booleanWord(text) { return word }
        switch text {
        case "1": return true
        case "0": return false
        default: return nil
        }
    }

    /// The text lowercased (ASCII) into one integer, or 0 when it is empty or longer than 5 bytes.
    private static func pack(_ text: String) -> UInt64 {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= 5 else { return 0 }
        var packed: UInt64 = 0
        for byte in utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            packed = packed << 8 | UInt64(lower)
        }
        return packed
    }

    /// `T(text)`, for a type whose `LosslessStringConvertible` initializer can trap rather than fail: `Character`'s
    /// witness is `init(_: String)`, which stops the process on an empty text or one of several grapheme clusters.
    /// Those texts give nil here. Every other type is built with its own failable `init?(_:)` (the integers' fails
    /// on overflow and on a sign their type cannot hold: `Int8("300")`, `UInt("-1")` are nil).
    /// A floating-point type is parsed by C's `strtod` family, which stops at a NUL byte (`Double("5\0x")` is 5): a
    /// text holding one gives nil here.
    static func lossless<T: LosslessStringConvertible>(_ type: T.Type, _ text: String) -> T? {
        if T.self == Character.self {
            guard let character = singleCharacter(text) else { return nil }
            return character as? T
        }
        if T.self is any FloatingPoint.Type, text.utf8.contains(0) { return nil }
        return T(text)
    }

    /// How a message names the integer type `T` a text should convert to: `name`, followed by `T`'s range when `text`
    /// is a whole decimal number outside it (`Int (-2147483648...2147483647, 32 bits on this platform)`). A
    /// word-sized type (`Int`, `UInt`) has its width named: 64 bits on macOS, iOS, tvOS, visionOS and Linux, but 32
    /// on watchOS (arm64_32), where `5000000000` is a valid `Int64` and not a valid `Int`. A test stands `Int32` in
    /// for the 32-bit `Int`.
    static func integerExpectation<T: FixedWidthInteger>(
        _ type: T.Type, named name: String, wordSized: Bool, text: String?
    ) -> String {
        guard let text, isWholeNumber(text), T(text) == nil else { return name }
        return "\(name) (\(T.min)...\(T.max)" + (wordSized ? ", \(T.bitWidth) bits on this platform)" : ")")
    }

    /// Whether `text` is what an integer initializer parses when it is in range: an optional sign, then decimal digits.
    static func isWholeNumber(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if let first = digits.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `Double(text)`, but nil for a text holding a NUL byte (see ``lossless(_:_:)``).
    static func double(_ text: String) -> Double? {
        text.utf8.contains(0) ? nil : Double(text)
    }

    /// `Float(text)`, but nil for a text holding a NUL byte (see ``lossless(_:_:)``).
    static func float(_ text: String) -> Float? {
        text.utf8.contains(0) ? nil : Float(text)
    }

    /// The text's only extended grapheme cluster; nil when it is empty or holds more than one.
    static func singleCharacter(_ text: String) -> Character? {
        guard let first = text.first else { return nil }
        return text.index(after: text.startIndex) == text.endIndex ? first : nil
    }

    /// A list's elements: a property-list array of strings (`(en, "fr ca")`, as `UserDefaults` reads
    /// `-AppleLanguages (en, fr)`), else the text split at `,`, trimming spaces and tabs around each element; empty
    /// text is an empty list.
    static func list(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        if let first = text.utf8.first, first == UInt8(ascii: "(") || first == UInt8(ascii: " "),
            let strings = PropertyListText.strings(text)
        {
            return strings
        }
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

    private static let trueWords = (
        pack("true" as StaticString), pack("yes" as StaticString), pack("on" as StaticString)
    )
    private static let falseWords = (
        pack("false" as StaticString), pack("no" as StaticString), pack("off" as StaticString)
    )
}

/// How Xcode turns one launch-argument entry of a scheme (`<CommandLineArgument argument = "…">`) or a test plan
/// (`"argument" : "…"`) into argv words: shell-style. `-pageSize 5` is two words; `-greeting "Hello there"` is two
/// words, the second holding a space.
///
/// - Spaces, tabs and line breaks outside quotes separate words.
/// - `'…'` is taken literally; inside `"…"` a backslash escapes `"` and `\` (and is kept before anything else);
///   outside quotes a backslash escapes the next character. `""` is an empty word.
/// - Nothing is expanded here (Xcode expands build settings such as `$(SRCROOT)` before splitting; the text keeps
///   them as written).
///
/// The exports write each word through ``quote(_:)``, so that Xcode's split gives back exactly the word (a profile
/// argument `Hello there` is one word, written `"Hello there"`), and `--update` compares an entry of the file with the
/// profile's entries through its words (``split(_:)``): an entry `-pageSize 5` stands for the two words `-pageSize`
/// and `5`.
enum XcodeArgumentWords {
    /// The words of `text`, and the offset (in Unicode scalars) of a quote that is never closed (the rest of the text
    /// is then taken as quoted).
    static func splitReporting(_ text: String) -> (words: [String], unclosedQuote: Int?) {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var inWord = false
        var quote: Unicode.Scalar?
        var quoteOffset = 0
        var escaping = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if escaping {
                if quote == "\"", scalar != "\"", scalar != "\\" { word.append("\\") }
                word.append(scalar)
                escaping = false
                continue
            }
            switch quote {
            case "'":
                if scalar == "'" { quote = nil } else { word.append(scalar) }
            case "\"":
                if scalar == "\"" {
                    quote = nil
                } else if scalar == "\\" {
                    escaping = true
                } else {
                    word.append(scalar)
                }
            default:
                switch scalar {
                case " ", "\t", "\n", "\r":
                    if inWord { words.append(String(word)) }
                    word = String.UnicodeScalarView()
                    inWord = false
                case "'", "\"":
                    quote = scalar
                    quoteOffset = offset
                    inWord = true
                case "\\":
                    escaping = true
                    inWord = true
                default:
                    word.append(scalar)
                    inWord = true
                }
            }
        }
        if escaping { word.append("\\") }
        if inWord { words.append(String(word)) }
        return (words, quote == nil ? nil : quoteOffset)
    }

    /// The words of `text`, as Xcode passes them.
    static func split(_ text: String) -> [String] { splitReporting(text).words }

    /// `word` written so that ``split(_:)`` gives back exactly `[word]`: as it is when it holds no space, quote or
    /// backslash (and is not empty), else in double quotes with `"` and `\` escaped.
    static func quote(_ word: String) -> String {
        let needsQuotes =
            word.isEmpty
            || word.unicodeScalars.contains {
                $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\"" || $0 == "'" || $0 == "\\"
            }
        guard needsQuotes else { return word }
        var out = "\""
        for scalar in word.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    /// `words` as one entry: each quoted where needed, separated by a space.
    static func join(_ words: [String]) -> String { words.map(quote).joined(separator: " ") }
}

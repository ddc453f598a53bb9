/// Quoting for POSIX shells: the result, pasted into `sh` or `bash`, is exactly the original text.
package enum ShellQuoting {
    /// `text` unchanged when it needs no quoting, else single-quoted (`'it'\''s'`).
    package static func quote(_ text: String) -> String {
        if !text.isEmpty, text.utf8.allSatisfy(isSafe) { return text }
        return singleQuoted(text)
    }

    /// `text` in single quotes whatever it holds (`'it'\''s'`).
    package static func singleQuoted(_ text: String) -> String { "'" + insideSingleQuotes(text) + "'" }

    /// `text` as it is written between single quotes: each `'` as `'\''` (close, an escaped quote, open again). The one
    /// place the rule is written: exports, `--dry-run` and the zsh completion script use it.
    package static func insideSingleQuotes(_ text: String) -> String { text.replacingAll("'", with: "'\\''") }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: ","),
            UInt8(ascii: "+"), UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}

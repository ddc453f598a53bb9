/// The launch-argument parser: finds `-key value`, bare `-flag`, `--key value`, `--key=value` and bare `--flag`.
///
/// Rules, in order:
/// - The first element (the program path) is skipped; `--` ends option parsing.
/// - A token is an option when it starts with `-`, has something after the dashes and is not a negative number
///   (`-5`, `-2.5`, `-.5` are values, not options). A lone `-` is a value.
/// - `--key=value` and `-key=value` carry their value inline (the value may be empty or start with `-`).
/// - Otherwise the next token is the option's value unless it is itself an option (or `--`), in which case the
///   option is a bare flag (present, without a value). Pass a value that starts with `-` as `--key=-value`.
/// - The value of `-key value` (one dash, the value its own token: Apple's argument domain) that is a property-list
///   quoted string is that string, as `UserDefaults` reads it (`-greeting '"Hello there"'` is `Hello there`); an
///   array (`(en, fr)`) keeps its text, which list reads take apart (``PropertyListText``).
/// - Tokens that are neither options nor values of one are positional arguments and are ignored.
/// - Keys are canonicalised with ``ProfileKey``; when a key is given more than once the last occurrence wins.
package enum LaunchArguments {
    /// One option found in argv.
    package struct Option: Equatable {
        /// The canonical key.
        package var key: String
        /// The value, or `nil` for a bare flag.
        package var text: String?
        /// The index of the option token in argv, to name it in messages.
        package var token: Int
    }

    /// Calls `body` with each option of `arguments`, in order.
    package static func parse(_ arguments: [String], _ body: (Option) -> Void) {
        var index = 1
        let count = arguments.count
        while index < count {
            let token = arguments[index]
            guard isOption(token) else {
                index += 1
                continue
            }
            let utf8 = token.utf8
            var nameStart = utf8.index(after: utf8.startIndex)
            if utf8[nameStart] == UInt8(ascii: "-") {
                nameStart = utf8.index(after: nameStart)
                if nameStart == utf8.endIndex { return }  // `--`: end of options
            }
            let name = utf8[nameStart...]
            if let equals = name.firstIndex(of: UInt8(ascii: "=")) {
                let key = ProfileKey.canonical(name[..<equals])
                if !key.isEmpty {
                    let text = String(decoding: name[name.index(after: equals)...], as: UTF8.self)
                    body(Option(key: key, text: text, token: index))
                }
                index += 1
                continue
            }
            let key = ProfileKey.canonical(name)
            var text: String?
            let optionIndex = index
            if index + 1 < count, !isOption(arguments[index + 1]) {
                text = arguments[index + 1]
                index += 1
                // `-key "quoted text"`: the argument domain's property-list string, as `UserDefaults` reads it.
                if nameStart == utf8.index(after: utf8.startIndex), let value = text, let string = quotedString(value) {
                    text = string
                }
            }
            if !key.isEmpty {
                body(Option(key: key, text: text, token: optionIndex))
            }
            index += 1
        }
    }

    /// The string a property-list text denotes when it is a quoted string (`"hello world"` → `hello world`), as
    /// `UserDefaults` reads the value of `-key value`; nil for any other text (taken as it is).
    static func quotedString(_ text: String) -> String? {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "\"") || first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
                || first == UInt8(ascii: "\n")
        else { return nil }
        if case .string(let string)? = PropertyListText.parse(text) { return string }
        return nil
    }

    /// Whether `token` is an option (starts with `-`, is longer than `-`, and is not a negative number). The tool pairs
    /// `-key value` words with it too (import, outer profiles).
    package static func isOption(_ token: String) -> Bool {
        var bytes = token.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "-"), let second = bytes.next() else { return false }
        if isDigit(second) { return false }
        if second == UInt8(ascii: "."), let third = bytes.next(), isDigit(third) { return false }
        return true
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

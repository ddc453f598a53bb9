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

    /// One word of argv as the rules above read it (``items(_:from:_:)``).
    package struct Item: Equatable {
        /// The word's index.
        package var index: Int
        /// The index of the word that is its value (`-key value`); nil for a bare flag, an option with its value inline
        /// (`--key=value`) and a word that is no option.
        package var value: Int?
        /// Whether the word is read as an option (`--` and every word after it are not).
        package var isOption: Bool
    }

    /// Calls `body` with each item of `arguments` from `start` on, in order: an option with the word that is its value
    /// when the next word is one (not an option, nor `--`), and every other word alone; `--` ends the options. The one
    /// reading of these rules: ``parse(_:_:)`` and every place in the tool that pairs `-key value` words (outer
    /// profiles, import, the words generated Swift leaves out) go through it.
    package static func items(_ arguments: [String], from start: Int = 0, _ body: (Item) -> Void) {
        var index = start
        let count = arguments.count
        while index < count {
            let word = arguments[index]
            if word == "--" {
                for rest in index..<count { body(Item(index: rest, value: nil, isOption: false)) }
                return
            }
            let option = isOption(word)
            if option, !word.utf8.contains(UInt8(ascii: "=")), index + 1 < count, !isOption(arguments[index + 1]) {
                body(Item(index: index, value: index + 1, isOption: true))
                index += 2
            } else {
                body(Item(index: index, value: nil, isOption: option))
                index += 1
            }
        }
    }

    /// Calls `body` with each option of `arguments`, in order.
    package static func parse(_ arguments: [String], _ body: (Option) -> Void) {
        items(arguments, from: 1) { item in
            guard item.isOption else { return }
            let token = arguments[item.index]
            let utf8 = token.utf8
            var nameStart = utf8.index(after: utf8.startIndex)
            if utf8[nameStart] == UInt8(ascii: "-") { nameStart = utf8.index(after: nameStart) }
            let name = utf8[nameStart...]
            if let equals = name.firstIndex(of: UInt8(ascii: "=")) {
                let key = ProfileKey.canonical(name[..<equals])
                if !key.isEmpty {
                    let text = String(decoding: name[name.index(after: equals)...], as: UTF8.self)
                    body(Option(key: key, text: text, token: item.index))
                }
                return
            }
            let key = ProfileKey.canonical(name)
            var text = item.value.map { arguments[$0] }
            // `-key "quoted text"`: the argument domain's property-list string, as `UserDefaults` reads it.
            if nameStart == utf8.index(after: utf8.startIndex), let value = text, let string = quotedString(value) {
                text = string
            }
            if !key.isEmpty {
                body(Option(key: key, text: text, token: item.index))
            }
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

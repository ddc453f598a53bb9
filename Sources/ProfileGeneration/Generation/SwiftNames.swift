/// Turning catalog keys, variants and profile names into Swift identifiers that compile and read naturally.
///
/// `local-mock` → `localMock`, `http.timeout` → `httpTimeout`, `UITests` → `uiTests`, `API_BASE` → `apiBase`,
/// `2fa` → `_2fa`, `default` → `` `default` ``. Words are split at every character that cannot continue a Swift
/// identifier (and at `_`); a name that keeps nothing becomes `_`.
package enum SwiftNames {
    /// Words that must be back-quoted to be used as an identifier.
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_",
    ]

    /// `skipOnboarding`-style name for a member (case, static property).
    package static func lowerCamel(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "_" }
        var result = lowercasedLead(first)
        for word in parts.dropFirst() { result += capitalized(word) }
        return leadingDigitSafe(result)
    }

    /// `SkipOnboarding`-style name for a type.
    package static func upperCamel(_ text: String) -> String {
        let parts = words(text)
        guard !parts.isEmpty else { return "_" }
        return leadingDigitSafe(parts.map(capitalized).joined())
    }

    /// The identifier as it must be written in source: back-quoted when it is a keyword.
    package static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The words of `text`. When every word is in capitals (`API_BASE`), the words are taken as `Api`, `Base`.
    static func words(_ text: String) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar != "_" && scalar.properties.isXIDContinue {
                current.append(scalar)
            } else if !current.isEmpty {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { parts.append(String(current)) }
        let screaming =
            parts.contains { $0.unicodeScalars.contains(where: \.properties.isUppercase) }
            && parts.allSatisfy { !$0.unicodeScalars.contains(where: \.properties.isLowercase) }
        if screaming { parts = parts.map { capitalized($0.lowercased()) } }
        return parts
    }

    /// The first character in capitals, the rest as written.
    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// The leading capitals in lower case, keeping the last one of an acronym that starts a word: `UITests` →
    /// `uiTests`, `URL` → `url`, `Name` → `name`.
    static func lowercasedLead(_ word: String) -> String {
        let characters = Array(word)
        var run = 0
        while run < characters.count, characters[run].isUppercase { run += 1 }
        if run == 0 { return word }
        if run > 1, run < characters.count, characters[run].isLowercase { run -= 1 }
        return characters[..<run].map { $0.lowercased() }.joined() + String(characters[run...])
    }

    /// A name cannot start with a digit (or another character that only continues identifiers): prefix `_`.
    static func leadingDigitSafe(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return "_" }
        return first.properties.isXIDStart ? name : "_" + name
    }
}

/// Hands out unique identifiers within one scope, in the order asked: the second `localMock` becomes `localMock2`;
/// a reserved name gets `suffix` first (`mockKey` → `mockKey_`).
struct IdentifierScope {
    private var used: Set<String>
    private let reserved: Set<String>
    private let suffix: String

    init(reserved: Set<String> = [], suffix: String = "_") {
        self.used = []
        self.reserved = reserved
        self.suffix = suffix
    }

    /// A unique identifier based on `base` (not yet escaped).
    mutating func claim(_ base: String) -> String {
        let start = reserved.contains(base) ? base + suffix : base
        var candidate = start
        var number = 2
        while used.contains(candidate) || reserved.contains(candidate) {
            candidate = start + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}

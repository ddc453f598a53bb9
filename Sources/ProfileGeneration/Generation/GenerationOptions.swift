/// The options of `profile generate swift` that change what it writes, recorded in the file it writes (a second
/// header line, `// Options: --access public --include-local`, only when one is not the default), so that
/// `generate --check` and a later `generate --output` given no options use the ones the file was generated with.
package struct GenerationOptions: Sendable, Equatable {
    /// The access level of the generated declarations.
    package var access: SwiftGenerator.AccessLevel
    /// Whether personal `.local` overlays apply to `LaunchProfiles` (by default they are left out: the file is the
    /// same as a clean checkout's).
    package var includeLocal: Bool

    /// Options; the defaults are what `profile generate swift` writes without any.
    package init(access: SwiftGenerator.AccessLevel = .internal, includeLocal: Bool = false) {
        self.access = access
        self.includeLocal = includeLocal
    }

    /// The start of the header line that records the options.
    static let headerPrefix = "// Options: "

    /// The options as command-line words, the defaults left out: `["--access", "public", "--include-local"]`.
    package var words: [String] {
        var words: [String] = []
        if access != .internal { words += ["--access", access.rawValue] }
        if includeLocal { words.append("--include-local") }
        return words
    }

    /// The header line recording the options, nil when they are the defaults.
    var headerLine: String? {
        let words = words
        return words.isEmpty ? nil : Self.headerPrefix + words.joined(separator: " ")
    }

    /// The options a file `profile generate swift` wrote was generated with, read from its header; nil when
    /// `source` is not such a file. Words it does not know are ignored (a newer `profile`'s options).
    package static func recorded(in source: [UInt8]) -> GenerationOptions? {
        let lines = source.prefix(4096).split(
            separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
        guard let first = lines.first, String(decoding: first, as: UTF8.self).hasPrefix(SwiftGenerator.headerStart)
        else { return nil }
        var options = GenerationOptions()
        guard lines.count > 1 else { return options }
        let second = String(decoding: lines[1], as: UTF8.self)
        guard second.hasPrefix(headerPrefix) else { return options }
        let words = second.dropFirst(headerPrefix.count).split(separator: " ").map(String.init)
        var index = 0
        while index < words.count {
            switch words[index] {
            case "--access" where index + 1 < words.count:
                if let access = SwiftGenerator.AccessLevel(rawValue: words[index + 1]) { options.access = access }
                index += 1
            case "--include-local": options.includeLocal = true
            default: break
            }
            index += 1
        }
        return options
    }
}

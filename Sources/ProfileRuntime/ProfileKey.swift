/// Key canonicalisation: `http.serverTimeout`, `HTTP_SERVER_TIMEOUT`, `--http-server-timeout` and
/// `-httpServerTimeout` are one key.
///
/// A key is split into words at `.`, `_` and `-` and where a lowercase letter is followed by an uppercase letter; the
/// words are lowercased and joined with `-` (`http-server-timeout`). The word boundaries are apple/swift-configuration
/// 1.4.0's (its `CLIKeyEncoder` and `EnvironmentKeyEncoder`): only a lowercase letter followed by an uppercase one
/// starts a word, so runs of capitals stay one word (`HTTPServer` is `httpserver`; write `httpServer` to get two
/// words) and so does a digit followed by a capital (`oauth2Token` is `oauth2token`, `ipv6Enabled` is `ipv6enabled`),
/// and letters are Unicode letters (`zählerÄnderung` is `zähler-änderung`, read from `ZÄHLER_ÄNDERUNG`). ASCII keys
/// take a path of bytes; others go through the standard library's Unicode properties and case mappings.
package enum ProfileKey {
    /// The canonical form of `key`: its words, lowercased, joined with `-`.
    package static func canonical(_ key: String) -> String {
        canonical(key.utf8)
    }

    /// The canonical form of a key given as UTF-8 (a whole string or a slice of an argument).
    package static func canonical<Bytes: Collection<UInt8>>(_ key: Bytes) -> String {
        let capacity = key.count * 2
        guard capacity > 0 else { return "" }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var length = 0
            var separatorPending = false
            var previous = CharacterClass.separator
            for byte in key {
                if byte >= 0x80 { return unicodeCanonical(String(decoding: key, as: UTF8.self)) }
                let current = CharacterClass(byte)
                if current == .separator {
                    separatorPending = length > 0
                    previous = .separator
                    continue
                }
                if current == .upper && previous == .lower {
                    separatorPending = true
                }
                if separatorPending {
                    buffer[length] = UInt8(ascii: "-")
                    length += 1
                    separatorPending = false
                }
                buffer[length] = current == .upper ? byte | 0x20 : byte
                length += 1
                previous = current
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
        }
    }

    /// ``canonical(_:)`` of a key that is not all ASCII: the same rule over characters, with Unicode's lowercase and
    /// uppercase properties (`Character.isLowercase`, `isUppercase`) and its lowercase mapping, as swift-configuration
    /// uses them.
    private static func unicodeCanonical(_ key: String) -> String {
        var words = ""
        var separatorPending = false
        var previousIsLower = false
        for character in key {
            if character == "." || character == "_" || character == "-" {
                separatorPending = !words.isEmpty
                previousIsLower = false
                continue
            }
            if character.isUppercase && previousIsLower { separatorPending = true }
            if separatorPending {
                words.append("-")
                separatorPending = false
            }
            words.append(character)
            previousIsLower = character.isLowercase
        }
        return words.lowercased()
    }

    /// The environment variable name of a canonical key: SCREAMING_SNAKE_CASE (`http-server-timeout` →
    /// `HTTP_SERVER_TIMEOUT`; `zähler-änderung` → `ZÄHLER_ÄNDERUNG`, uppercased as swift-configuration does).
    static func environmentName(canonical: String) -> String {
        let count = canonical.utf8.count
        guard count > 0 else { return "" }
        if canonical.utf8.contains(where: { $0 >= 0x80 }) {
            var name = ""
            for character in canonical.uppercased() { name.append(character == "-" ? "_" : character) }
            return name
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var index = 0
            for byte in canonical.utf8 {
                switch byte {
                case UInt8(ascii: "-"): buffer[index] = UInt8(ascii: "_")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): buffer[index] = byte & ~0x20
                default: buffer[index] = byte
                }
                index += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<index]), as: UTF8.self)
        }
    }

    /// The long-option spelling of a canonical key (`http-server-timeout` → `--http-server-timeout`).
    static func optionName(canonical: String) -> String {
        "--" + canonical
    }

    private enum CharacterClass: Equatable {
        case separator, lower, upper, digit, other

        @inline(__always)
        init(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): self = .lower
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .upper
            case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .digit
            case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): self = .separator
            default: self = .other
            }
        }
    }
}

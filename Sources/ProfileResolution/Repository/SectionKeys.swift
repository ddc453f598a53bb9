import ProfileModel
import ProfilePlatform

/// The keys a profile file sets in one top-level section (`flags`, `mocks`, `values`), for shell completion without a
/// catalog: read by scanning the section's lines, which costs microseconds a file, so that `--enable <TAB>` over
/// thousands of profiles answers as fast as the profile names do. A file the scan cannot read with certainty (a flow
/// mapping, an anchor, a merge key, quoted keys, tabs) is parsed and decoded in full instead, as ``ProfileSummary``
/// does.
package enum SectionKeys {
    /// The top-level sections whose keys can be read.
    package enum Section: String, Sendable {
        case flags, mocks, values
    }

    /// The keys `section` of the file at `path` sets, in file order; nil when the file cannot be read or parsed.
    package static func read(_ section: Section, name: String, path: String, isOverlay: Bool = false) -> [String]? {
        guard let bytes = try? FileSystem.read(path) else { return nil }
        if let keys = scan(section, bytes: bytes) { return keys }
        guard let document = try? ProfileRepository.parse(path: path) else { return nil }
        let (definition, _) = ProfileDecoder.decode(document, name: name, isOverlay: isOverlay)
        switch section {
        case .flags: return definition.flags.map(\.key.value)
        case .mocks: return definition.mocks.map(\.key.value)
        case .values: return definition.values.map(\.key.value)
        }
    }

    /// The fast path: nil when the file is not simple enough to be sure.
    static func scan(_ section: Section, bytes: [UInt8]) -> [String]? {
        let header = Array(section.rawValue.utf8) + [UInt8(ascii: ":")]
        var keys: [String] = []
        var inside = false
        var indent = 0
        var start = ByteOrderMark.length(in: bytes)
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var column = start
            while column < lineEnd, bytes[column] == UInt8(ascii: " ") { column += 1 }
            if column == lineEnd || bytes[column] == UInt8(ascii: "#") { continue }  // blank or comment
            if bytes[column] == 0x09 { return nil }
            let depth = column - start
            if depth == 0 {
                // `---`, `%YAML`, `? key`, `<<: *base` and the like: let the parser decide.
                let first = bytes[start]
                if first == UInt8(ascii: "-") || first == UInt8(ascii: "%") || first == UInt8(ascii: "?")
                    || first == UInt8(ascii: "<") || first == UInt8(ascii: "&") || first == UInt8(ascii: "*")
                    || first == UInt8(ascii: "{") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
                {
                    return nil
                }
                inside = false
                guard lineEnd - start >= header.count, bytes[start..<start + header.count].elementsEqual(header) else {
                    continue
                }
                // `flags:` alone (or with a comment) opens a block; anything else after it (`{…}`, `&anchor`,
                // `null`) is for the parser.
                var rest = start + header.count
                while rest < lineEnd, bytes[rest] == UInt8(ascii: " ") { rest += 1 }
                if rest < lineEnd, bytes[rest] != UInt8(ascii: "#") { return nil }
                if !keys.isEmpty { return nil }  // the section twice: a duplicate the parser reports
                inside = true
                indent = 0
                continue
            }
            guard inside else { continue }
            if indent == 0 { indent = depth }
            if depth > indent { continue }  // inside an entry (a mock's block, a multi-line value)
            if depth < indent { return nil }
            // `key: …` with a plain key.
            var colon = column
            while colon < lineEnd, isKeyByte(bytes[colon]) { colon += 1 }
            guard colon > column, colon < lineEnd, bytes[colon] == UInt8(ascii: ":"),
                colon + 1 == lineEnd || bytes[colon + 1] == UInt8(ascii: " ")
            else { return nil }
            keys.append(String(decoding: bytes[column..<colon], as: UTF8.self))
        }
        return keys
    }

    /// Letters, digits, `_`, `.` and `-`: what a key is made of (``Names/isValidKey(_:)`` has the full rule).
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }
}

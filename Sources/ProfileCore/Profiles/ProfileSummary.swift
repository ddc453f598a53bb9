/// What `list` and shell completion need of a profile: its description and whether it is abstract.
///
/// Read by scanning the file's top-level `description:` and `abstract:` lines, which costs microseconds; a file
/// the scan cannot read with certainty (block scalars, merge keys, flow mappings) is parsed in full instead.
public struct ProfileSummary: Sendable, Equatable {
    /// The profile's name.
    public var name: String
    /// The description, when there is one.
    public var description: String?
    /// Whether the profile is abstract (hidden from `list` and completion).
    public var isAbstract: Bool

    /// Creates a summary.
    public init(name: String, description: String?, isAbstract: Bool) {
        self.name = name
        self.description = description
        self.isAbstract = isAbstract
    }

    /// The summary of the profile in `path`, or nil when the file cannot be read or parsed (the full load
    /// reports why).
    public static func read(name: String, path: String) -> ProfileSummary? {
        guard let bytes = try? FileSystem.read(path) else { return nil }
        if let summary = scan(name: name, bytes: bytes) { return summary }
        guard case .success(let document) = ProfileRepository.parse(path: path) else { return nil }
        let (definition, _) = ProfileDecoder.decode(document, name: name, isOverlay: false)
        return ProfileSummary(name: name, description: definition.description?.value, isAbstract: definition.isAbstract)
    }

    /// The fast path: nil when the file is not simple enough to be sure.
    static func scan(name: String, bytes: [UInt8]) -> ProfileSummary? {
        var summary = ProfileSummary(name: name, description: nil, isAbstract: false)
        var lineStart = 0
        var sawMapping = false
        var previousWasSummary = false
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { lineStart = 3 }
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            let first = lineStart < end ? bytes[lineStart] : UInt8(ascii: "#")
            if first == UInt8(ascii: " ") {
                // A continuation line: fine under other keys, but it could continue a description.
                let rest = bytes[lineStart..<end].drop { $0 == UInt8(ascii: " ") }
                if previousWasSummary, let next = rest.first, next != UInt8(ascii: "#") { return nil }
            } else if first == UInt8(ascii: "#") {
                // A comment or an empty line.
            } else if "{[&*!%?\"'<-.\t|>@`".utf8.contains(first) {
                return nil
            } else {
                sawMapping = true
                previousWasSummary = false
                let line = bytes[lineStart..<end]
                if let value = topLevelValue(line, key: "description") {
                    guard let text = scalarText(value) else { return nil }
                    summary.description = text
                    previousWasSummary = true
                } else if let value = topLevelValue(line, key: "abstract") {
                    guard let text = scalarText(value) else { return nil }
                    switch text.lowercased() {
                    case "true", "yes", "on": summary.isAbstract = true
                    case "false", "no", "off": summary.isAbstract = false
                    default: return nil
                    }
                    previousWasSummary = true
                } else if line.starts(with: Array("<<".utf8)) {
                    return nil
                }
            }
            lineStart = lineEnd + 1
        }
        return sawMapping ? summary : nil
    }

    private static func topLevelValue(_ line: ArraySlice<UInt8>, key: String) -> ArraySlice<UInt8>? {
        let keyBytes = Array(key.utf8)
        guard line.count > keyBytes.count, line.starts(with: keyBytes) else { return nil }
        var index = line.startIndex + keyBytes.count
        while index < line.endIndex, line[index] == UInt8(ascii: " ") { index += 1 }
        guard index < line.endIndex, line[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard index == line.endIndex || line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") else { return nil }
        while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") { index += 1 }
        return line[index...]
    }

    /// A one-line plain or single/double-quoted scalar without escapes; nil for anything else.
    private static func scalarText(_ value: ArraySlice<UInt8>) -> String? {
        guard let first = value.first else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = value.dropFirst().firstIndex(of: first) else { return nil }
            let inner = value[(value.startIndex + 1)..<close]
            if first == UInt8(ascii: "\"") && inner.contains(UInt8(ascii: "\\")) { return nil }
            let rest = value[(close + 1)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard rest.isEmpty || rest.first == UInt8(ascii: "#") else { return nil }
            if first == UInt8(ascii: "'"), inner.contains(UInt8(ascii: "'")) { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
        if "|>&*!%@`[{\"'#,".utf8.contains(first) { return nil }
        var text = value[...]
        if let hash = indexOfComment(text) { text = text[..<hash] }
        while let last = text.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { text = text.dropLast() }
        if text.contains(where: { $0 == UInt8(ascii: ":") }) { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    private static func indexOfComment(_ text: ArraySlice<UInt8>) -> Int? {
        var previous: UInt8 = 0
        for index in text.indices {
            if text[index] == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                return index
            }
            previous = text[index]
        }
        return nil
    }
}

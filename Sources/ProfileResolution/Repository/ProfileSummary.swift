import ProfileModel
import ProfilePlatform
import ProfileRuntime

/// What `list` and shell completion need of a profile: its description and whether it is abstract.
///
/// Read by scanning the file's top-level `description:` and `abstract:` lines, which costs microseconds; a file
/// the scan cannot read with certainty (block scalars, merge keys, flow mappings) is parsed in full instead.
package struct ProfileSummary: Sendable, Equatable {
    /// The profile's name.
    package var name: String
    /// The description, when there is one.
    package var description: String?
    /// Whether the profile is abstract (hidden from `list` and completion).
    package var isAbstract: Bool

    /// Creates a summary.
    package init(name: String, description: String?, isAbstract: Bool) {
        self.name = name
        self.description = description
        self.isAbstract = isAbstract
    }

    /// The summary of the profile in `path`, or nil when the file cannot be read or parsed (the full load
    /// reports why).
    package static func read(name: String, path: String) -> ProfileSummary? {
        guard let bytes = try? FileSystem.read(path) else { return nil }
        if let summary = scan(name: name, bytes: bytes) { return summary }
        guard let document = try? ProfileRepository.parse(path: path) else { return nil }
        let (definition, _) = ProfileDecoder.decode(document, name: name, isOverlay: false)
        return ProfileSummary(name: name, description: definition.description?.value, isAbstract: definition.isAbstract)
    }

    /// The fast path: nil when the file is not simple enough to be sure.
    static func scan(name: String, bytes: [UInt8]) -> ProfileSummary? {
        bytes.withUnsafeBufferPointer { scan(name: name, bytes: $0) }
    }

    private static func scan(name: String, bytes: UnsafeBufferPointer<UInt8>) -> ProfileSummary? {
        var summary = ProfileSummary(name: name, description: nil, isAbstract: false)
        var lineStart = 0
        var sawMapping = false
        var previousWasSummary = false
        let count = bytes.count
        lineStart = ByteOrderMark.length(in: bytes)
        while lineStart < count {
            let lineEnd = ByteSearch.firstIndex(of: 0x0A, in: bytes, from: lineStart) ?? count
            var end = lineEnd
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
            let first = lineStart < end ? bytes[lineStart] : UInt8(ascii: "#")
            if first == UInt8(ascii: " ") {
                // A continuation line: fine under other keys, but it could continue a description.
                if previousWasSummary {
                    var index = lineStart
                    while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
                    if index < end, bytes[index] != UInt8(ascii: "#") { return nil }
                }
            } else if first == UInt8(ascii: "#") {
                // A comment or an empty line.
            } else if isUnsafeLineStart(first) {
                return nil
            } else {
                sawMapping = true
                previousWasSummary = false
                let line = Range(uncheckedBounds: (lineStart, end))
                if let value = topLevelValue(bytes, line, key: descriptionKey) {
                    guard let text = scalarText(bytes, value) else { return nil }
                    summary.description = text
                    previousWasSummary = true
                } else if let value = topLevelValue(bytes, line, key: abstractKey) {
                    guard let text = scalarText(bytes, value) else { return nil }
                    guard let isAbstract = TextConversion.booleanWord(text) else { return nil }
                    summary.isAbstract = isAbstract
                    previousWasSummary = true
                }
            }
            lineStart = lineEnd + 1
        }
        return sawMapping ? summary : nil
    }

    private static let descriptionKey = Array("description".utf8)
    private static let abstractKey = Array("abstract".utf8)

    /// A line starting with one of ``{[&*!%?"'<-.\t|>@` `` is not a plain top-level key (a merge key `<<` among them).
    private static func isUnsafeLineStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
            UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: ">"),
            UInt8(ascii: "@"), UInt8(ascii: "`"):
            return true
        default:
            return false
        }
    }

    /// The value after `key:` on a top-level line (after the spaces that follow the colon), or nil.
    private static func topLevelValue(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, key: [UInt8]) -> Range<
        Int
    >? {
        guard line.count > key.count else { return nil }
        for offset in 0..<key.count where bytes[line.lowerBound + offset] != key[offset] { return nil }
        var index = line.lowerBound + key.count
        while index < line.upperBound, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < line.upperBound, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard index == line.upperBound || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") else {
            return nil
        }
        while index < line.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return index..<line.upperBound
    }

    /// A one-line plain or single/double-quoted scalar without escapes; nil for anything else.
    private static func scalarText(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> String? {
        guard let firstIndex = value.first else { return nil }
        let first = bytes[firstIndex]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var close = firstIndex + 1
            while close < value.upperBound, bytes[close] != first { close += 1 }
            guard close < value.upperBound else { return nil }
            let inner = (firstIndex + 1)..<close
            if first == UInt8(ascii: "\""), inner.contains(where: { bytes[$0] == UInt8(ascii: "\\") }) { return nil }
            var rest = close + 1
            while rest < value.upperBound, bytes[rest] == UInt8(ascii: " ") || bytes[rest] == UInt8(ascii: "\t") {
                rest += 1
            }
            guard rest == value.upperBound || bytes[rest] == UInt8(ascii: "#") else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[inner]), as: UTF8.self)
        }
        switch first {
        case UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
            UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: ","):
            return nil
        default:
            break
        }
        var end = value.upperBound
        // A comment starts at a `#` after a space or tab.
        var previous: UInt8 = 0
        for index in value {
            if bytes[index] == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                end = index
                break
            }
            previous = bytes[index]
        }
        while end > value.lowerBound, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
            end -= 1
        }
        let text = value.lowerBound..<end
        if text.contains(where: { bytes[$0] == UInt8(ascii: ":") }) { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self)
    }
}

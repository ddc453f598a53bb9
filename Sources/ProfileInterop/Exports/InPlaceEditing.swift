import ProfileModel
import ProfilePlatform

/// Byte-level helpers for rewriting part of a file and leaving the rest exactly as it was.
enum InPlaceEditing {
    /// The file's line ending: `\r\n` when its first line ends so, else `\n`.
    static func newline(of bytes: [UInt8]) -> String {
        guard let first = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
        return first > 0 && bytes[first - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    /// The spaces and tabs between the start of the line and `offset`, or nil when something else precedes it on
    /// its line.
    static func indentation(before offset: Int, in bytes: [UInt8]) -> String? {
        var start = offset
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") || bytes[start - 1] == UInt8(ascii: "\r") else {
            return nil
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// The leading spaces and tabs of the line holding `offset`.
    static func lineIndentation(at offset: Int, in bytes: [UInt8]) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Where the whitespace before `offset` begins, including the line break before it when only spaces and tabs
    /// separate them (so removing from there to an element's end removes its whole line).
    static func removalStart(before offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        if start > 0, bytes[start - 1] == UInt8(ascii: "\n") {
            start -= 1
            if start > 0, bytes[start - 1] == UInt8(ascii: "\r") { start -= 1 }
            return start
        }
        return offset
    }

    /// `lines` joined by `newline`, every line but the first prefixed with `indent` (the first continues a line
    /// already indented).
    static func join(_ lines: [String], indent: String, newline: String) -> String {
        lines.enumerated().map { $0.offset == 0 ? $0.element : indent + $0.element }.joined(separator: newline)
    }

    /// Replaces `range` of `bytes` with `text`.
    static func replace(_ bytes: inout [UInt8], _ range: Range<Int>, with text: String) {
        bytes.replaceSubrange(range, with: Array(text.utf8))
    }

    /// The line and column of `offset` (see ``LineIndex``), as a location in `path` for diagnostics.
    static func location(of offset: Int, in bytes: [UInt8], path: String) -> SourceLocation {
        let position = LineIndex(bytes).position(ofOffset: offset)
        return SourceLocation(
            file: SourceFile(path: path, bytes: bytes), mark: Mark(line: position.line, column: position.column))
    }
}

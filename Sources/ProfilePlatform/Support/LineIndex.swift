/// Where each line of a text starts: the one place that turns a byte offset into a line and column, and a line
/// number into the line's text.
///
/// Lines are counted as libyaml counts them (its marks are what most locations come from): a line ends at LF, CR,
/// CRLF, NEL (U+0085), LS (U+2028) or PS (U+2029). A UTF-8 byte order mark at the start is not part of line 1.
/// Columns count Unicode scalars, as libyaml does (see ``Mark``).
package struct LineIndex: Sendable {
    /// The text.
    let bytes: [UInt8]
    /// The byte offset where each line starts; `starts[0]` is line 1.
    private(set) var starts: [Int]

    /// Indexes `bytes` (one pass).
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts: [Int] = []
        var index = ByteOrderMark.length(in: bytes)
        starts.append(index)
        let count = bytes.count
        while index < count {
            let breakLength = Self.lineBreakLength(bytes, at: index)
            if breakLength > 0 {
                index += breakLength
                starts.append(index)
            } else {
                index += 1
            }
        }
        self.starts = starts
    }

    /// The length in bytes of the line break at `index` (CRLF counts as one break), or 0 when there is none.
    @inline(__always)
    private static func lineBreakLength(_ bytes: [UInt8], at index: Int) -> Int {
        switch bytes[index] {
        case 0x0A: return 1
        case 0x0D: return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return 0 }
            return bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 ? 3 : 0
        default: return 0
        }
    }

    /// The number of lines (a text that does not end with a line break has one more line than breaks).
    var lineCount: Int { starts.count }

    /// The text of the 1-based `line`, without its line break, or nil past the end of the text.
    package func line(_ line: Int) -> String? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        if line < starts.count {
            // Take the line break off: CRLF, LF, CR, or a multi-byte one.
            let breakStart =
                (max(start, end - 3)..<end).first { Self.lineBreakLength(bytes, at: $0) == end - $0 } ?? end
            end = breakStart
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The 1-based line and column (in Unicode scalars) of the byte at `offset` (clamped to the text).
    package func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        let offset = max(starts[0], min(offset, bytes.count))
        // The last line starting at or before `offset`.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in starts[low]..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }
}

/// The byte order marks a text file may start with. A UTF-8 mark (some Windows editors write one) is skipped wherever
/// a file is read as text, so that it never counts as a character of line 1; a UTF-16 mark means the file is not UTF-8.
package enum ByteOrderMark {
    /// The UTF-8 byte order mark, U+FEFF encoded: `EF BB BF`.
    static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `bytes` start with the UTF-8 byte order mark, else 0: where the text starts.
    package static func length<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }

    /// Whether `bytes` start with a UTF-16 byte order mark (`FF FE` or `FE FF`).
    package static func isUTF16<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    }
}

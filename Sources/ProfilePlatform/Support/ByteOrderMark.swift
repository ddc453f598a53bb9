/// The byte order marks a text file may start with. A UTF-8 mark (some Windows editors write one) is skipped wherever
/// a file is read as text, so that it never counts as a character of line 1; a UTF-16 mark means the file is not UTF-8.
///
/// The checks take the byte types their callers hold (`[UInt8]`, `UnsafeBufferPointer<UInt8>`), not any
/// `Collection<UInt8>`: the callers are in other targets, which do not specialise a generic function of this one, and
/// the unspecialised `starts(with:)` resolved its associated types through the runtime's conformance lookup on first
/// use (about 190,000 instructions: a third of `profile __complete profiles ''`, valgrind --tool=callgrind).
package enum ByteOrderMark {
    /// The UTF-8 byte order mark, U+FEFF encoded: `EF BB BF`.
    static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `bytes` start with the UTF-8 byte order mark, else 0: where the text starts.
    package static func length(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }

    /// 3 when `bytes` start with the UTF-8 byte order mark, else 0: where the text starts.
    package static func length(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { length(in: $0) }
    }

    /// Whether `bytes` start with a UTF-16 byte order mark (`FF FE` or `FE FF`).
    package static func isUTF16(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    }
}

import TestSupport

/// Random wire-format texts for the property-style tests (the generator is the shared `SeededRandom`).
extension SeededRandom {
    /// Pieces that stress the escaping: reserved bytes, control bytes, multi-byte UTF-8, dashes, look-alikes of
    /// the format's own syntax.
    static let pieces: [String] = [
        "a", "Z", "key", "page", "Size", "0", "42", "-", "--", "-5", ".", "_", " ", "=", ";", ",", "%", "%41", "%%",
        "\"", "'", "\n", "\r\n", "\t", "\u{7F}", "\u{0}", "\u{1}", "\u{1F}", "é", "Zoë", "中文", "🇩🇪",
        "e\u{301}", "end", ";end", "profile/2", "flag.", "value.x=1", "YES", "(en)", "\\",
    ]

    /// A random string of 0…`maxPieces` pieces (so empty strings occur too).
    mutating func string(maxPieces: Int = 6) -> String {
        let count = Int.random(in: 0...maxPieces, using: &self)
        var result = ""
        for _ in 0..<count {
            result += Self.pieces.randomElement(using: &self)!
        }
        return result
    }
}

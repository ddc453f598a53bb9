import ProfilePlatform
import TestSupport
import Testing

/// The streaming matcher against a reference that sees the whole text at once: every byte covered by an occurrence of
/// any secret is masked, overlapping occurrences as one mask. Generated texts are fed whole, one byte at a time, and
/// split in two at every position; the output must be the reference's, byte for byte.
@Suite struct StreamRedactorTests {
    static let secretSets: [[String]] = [
        ["supersecret"],
        ["abcabd", "bcab", "cabdx"],
        ["aaaaaaaa", "aaab"],
        ["tok-1234", "tok-12345678", "345678-end"],
        ["ab\u{00E9}c\u{1F511}key", "\u{1F511}key!"],
    ]

    /// The reference: every occurrence of every secret, merged where they overlap (sharing a byte; adjacent ones stay
    /// apart), each merged run written as the mask of the occurrence that starts first there (the longest of those).
    static func reference(_ text: [UInt8], _ secrets: [[UInt8]], _ masks: [[UInt8]]) -> [UInt8] {
        var matches: [(start: Int, end: Int, mask: Int)] = []
        // Byte by byte in plain loops: the generic iterators and slices of a debug build made this reference most of
        // the suite's CPU.
        text.withUnsafeBufferPointer { text in
            var start = 0
            while start < text.count {
                var index = 0
                while index < secrets.count {
                    let secret = secrets[index]
                    var length = 0
                    while length < secret.count && start + length < text.count && text[start + length] == secret[length]
                    {
                        length += 1
                    }
                    if length == secret.count { matches.append((start, start + secret.count, index)) }
                    index += 1
                }
                start += 1
            }
        }
        matches.sort { ($0.start, -$0.end) < ($1.start, -$1.end) }
        var runs: [(start: Int, end: Int, mask: Int)] = []
        for match in matches {
            if let last = runs.last, match.start < last.end {
                runs[runs.count - 1].end = max(last.end, match.end)
            } else {
                runs.append(match)
            }
        }
        var out: [UInt8] = []
        var index = 0
        for run in runs {
            out.append(contentsOf: text[index..<run.start])
            out.append(contentsOf: masks[run.mask])
            index = run.end
        }
        out.append(contentsOf: text[index...])
        return out
    }

    static func texts(for secrets: [String]) -> [String] {
        var texts = ["", "nothing here", secrets.joined(), secrets.joined(separator: " "), secrets.reversed().joined()]
        for secret in secrets {
            texts.append("x\(secret)y")
            texts.append(String(secret.dropLast()) + " " + secret)
            texts.append(secret + secret)
            texts.append("line 1\n\(secret)\n\(String(secret.dropFirst()))")
        }
        return texts
    }

    /// Feeds `text` in the given pieces.
    static func redact(_ pieces: [[UInt8]], _ redactor: StreamRedactor) -> [UInt8] {
        var redactor = redactor
        var out: [UInt8] = []
        for piece in pieces { piece.withUnsafeBytes { redactor.process($0, into: &out) } }
        redactor.finish(into: &out)
        return out
    }

    @Test(arguments: secretSets)
    func wholeByteByByteAndSplitEverywhere(secrets: [String]) {
        let bytes = secrets.map { Array($0.utf8) }
        let masks = secrets.map { Array("<secret:\($0.count)>".utf8) }
        let redactor = StreamRedactor(secrets: Array(zip(bytes, masks)))
        for text in Self.texts(for: secrets) {
            let input = Array(text.utf8)
            let expected = Self.reference(input, bytes, masks)
            #expect(Self.redact([input], redactor) == expected, "whole: \(text)")
            #expect(Self.redact(input.map { [$0] }, redactor) == expected, "byte by byte: \(text)")
            for split in 0...input.count {
                let pieces = [Array(input[..<split]), Array(input[split...])]
                #expect(Self.redact(pieces, redactor) == expected, "split at \(split): \(text)")
            }
        }
    }

    /// Long generated texts, so that the shift table's skips run (a window as long as the shortest secret, several
    /// windows per chunk): pieces of the secrets (their prefixes, suffixes and middles: near misses), whole secrets,
    /// and ordinary log text, fed in pieces of random sizes (1 byte to a few windows) and whole.
    @Test(arguments: [
        [
            "tok-SEKRIT-4242-abcdef", "pw-SEKRIT-overlay-1234",
            "postgres://u:pw-SEKRIT-overlay-1234@db.example.com/items",
        ],
        ["supersecret"], ["abcde", "bcdef", "cdefgh"], ["aaaaaaaa", "aaaaaaab"], ["12345", "2345678901234567890"],
    ])
    func longTextsInRandomPieces(secrets: [String]) {
        let bytes = secrets.map { Array($0.utf8) }
        let masks = secrets.indices.map { Array("<\($0)>".utf8) }
        let redactor = StreamRedactor(secrets: Array(zip(bytes, masks)))
        var random = SeededRandom(seed: UInt64(secrets.joined().utf8.count))
        let filler = Array("2026-11-26T10:00:00Z INFO request GET /api/v1/items?page=3 user=42 trace=\n".utf8)
        for _ in 0..<40 {
            var text: [UInt8] = []
            while text.count < 3000 {
                let secret = random.pick(bytes)
                let cut = Int(random.next() % UInt64(secret.count))
                switch random.next() % 5 {
                case 0: text += secret
                case 1: text += secret[..<cut]
                case 2: text += secret[cut...]
                case 3: text += secret[(cut / 2)..<cut]
                default: text += filler[Int(random.next() % UInt64(filler.count))...]
                }
            }
            let expected = Self.reference(text, bytes, masks)
            var pieces: [[UInt8]] = []
            var start = 0
            while start < text.count {
                let end = min(text.count, start + 1 + Int(random.next() % 200))
                pieces.append(Array(text[start..<end]))
                start = end
            }
            #expect(Self.redact(pieces, redactor) == expected)
            #expect(Self.redact([text], redactor) == expected)
        }
    }

    /// Each secret at every offset of a text long enough for several four-window steps of the skip (a window as long
    /// as the shortest secret, four shifts of up to its length minus 3 a step), with near misses and other secrets
    /// around it: whichever of the four windows first overlaps the secret, and wherever the chunk ends (fed whole, and
    /// in pieces of every size from 1 to 200), the output is the reference's.
    @Test(arguments: [
        [
            "tok-SEKRIT-4242-abcdef", "pw-SEKRIT-overlay-1234",
            "postgres://u:pw-SEKRIT-overlay-1234@db.example.com/items",
        ],
        ["abcdefgh"], ["12345", "2345678901234567890"],
    ])
    func aSecretAtEveryOffsetOfTheSkip(secrets: [String]) {
        let bytes = secrets.map { Array($0.utf8) }
        let masks = secrets.indices.map { Array("<\($0)>".utf8) }
        let redactor = StreamRedactor(secrets: Array(zip(bytes, masks)))
        let filler = Array("2026-11-26T10:00:00Z INFO request GET /api/v1/items?page=3 user=42 trace=\n".utf8)
        let longest = bytes.map(\.count).max()!
        let span = 4 * longest + 2 * filler.count
        for secret in bytes {
            let nearMiss = Array(secret.dropLast())
            for offset in 0..<span {
                var text: [UInt8] = []
                while text.count < offset { text += filler }
                text = Array(text[..<offset]) + secret + filler + nearMiss + filler + filler
                let expected = Self.reference(text, bytes, masks)
                #expect(Self.redact([text], redactor) == expected, "offset \(offset)")
                let size = 1 + offset % 200
                let pieces = stride(from: 0, to: text.count, by: size).map {
                    Array(text[$0..<min(text.count, $0 + size)])
                }
                #expect(Self.redact(pieces, redactor) == expected, "offset \(offset), pieces of \(size)")
            }
        }
    }

    @Test func noSecretsPassesEverything() {
        let redactor = StreamRedactor(secrets: [])
        #expect(redactor.isEmpty)
        #expect(Self.redact([Array("abc".utf8), Array("def".utf8)], redactor) == Array("abcdef".utf8))
    }

    @Test func aPartialMatchAtTheEndIsWrittenOnFinish() {
        let redactor = StreamRedactor(secrets: [(Array("secret-value".utf8), Array("<m>".utf8))])
        var copy = redactor
        var out: [UInt8] = []
        Array("log secret-val".utf8).withUnsafeBytes { copy.process($0, into: &out) }
        #expect(out == Array("log ".utf8))
        copy.finish(into: &out)
        #expect(out == Array("log secret-val".utf8))
    }
}

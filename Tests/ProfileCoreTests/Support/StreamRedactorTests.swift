import ProfilePlatform
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
        for start in text.indices {
            for (index, secret) in secrets.enumerated() where start + secret.count <= text.count {
                if Array(text[start..<(start + secret.count)]) == secret {
                    matches.append((start, start + secret.count, index))
                }
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

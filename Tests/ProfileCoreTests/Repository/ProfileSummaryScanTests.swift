import Testing

@testable import ProfileResolution

/// The summary scan works on bytes; it must agree with the scan as first written (kept here as the reference).
@Suite struct ProfileSummaryScanTests {
    @Test func byteScanAgreesWithTheReference() {
        let lines = [
            "description: Simple", "description: 'Quoted: with colon'", "description: \"Double\"  # comment",
            "description: Trailing # comment", "description: >", "description: |", "description:", "description: a: b",
            "description: \"esc\\aped\"", "description: 'it''s'", "description: 'open", "description : spaced",
            "descriptions: no", "abstract: true", "abstract: Yes", "abstract: OFF", "abstract: maybe",
            "abstract: 'true'",
            "abstract:true", "  continued", "  # comment", "# comment", "", "<<: *b", "- item", "{a: 1}", "env:",
            "  A: 1", "\tTab: x", "description: é ünïcode", "abstract: TRUE # yes", "key: value", "\r",
            "description: x\r",
        ]
        var state: UInt64 = 11
        for round in 0..<20_000 {
            var text = round % 7 == 0 ? "\u{FEFF}" : ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var bits = state
            for _ in 0..<Int(bits % 5) + 1 {
                bits /= 5
                text += lines[Int(bits % UInt64(lines.count))] + (bits % 3 == 0 ? "" : "\n")
                bits /= UInt64(lines.count)
            }
            let bytes = Array(text.utf8)
            #expect(
                ProfileSummary.scan(name: "p", bytes: bytes) == Self.referenceScan(name: "p", bytes: bytes),
                "\(text.debugDescription)")
        }
    }

    static func referenceScan(name: String, bytes: [UInt8]) -> ProfileSummary? {
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
        guard index == line.endIndex || line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") else {
            return nil
        }
        while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") {
            index += 1
        }
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

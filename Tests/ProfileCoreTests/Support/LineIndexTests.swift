import Testing

@testable import ProfilePlatform

/// Lines and columns counted one way everywhere: as libyaml counts them, columns in Unicode scalars.
@Suite struct LineIndexTests {
    @Test func linesEndAtEveryBreakLibYAMLKnows() {
        let text = "a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g"
        let index = LineIndex(Array(text.utf8))
        #expect(index.lineCount == 7)
        #expect((1...7).map { index.line($0) } == ["a", "b", "c", "d", "e", "f", "g"])
        #expect(index.line(0) == nil)
        #expect(index.line(8) == nil)
    }

    @Test func aByteOrderMarkIsNotPartOfLineOne() {
        let bytes = ByteOrderMark.utf8 + Array("key: 1\nx".utf8)
        let index = LineIndex(bytes)
        #expect(index.line(1) == "key: 1")
        #expect(index.position(ofOffset: 3) == (1, 1))
        #expect(index.position(ofOffset: 8) == (1, 6))
        #expect(index.position(ofOffset: 10) == (2, 1))
    }

    @Test func columnsCountUnicodeScalars() {
        // `é` as `e` and three combining accents is four scalars: the `x` after it is column 5, as libyaml says.
        let text = "e\u{301}\u{301}\u{301}x"
        let bytes = Array(text.utf8)
        let index = LineIndex(bytes)
        #expect(index.position(ofOffset: bytes.count - 1) == (1, 5))
        #expect(index.position(ofOffset: bytes.count) == (1, 6))
    }

    @Test func aTrailingBreakEndsTheLastLine() {
        let index = LineIndex(Array("one\r\n".utf8))
        #expect(index.line(1) == "one")
        #expect(index.line(2) == "")
        #expect(index.position(ofOffset: 5) == (2, 1))
    }

    @Test func byteOrderMarks() {
        #expect(ByteOrderMark.length(in: [0xEF, 0xBB, 0xBF, 0x61]) == 3)
        #expect(ByteOrderMark.length(in: [0xEF, 0xBB]) == 0)
        #expect(ByteOrderMark.isUTF16([0xFF, 0xFE, 0x61, 0x00]))
        #expect(ByteOrderMark.isUTF16([0xFE, 0xFF]))
        #expect(!ByteOrderMark.isUTF16([0xEF, 0xBB, 0xBF]))
    }
}

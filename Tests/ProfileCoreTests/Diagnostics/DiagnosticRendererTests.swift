import Testing

@testable import ProfileModel

/// The caret lands under what a terminal shows, whatever the line holds before it.
@Suite struct DiagnosticRendererTests {
    func rendered(_ line: String, column: Int, length: Int) -> [Substring] {
        let file = SourceFile(path: "p.yml", bytes: Array(line.utf8))
        let diagnostic = Diagnostic.error(
            "x", at: SourceLocation(file: file, mark: Mark(line: 1, column: column)), length: length)
        return DiagnosticRenderer().render(diagnostic).split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func combiningMarksAddNoColumn() {
        // Column 6 in Unicode scalars is the `k` after `é` written as `e` and three combining accents.
        let lines = rendered("a e\u{301}\u{301}\u{301} key", column: 8, length: 3)
        #expect(lines[0] == "p.yml:1:8: error: x")
        #expect(lines[2] == "    ^~~")
    }

    @Test func tabsStayTabsSoTheCaretLinesUp() {
        let lines = rendered("\tkey: 1", column: 2, length: 3)
        #expect(lines[2] == "\t^~~")
    }

    @Test func theWholeFileHasNoExcerpt() {
        let file = SourceFile(path: "p.yml", bytes: Array("a: 1\n".utf8))
        let text = DiagnosticRenderer().render(.error("unreadable", at: .wholeFile(file)))
        #expect(text == "p.yml: error: unreadable\n")
    }
}

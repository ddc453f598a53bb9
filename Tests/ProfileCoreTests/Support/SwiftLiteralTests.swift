import ProfilePlatform
import Testing

@Suite struct SwiftLiteralTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"C:\dir"#, #""C:\\dir""#),
        (#"\(injected)"#, #""\\(injected)""#),
        ("two\nlines\r\n", #""two\nlines\r\n""#),
        ("tab\there", #""tab\there""#),
        ("nul\u{0}", #""nul\0""#),
        ("bell\u{7}del\u{7F}", #""bell\u{7}del\u{7F}""#),
        ("rtl\u{202E}override", #""rtl\u{202E}override""#),
        ("line\u{2028}separator", #""line\u{2028}separator""#),
        ("café 😀 日本", #""café 😀 日本""#),
        ("#\"raw\"#", ##""#\"raw\"#""##),
    ])
    func string(_ text: String, _ expected: String) {
        #expect(SwiftLiteral.string(text) == expected)
    }

    /// Each piece is the whole literal of a run of whole characters, the runs follow each other through the text,
    /// and a piece is within its width unless it holds one character; the text is split only when it does not fit.
    @Test(arguments: [
        String(repeating: "profile/1;flag.x=1;value.greeting=Hello there%2C welcome;", count: 8),
        String(repeating: "\"q\" \\(x) \u{202E}\t\n\r\u{0}", count: 20),
        String(repeating: "é😀👩‍👩‍👧🇫🇷e\u{301}\r\n日本", count: 25),
        String(repeating: "x", count: 500),
        String(repeating: "a\u{200D}", count: 12),
    ])
    func piecesSplitBetweenCharacters(_ text: String) throws {
        for (first, other) in [(20, 30), (7, 9), (60, 100), (1, 1)] {
            let pieces = SwiftLiteral.pieces(text, firstWidth: first, otherWidth: other)
            #expect(pieces.count > 1)
            var rest = Substring(text)
            for (index, piece) in pieces.enumerated() {
                let count = try #require(
                    (1...rest.count).first { SwiftLiteral.string(String(rest.prefix($0))) == piece },
                    "piece \(index) `\(piece)` is not the literal of the next characters of `\(rest)`")
                #expect(piece.count <= (index == 0 ? first : other) || count == 1)
                rest = rest.dropFirst(count)
            }
            #expect(rest.isEmpty)
            #expect(
                pieces.map { $0.dropFirst().dropLast() }.joined() == SwiftLiteral.string(text).dropFirst().dropLast())
        }
        #expect(SwiftLiteral.pieces(text, firstWidth: 10_000, otherWidth: 1) == [SwiftLiteral.string(text)])
    }

    @Test func piecesEndAfterSeparatorsWhenTheyCan() {
        let text = "profile/1;profile=demo;flag.inMemorySettings=0;value.greeting=Hello there%2C welcome"
        #expect(
            SwiftLiteral.pieces(text, firstWidth: 40, otherWidth: 40) == [
                #""profile/1;profile=demo;""#, #""flag.inMemorySettings=0;""#,
                #""value.greeting=Hello there%2C welcome""#,
            ])
    }

    @Test func doubles() {
        #expect(SwiftLiteral.double(2.5) == "2.5")
        #expect(SwiftLiteral.double(1000) == "1000.0")
        #expect(SwiftLiteral.double(-0.1) == "-0.1")
        #expect(SwiftLiteral.double(1e-7) == "1e-07")
        #expect(SwiftLiteral.double(.infinity) == ".infinity")
        #expect(SwiftLiteral.double(-.infinity) == "-.infinity")
        #expect(SwiftLiteral.double(.nan) == ".nan")
    }

    /// Grouped from seven digits on, as `swift format` lints them (GroupNumericLiterals).
    @Test func integers() {
        let cases: [(Int, String)] = [
            (0, "0"), (-3, "-3"), (999_999, "999999"), (-999_999, "-999999"), (1_000_000, "1_000_000"),
            (-1_234_567, "-1_234_567"), (12_345_678, "12_345_678"), (5_000_000_000, "5_000_000_000"),
            (Int.min, "-9_223_372_036_854_775_808"), (Int.max, "9_223_372_036_854_775_807"),
        ]
        for (value, literal) in cases { #expect(SwiftLiteral.integer(value) == literal) }
    }

    @Test func documentation() {
        #expect(SwiftLiteral.documentation("One line", indent: "    ") == ["    /// One line"])
        #expect(
            SwiftLiteral.documentation("\nFirst  \r\n\nthird\rfourth\n\n", indent: "")
                == ["/// First", "///", "/// third", "/// fourth"])
        #expect(SwiftLiteral.documentation("a\tb \u{202E}", indent: "") == [#"/// a    b \u{202E}"#])
        #expect(SwiftLiteral.documentation("", indent: "") == ["///"])
    }
}

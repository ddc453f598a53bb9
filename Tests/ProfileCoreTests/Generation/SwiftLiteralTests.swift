import ProfileCore
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

    @Test func doubles() {
        #expect(SwiftLiteral.double(2.5) == "2.5")
        #expect(SwiftLiteral.double(1000) == "1000.0")
        #expect(SwiftLiteral.double(-0.1) == "-0.1")
        #expect(SwiftLiteral.double(1e-7) == "1e-07")
        #expect(SwiftLiteral.double(.infinity) == ".infinity")
        #expect(SwiftLiteral.double(-.infinity) == "-.infinity")
        #expect(SwiftLiteral.double(.nan) == ".nan")
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

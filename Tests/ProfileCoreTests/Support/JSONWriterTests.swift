import ProfilePlatform
import Testing

@Suite struct JSONWriterTests {
    @Test func escapesAndIndents() {
        let value = JSONWriter.Value.object([
            ("s", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é")),
            ("a", .array([.number("1"), .null, .bool(true)])),
            ("e", .object([])),
        ])
        #expect(
            JSONWriter.render(value) == """
                {
                  "s": "quote \\" backslash \\\\ newline \\n tab \\t bell \\u0007 é",
                  "a": [
                    1,
                    null,
                    true
                  ],
                  "e": {}
                }
                """)
        #expect(JSONWriter.render(.array([.string("x")]), pretty: false) == "[\"x\"]")
    }
}

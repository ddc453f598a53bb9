import Testing

@testable import ProfileRuntime

@Suite struct TextConversionTests {
    @Test func lists() {
        #expect(TextConversion.list("") == [])
        #expect(TextConversion.list("a") == ["a"])
        #expect(TextConversion.list("a, b ,\tc") == ["a", "b", "c"])
        #expect(TextConversion.list("a,,b,") == ["a", "", "b", ""])
    }

    @Test func boolsAreCaseInsensitiveAndExact() {
        #expect(TextConversion.bool("yEs") == true)
        #expect(TextConversion.bool("oFF") == false)
        #expect(TextConversion.bool(" yes") == nil)
        #expect(TextConversion.bool("yes!") == nil)
        #expect(TextConversion.bool("é") == nil)
    }
}

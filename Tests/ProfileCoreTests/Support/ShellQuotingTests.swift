import ProfilePlatform
import Testing

@Suite struct ShellQuotingTests {
    @Test func quotesOnlyWhatNeedsIt() {
        #expect(ShellQuoting.quote("plain-text_1.0") == "plain-text_1.0")
        #expect(ShellQuoting.quote("") == "''")
        #expect(ShellQuoting.quote("two words") == "'two words'")
        #expect(ShellQuoting.quote("it's") == "'it'\\''s'")
        #expect(ShellQuoting.quote("$HOME") == "'$HOME'")
    }
}

import ProfileResolution
import Testing

@Suite struct ProfileSummaryTests {
    func summary(_ text: String) throws -> ProfileSummary? {
        let profiles = try TemporaryProfiles(["p.yml": text])
        return ProfileSummary.read(name: "p", path: profiles.directory + "/p.yml")
    }

    @Test func fastScanAndFullParseAgree() throws {
        let cases: [(String, String?, Bool)] = [
            ("description: Simple\n", "Simple", false),
            ("description: 'Quoted: with colon'\nabstract: true\n", "Quoted: with colon", true),
            ("description: \"Double\"  # comment\n", "Double", false),
            ("description: Trailing # comment\n", "Trailing", false),
            ("description: >\n  Folded\n  text\n", "Folded text\n", false),
            ("description: Multi\n  line plain\n", "Multi line plain", false),
            ("abstract: yes\n", nil, true),
            ("base: &b {abstract: true}\n<<: *b\n", nil, true),
            ("{description: Flow, abstract: true}\n", "Flow", true),
            ("env: {A: 1}\n", nil, false),
        ]
        for (text, description, abstract) in cases {
            let result = try #require(try summary(text), "\(text)")
            #expect(result.description == description, "\(text)")
            #expect(result.isAbstract == abstract, "\(text)")
        }
    }

    @Test func filesTheScanCannotReadAndTheParserRejectsHaveNoSummary() throws {
        #expect(try summary("{a: [\n") == nil)
    }
}

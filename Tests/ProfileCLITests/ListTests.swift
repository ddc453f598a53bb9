import Foundation
import Testing

@Suite(.timeLimit(.minutes(20))) struct ListTests {
    @Test func listsRunnableProfilesWithDescriptions() throws {
        let project = try Project([
            "profiles/base.yml": "description: hidden\nabstract: true\n",
            "profiles/uitest.yml": "description: UI tests # a comment\nextends: base\n",
            "profiles/demo.yaml": "description: >\n  Folded\n  text\n",
            "profiles/plain.yml": "env: {A: '1'}\n",
            "profiles/notes.md": "not a profile\n",
        ])
        let result = try project.profile(["list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "demo    Folded text\nplain\nuitest  UI tests\n")
        let all = try project.profile(["list", "--all", "--names"])
        #expect(all.stdout == "base\ndemo\nplain\nuitest\n")
    }

    @Test func reportsBadFileNames() throws {
        let project = try Project([
            "profiles/ok.yml": "{}\n", "profiles/bad name.yml": "{}\n", "profiles/ghost.local.yml": "{}\n",
        ])
        let result = try project.profile(["list"])
        #expect(result.status == 65)
        #expect(result.stdout == "ok\n")
        #expect(
            result.stderr == """
                profiles/bad name.yml: error: `bad name.yml` is not a valid profile file name: a profile name has letters, digits, `-` and `_`, and starts with a letter or digit
                profiles/ghost.local.yml: error: overlay for `ghost`, but there is no profile `ghost`
                2 errors generated.

                """)
    }
}

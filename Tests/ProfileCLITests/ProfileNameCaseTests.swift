import Foundation
import Testing

/// Profile names are case-sensitive everywhere: `profile run UITest` with only `profiles/uitest.yml` is an unknown
/// profile on Linux and on macOS, where APFS would open `uitest.yml` for `UITest.yml`. The binary looks a name up in
/// the directory's listing, byte for byte (unit tests with a faked case-insensitive listing:
/// `ProfileDirectoryTests`).
@Suite(.timeLimit(.minutes(20))) struct ProfileNameCaseTests {
    func project() throws -> Project {
        try Project(["profiles/uitest.yml": "arguments: [-UITests]\n", ".git/HEAD": "ref: refs/heads/main\n"])
    }

    @Test(arguments: ["UITest", "UITEST", "Uitest"])
    func aNameInAnotherCaseIsAnUnknownProfile(name: String) throws {
        let project = try project()
        let result = try project.profile(["run", name, "--", "touch", project.path("launched")])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        let caret = String(repeating: "~", count: name.count - 1)
        #expect(
            result.stderr == """
                command line:1:13: error: unknown profile `\(name)`; did you mean `uitest`?
                profile run \(name) -- touch \(project.path("launched"))
                            ^\(caret)

                """)
        #expect(!project.exists("launched"))

        let shown = try project.profile(["show", name])
        #expect(shown.status == 65)
        #expect(
            shown.stderr == """
                command line:1:14: error: unknown profile `\(name)`; did you mean `uitest`?
                profile show \(name)
                             ^\(caret)

                """)
    }

    /// A name Swift's `==` takes for another (`\u{212A}eys`, with the Kelvin sign, equals `Keys`) is not that profile.
    @Test func aNameEqualOnlyToSwiftIsAnUnknownProfile() throws {
        let project = try Project(["profiles/Keys.yml": "env: {A: b}\n", ".git/HEAD": "ref: refs/heads/main\n"])
        let result = try project.profile(["run", "\u{212A}eys", "--", "touch", project.path("launched")])
        #expect(result.status == 65)
        #expect(
            result.stderr == """
                command line:1:14: error: unknown profile `\u{212A}eys`
                profile run '\u{212A}eys' -- touch \(project.path("launched"))
                             ^~~~

                """)
        #expect(!project.exists("launched"))
    }

    /// The name as written in the file name runs, and the child's payload names it so.
    @Test func theNameAsItsFileIsNamedRuns() throws {
        let project = try project()
        let result = try project.profile([
            "run", "uitest", "--", "/bin/sh", "-c", "printf '%s\\n' \"$0\" \"$PROFILE_PAYLOAD\"",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "-UITests\nprofile/1;profile=uitest;argument=-UITests;end\n")
    }
}

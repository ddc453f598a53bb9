import Foundation
import Testing

@Suite(.timeLimit(.minutes(20))) struct LintTests {
    @Test func reportsEveryProblemInEveryFormat() throws {
        let project = try Project([
            "profiles/a.yml": "extends: b\nflgs: {}\n",
            "profiles/b.yml": "env: {X: '${'}\n",
            "profiles/c.yml": "env:\n  A: 1\n  A: 2\n",
        ])
        let text = try project.profile(["lint"])
        #expect(text.status == 1)
        #expect(text.stderr.hasSuffix("3 errors generated.\n"))
        let github = try project.profile(["lint", "--format", "github"])
        #expect(
            github.stdout == """
                ::error file=profiles/a.yml,line=2,col=1::unknown key `flgs` in a profile; did you mean `flags`?
                ::error file=profiles/b.yml,line=1,col=11::unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)
                ::error file=profiles/c.yml,line=3,col=3::duplicate key `A`

                """)
        let json = try project.profile(["lint", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 3)
    }

    /// One key under two spellings across a chain is found by lint's shortcut (key hashes per file), and the same
    /// key set again by a child (the usual override) is not a problem.
    @Test func oneKeyTwoSpellingsAcrossAChain() throws {
        let project = try Project([
            "profiles/base.yml": "values: {pageSize: 5, retries: 1}\nflags: [darkMode]\n",
            "profiles/child.yml": "extends: base\nvalues: {pageSize: 6, retries: 2}\nflags: {darkMode: false}\n",
            "profiles/other.yml": "extends: base\nvalues: {page_size: 6}\n",
        ])
        let result = try project.profile(["lint"])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "profiles/other.yml:2:10: error: value `page_size` and value `pageSize` are one key to the app"),
            "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: ": error: ").count == 2, "\(result.stderr)")
        #expect(!result.stderr.contains("child.yml"), "\(result.stderr)")
    }

    @Test func cleanProfilesPass() throws {
        let project = try Project(["profiles/a.yml": "env: {TOKEN: '${API_TOKEN:?needed at run time}'}\n"])
        let result = try project.profile(["lint"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "1 profiles checked, no problems.\n")
    }
}

@Suite(.timeLimit(.minutes(20))) struct LintWarningTests {
    @Test func sharedProfilesThatInjectCodeAreFlagged() throws {
        let project = try Project([
            "profiles/p.yml": "env:\n  LD_PRELOAD: /tmp/x.so\n  DYLD_INSERT_LIBRARIES: /tmp/y.dylib\n",
            "profiles/p.local.yml": "env: {LD_LIBRARY_PATH: /opt/lib}\n",
        ])
        let result = try project.profile(["lint"])
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                profiles/p.yml:2:3: warning: `LD_PRELOAD` makes the dynamic loader inject code into every child launched with `p`; keep it out of shared profiles (a personal `p.local.yml` is the place for it)
                  LD_PRELOAD: /tmp/x.so
                  ^~~~~~~~~~
                profiles/p.yml:3:3: warning: `DYLD_INSERT_LIBRARIES` makes the dynamic loader inject code into every child launched with `p`; keep it out of shared profiles (a personal `p.local.yml` is the place for it)
                  DYLD_INSERT_LIBRARIES: /tmp/y.dylib
                  ^~~~~~~~~~~~~~~~~~~~~
                2 warnings generated.

                """)
        #expect(try project.profile(["lint", "--strict"]).status == 1)
    }

    @Test func argumentsThatShadowATypedEntryAreFlagged() throws {
        let project = try Project([
            "profiles/_catalog.yml": "flags:\n  UITests: Run as UI tests\nvalues:\n  pageSize: {type: int}\n",
            "profiles/uitest.yml": "arguments: [-UITests, [--page-size, '3'], -verbose]\nflags: {UITests: true}\n",
        ])
        let result = try project.profile(["lint"])
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                profiles/uitest.yml:1:13: warning: argument `-UITests` sets `UITests`, which is also a flag: the app reads launch arguments before the typed layer, so the flag (and its command-line overrides) cannot change what it reads; keep one of the two
                arguments: [-UITests, [--page-size, '3'], -verbose]
                            ^~~~~~~~
                profiles/uitest.yml:1:24: warning: argument `--page-size` sets `pageSize`, which is also a value: the app reads launch arguments before the typed layer, so the value (and its command-line overrides) cannot change what it reads; keep one of the two
                arguments: [-UITests, [--page-size, '3'], -verbose]
                                       ^~~~~~~~~~~
                2 warnings generated.

                """)
        let show = try project.profile(["show", "uitest", "--disable", "UITests"])
        #expect(
            show.stdout.contains(
                "-UITests     profiles/uitest.yml:1  (overrides flag `UITests`: the app reads the argument first)"))
        #expect(show.stdout.contains("UITests off"))
    }
}

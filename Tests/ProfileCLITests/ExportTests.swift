import Foundation
import Testing

// `XMLDocument`: in FoundationXML on Linux (swift-corelibs-foundation's Docs/ReleaseNotes_Swift5.md, "Dependency
// Management", recommends this import), in Foundation on macOS.
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `profile export` end to end: the built binary, real files, real shells.
@Suite(.timeLimit(.minutes(20))) struct ExportTests {
    /// Values that break naive quoting, an inherited secret, an unset, and a typed layer for the payload.
    static let tricky = #"""
        env:
          SPACES: "two  words and a trailing space "
          QUOTES: "it's \"quoted\" 'twice'"
          DOLLARS: "costs $$5, $$HOME, $${PATH} and $$(id)"
          BACKSLASHES: "C:\\path\\ \\n \\\\"
          NEWLINES: "line one\nline two\n\n"
          TABS: "a\tb\t"
          UNICODE: "café ☕ 日本 🇫🇷"
          EQUALS: "a=b==c="
          EMPTY: ""
          BACKTICKS: "`id` ; echo pwned &"
          TOKEN: ${API_TOKEN}
          PATH: ${PATH}:/opt/tools/bin
          DROPPED: null
        flags: {skipOnboarding: true}
        mocks: {countries: local-mock}
        values: {pageSize: 5, greeting: "it's ${API_TOKEN}"}
        """#

    static let environment = [
        "API_TOKEN": "s3cr'et $x \\ \"y\"",
        "DROPPED": "inherited",
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        // A UTF-8 locale the system has (`Tools.utf8Locale`).
        "LANG": Tools.utf8Locale,
    ]

    /// Variables a shell sets for itself, which `env` run directly does not have.
    static let shellOwned: Set<String> = ["_", "PWD", "OLDPWD", "SHLVL"]

    /// `NAME=value` entries of `env -0` output.
    static func environment(_ output: String) -> [String: String] {
        var table: [String: String] = [:]
        for entry in output.split(separator: "\0") {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            let name = String(entry[..<equals])
            if !shellOwned.contains(name) { table[name] = String(entry[entry.index(after: equals)...]) }
        }
        return table
    }

    @Test(arguments: ["bash", "sh"])
    func shellExportsGiveExactlyTheEnvironmentOfRun(shell: String) throws {
        let project = try Project(["profiles/p.yml": Self.tricky])
        let exported = try project.profile(
            ["export", "shell", "p", "--output", "exports.sh"], environment: Self.environment)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stderr == "")

        let run = try project.profile(["run", "p", "--", "env", "-0"], environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let expected = Self.environment(run.stdout)
        #expect(expected["NEWLINES"] == "line one\nline two\n\n")
        #expect(expected["TOKEN"] == Self.environment["API_TOKEN"])
        #expect(expected["DROPPED"] == nil)
        #expect(expected["PROFILE_PAYLOAD"] != nil)

        let evaluated = try CLI.run(
            "/usr/bin/env", [shell, "-c", #"eval "$(cat exports.sh)" && exec env -0"#], in: project.root,
            environment: Self.environment)
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        #expect(evaluated.stderr == "")
        let received = Self.environment(evaluated.stdout)
        #expect(received == expected)
        for name in expected.keys.sorted() where received[name] != expected[name] {
            Issue.record(
                "\(shell): \(name) is \(String(reflecting: received[name])), expected \(String(reflecting: expected[name]))"
            )
        }
    }

    @Test func everyFormatPrintsToStandardOutput() throws {
        let project = try Project(["profiles/p.yml": Self.tricky])
        for format in ["arguments", "arguments-json", "shell", "dotenv", "json", "xcscheme", "xctestplan"] {
            let result = try project.profile(["export", format, "p"], environment: Self.environment)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(format)")
        }
        let json = try project.profile(["export", "json", "p"], environment: Self.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(
            object["arguments"] as? [String] == [
                "-skipOnboarding", "YES", "-countries", "local-mock", "-greeting", "it's s3cr'et $x \\ \"y\"",
                "-pageSize",
                "5",
            ])
        let environment = try #require(object["environment"] as? [String: Any])
        #expect(environment["DROPPED"] is NSNull)
        #expect(environment["TOKEN"] as? String == Self.environment["API_TOKEN"])
    }

    @Test func committedFormatsWriteReferencesUnlessRevealed() throws {
        let project = try Project(["profiles/p.yml": Self.tricky])
        let hidden = try project.profile(["export", "arguments", "p"], environment: Self.environment)
        #expect(hidden.status == 0)
        #expect(hidden.stdout.contains("-greeting\nit's ${API_TOKEN}\n"))
        #expect(!hidden.stdout.contains("s3cr"))
        #expect(hidden.stderr.contains("warning: secret entries written as references or `<secret>`"))
        #expect(hidden.stderr.contains("value `greeting` as `it's ${API_TOKEN}`"))

        let scheme = try project.profile(["export", "xcscheme", "p"], environment: Self.environment)
        #expect(!scheme.stdout.contains("s3cr"))
        #expect(scheme.stderr.contains("environment variable `TOKEN` as `${API_TOKEN}`"))
        #expect(scheme.stderr.contains("an .xcscheme cannot unset environment variables: `unset DROPPED` is left out"))
        #expect(scheme.stderr.contains("profiles/p.yml:14:3"))

        let revealed = try project.profile(["export", "arguments", "p", "--reveal"], environment: Self.environment)
        #expect(revealed.stdout.contains("-greeting\nit's s3cr'et $x \\ \"y\"\n"))
        #expect(revealed.stderr == "")
    }

    @Test func dotenvWarnsAboutUnsets() throws {
        let project = try Project(["profiles/p.yml": "env: {A: \"x $$y\", HOME: null}\n"])
        let result = try project.profile(["export", "dotenv", "p"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("A=\"x \\$y\"\n# unset HOME\nPROFILE_PAYLOAD=\""))
        #expect(result.stderr.contains("warning: a dotenv file cannot unset environment variables"))
    }

    @Test func overridesAndSeveralProfilesApply() throws {
        let project = try Project([
            "profiles/a.yml": "flags: {one: true}\nenv: {A: a}\n",
            "profiles/b.yml": "flags: {two: true}\n",
        ])
        let result = try project.profile([
            "export", "--output", "out.txt", "arguments", "a", "b", "--disable", "one", "--mock", "net=stub",
            "--value", "n=3", "--env", "B=b", "--reveal",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: project.path("out.txt"), encoding: .utf8)
        #expect(text == "-one\nNO\n-two\nYES\n-net\nstub\n-n\n3\n")
        let shell = try project.profile(["export", "shell", "a", "--env", "B=b b", "--unset", "A"])
        #expect(shell.stdout.hasPrefix("unset A\nexport B='b b'\nexport PROFILE_PAYLOAD='profile/1;profile=a;"))
    }

    /// A variable's name is anything without `=` or NUL: `json` and the Xcode formats write every name, `dotenv` every
    /// name python-dotenv reads (no white space or `#`), `shell` identifiers only; a name a format cannot write is an
    /// error at the place the profile sets it, and nothing is printed.
    @Test func namesAFormatCannotWriteAreLocatedErrors() throws {
        let project = try Project([
            "profiles/p.yml": "env:\n  OPTION-B: \"1\"\n  io.sentry.sample-rate: \"0.5\"\n  \"A B\": c\n"
        ])
        let json = try project.profile(["export", "json", "p"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let environment = object?["environment"] as? [String: String]
        #expect(environment?.keys.sorted() == ["A B", "OPTION-B", "PROFILE_PAYLOAD", "io.sentry.sample-rate"])
        let scheme = try project.profile(["export", "xcscheme", "p"])
        #expect(scheme.status == 0)

        let shell = try project.profile(["export", "shell", "p"])
        #expect(shell.status == 65)
        #expect(shell.stdout == "")
        let why =
            "cannot be written in the `shell` format: a shell's `export` takes letters, digits and `_`, not "
            + "starting with a digit; use `json` or `xcscheme`, or `profile run`"
        #expect(
            shell.stderr == """
                profiles/p.yml:2:3: error: `OPTION-B` \(why)
                  OPTION-B: "1"
                  ^~~~~~~~
                profiles/p.yml:3:3: note: `io.sentry.sample-rate` \(why)
                  io.sentry.sample-rate: "0.5"
                  ^~~~~~~~~~~~~~~~~~~~~
                profiles/p.yml:4:3: note: `A B` \(why)
                  "A B": c
                  ^~~

                """)
        let dotenv = try project.profile(["export", "dotenv", "p"])
        #expect(dotenv.status == 65)
        #expect(dotenv.stdout == "")
        #expect(
            dotenv.stderr == """
                profiles/p.yml:4:3: error: `A B` cannot be written in the `dotenv` format: a dotenv name holds no white \
                space and no `#`; use `json` or `xcscheme`, or `profile run`
                  "A B": c
                  ^~~

                """)
    }

    @Test func problemsAreReportedWithTheirExitStatus() throws {
        let project = try Project([
            "profiles/base.yml": "abstract: true\n",
            "profiles/lines.yml": "arguments: [\"two\\nlines\"]\n",
            "profiles/ok.yml": "env: {A: a}\n",
        ])
        let unknown = try project.profile(["export", "yaml", "ok"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("command line:1:16: error: unknown format `yaml`"))
        #expect(
            unknown.stderr.contains(
                "(one of `arguments`, `arguments-json`, `shell`, `dotenv`, `json`, `xcscheme`, `xctestplan`, `vscode`)")
        )

        let notUpdatable = try project.profile(["export", "shell", "ok", "--update", "x.sh"])
        #expect(notUpdatable.status == 64)
        #expect(
            notUpdatable.stderr.contains("`--update` works with `xcscheme`, `xctestplan` and `vscode`, not `shell`"))

        let action = try project.profile(["export", "xcscheme", "ok", "--action", "test"])
        #expect(action.status == 64)

        let missing = try project.profile(["export", "xcscheme", "ok", "--update", "missing.xcscheme"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("missing.xcscheme: error: cannot read this file: No such file or directory"))

        let typo = try project.profile(["export", "json", "okk"])
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("did you mean `ok`?"))

        let abstract = try project.profile(["export", "json", "base"])
        #expect(abstract.status == 65)

        let lines = try project.profile(["export", "arguments", "lines"])
        #expect(lines.status == 65)
        #expect(lines.stderr.contains("holds a line break"))
        #expect(lines.stdout == "")

        let unwritable = try project.profile(["export", "json", "ok", "--output", "no/such/dir/out.json"])
        #expect(unwritable.status == 73)
        #expect(unwritable.stderr.contains("cannot write `no/such/dir/out.json`"))

        try project.write("broken.xcscheme", "<Scheme>\n   <LaunchAction>\n</Scheme>\n")
        let broken = try project.profile(["export", "xcscheme", "ok", "--update", "broken.xcscheme"])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("broken.xcscheme:3:1: error: `broken.xcscheme` is not well-formed XML"))
        let untouched = try String(contentsOfFile: project.path("broken.xcscheme"), encoding: .utf8)
        #expect(untouched == "<Scheme>\n   <LaunchAction>\n</Scheme>\n")
    }

    static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/ProfileCoreTests/Fixtures/Xcode")

    @Test func updateRewritesASchemeInPlaceOnce() throws {
        let original = try String(
            contentsOf: Self.fixtures.appendingPathComponent("Countries.xcscheme"), encoding: .utf8)
        let project = try Project([
            "profiles/ui.yml": "env: {API_BASE_URL: \"http://localhost:8080\"}\narguments: [-UITests]\n",
            "App.xcscheme": original,
        ])
        let first = try project.profile(["export", "xcscheme", "ui", "--update", "App.xcscheme", "--action", "test"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "")
        #expect(first.stderr.contains("note: switched `shouldUseLaunchSchemeArgsEnv` to \"NO\""))
        let once = try String(contentsOfFile: project.path("App.xcscheme"), encoding: .utf8)
        #expect(once != original)
        #expect(once.contains("argument = \"-UITests\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root).filter { $0.contains("tmp") }
        #expect(leftovers == [])
        let second = try project.profile(["export", "xcscheme", "ui", "--update", "App.xcscheme", "--action", "test"])
        #expect(second.status == 0)
        #expect(try String(contentsOfFile: project.path("App.xcscheme"), encoding: .utf8) == once)
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(data: Data(once.utf8))
        let keys = try document.nodes(forXPath: "/Scheme/TestAction/EnvironmentVariables/EnvironmentVariable/@key")
        #expect(keys.map(\.stringValue) == ["API_BASE_URL", "PROFILE_PAYLOAD"])
        #endif
    }

    @Test func updateRewritesATestPlanToAnotherFile() throws {
        let original = try String(
            contentsOf: Self.fixtures.appendingPathComponent("Countries.xctestplan"), encoding: .utf8)
        let project = try Project(["profiles/ui.yml": "arguments: [-UITests]\n", "UI.xctestplan": original])
        let result = try project.profile([
            "export", "xctestplan", "ui", "--update", "UI.xctestplan", "--output", "Updated.xctestplan",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: project.path("UI.xctestplan"), encoding: .utf8) == original)
        let updated = try Data(contentsOf: URL(fileURLWithPath: project.path("Updated.xctestplan")))
        let object = try #require(try JSONSerialization.jsonObject(with: updated) as? [String: Any])
        let options = try #require(object["defaultOptions"] as? [String: Any])
        #expect((options["commandLineArgumentEntries"] as? [[String: String]])?.first?["argument"] == "-UITests")

        let preview = try project.profile(["export", "xctestplan", "ui", "--update", "UI.xctestplan", "--output", "-"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(Data(preview.stdout.utf8) == updated)
        #expect(try String(contentsOfFile: project.path("UI.xctestplan"), encoding: .utf8) == original)
    }
}

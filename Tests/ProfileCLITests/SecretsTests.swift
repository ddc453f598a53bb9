import Foundation
import Testing

/// Issue 14, item 1: a secret never appears in clear anywhere but in the child `run` launches. Secrets come from the
/// invoking environment (`${API_TOKEN}`), from catalog `secret: true` entries set in a personal `.local` overlay, and
/// from values built from one (`DSN: postgres://u:${DB_PASSWORD}@h/db`). Every secret holds the bytes `SEKRIT`; each
/// test runs one output through the built binary and looks for them in everything it printed and wrote.
@Suite(.timeLimit(.minutes(20))) struct SecretsTests {
    static let marker = "SEKRIT"

    static let environment = ["API_TOKEN": "tok-SEKRIT-4242", "PATH": "/usr/bin:/bin"]

    static let files = [
        "profiles/_catalog.yml": """
        values:
          pageSize: {type: int}
          greeting: {type: string}
          apiKey: {type: string, secret: true}
          pin: {type: int, secret: true}
        env:
          DB_PASSWORD: {description: The database password, secret: true}
        """,
        "profiles/app.yml": """
        description: The app
        env:
          TOKEN: ${API_TOKEN}
          LOG: debug
        arguments: [--token, "${API_TOKEN}"]
        values:
          greeting: "hi ${API_TOKEN}"
          pageSize: 5
        """,
        "profiles/app.local.yml": """
        env:
          DB_PASSWORD: pw-SEKRIT-overlay
          DSN: postgres://u:${DB_PASSWORD}@h/db
        arguments: [--dsn, "${DSN}"]
        values:
          apiKey: key-SEKRIT-overlay
        """,
    ]

    /// A project whose `app` profile has every kind of secret.
    func project(_ more: [String: String] = [:]) throws -> Project {
        try Project(Self.files.merging(more) { $1 })
    }

    /// Runs `profile`, expecting `status`, and checks that no secret is in its output.
    @discardableResult
    func clean(
        _ project: Project, _ arguments: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLI.Result {
        let result = try project.profile(arguments, environment: Self.environment)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            !result.stdout.contains(Self.marker), "\(arguments) stdout: \(result.stdout)",
            sourceLocation: sourceLocation)
        #expect(
            !result.stderr.contains(Self.marker), "\(arguments) stderr: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    func file(_ project: Project, _ path: String) throws -> String {
        try String(contentsOfFile: project.path(path), encoding: .utf8)
    }

    /// The control: `run` hands every secret to the child, so the marker is there to be found (the other tests
    /// cannot pass by accident).
    @Test func runPassesTheRealValuesToTheChild() throws {
        let project = try project()
        let run = try project.profile(
            ["run", "app", "--", "sh", "-c", "printf '%s\\n' \"$@\"; env", "sh"], environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("--token\ntok-SEKRIT-4242\n"))
        #expect(run.stdout.contains("--dsn\npostgres://u:pw-SEKRIT-overlay@h/db\n"))
        #expect(run.stdout.contains("TOKEN=tok-SEKRIT-4242"))
        #expect(run.stdout.contains("DB_PASSWORD=pw-SEKRIT-overlay"))
        #expect(run.stdout.contains("DSN=postgres://u:pw-SEKRIT-overlay@h/db"))
        #expect(run.stdout.contains("value.apiKey=key-SEKRIT-overlay"))
        #expect(run.stdout.contains("value.greeting=hi tok-SEKRIT-4242"))
    }

    @Test func showWritesReferencesAndPlaceholders() throws {
        let project = try project()
        let show = try clean(project, ["show", "app"])
        #expect(show.stdout.contains("TOKEN='${API_TOKEN}'"))
        #expect(show.stdout.contains("DB_PASSWORD='<secret>'"))
        #expect(show.stdout.contains("DSN='postgres://u:${DB_PASSWORD}@h/db'"))
        #expect(show.stdout.contains("apiKey = '<secret>' (string)"))
        #expect(show.stdout.contains("greeting = 'hi ${API_TOKEN}' (string)"))
        let revealed = try project.profile(["show", "app", "--reveal"], environment: Self.environment)
        #expect(revealed.stdout.contains("DSN=postgres://u:pw-SEKRIT-overlay@h/db"))
    }

    @Test func showJSON() throws {
        let project = try project()
        let show = try clean(project, ["show", "app", "--json"])
        #expect(show.stdout.contains(#""value": "postgres://u:${DB_PASSWORD}@h/db""#))
        #expect(show.stdout.contains(#""value": "<secret>""#))
        let revealed = try project.profile(["show", "app", "--json", "--reveal"], environment: Self.environment)
        #expect(revealed.stdout.contains("key-SEKRIT-overlay"))
    }

    @Test func dryRunTextAndJSON() throws {
        let project = try project()
        let text = try clean(project, ["run", "app", "--dry-run", "--", "true"])
        #expect(text.stdout.contains("argv: true --token '${API_TOKEN}' --dsn 'postgres://u:${DB_PASSWORD}@h/db'"))
        #expect(text.stdout.contains("value.apiKey=<secret>"))
        try clean(project, ["run", "app", "--dry-run", "--json", "--", "true"])
        let revealed = try project.profile(
            ["run", "app", "--dry-run", "--reveal", "--", "true"], environment: Self.environment)
        #expect(revealed.stdout.contains("tok-SEKRIT-4242"))
    }

    @Test(arguments: ["arguments", "arguments-json", "xcscheme", "xctestplan"])
    func committedExports(format: String) throws {
        let project = try project()
        let printed = try clean(project, ["export", format, "app"])
        #expect(printed.stdout.contains("<secret>") || printed.stdout.contains("&lt;secret&gt;"))
        #expect(printed.stderr.contains("warning: secret entries written as references or `<secret>`"))
        try clean(project, ["export", format, "app", "--output", "out"])
        #expect(!(try file(project, "out")).contains(Self.marker))
        let asked = try project.profile(["export", format, "app", "--reveal"], environment: Self.environment)
        #expect(asked.stdout.contains("key-SEKRIT-overlay"))
    }

    @Test(arguments: ["xcscheme", "xctestplan"])
    func updatedXcodeFiles(format: String) throws {
        let project = try project()
        let fixture = CLI.repositoryRoot.appendingPathComponent("Tests/ProfileCoreTests/Fixtures/Xcode/Shop.\(format)")
        try project.write("file", try String(contentsOf: fixture, encoding: .utf8))
        try clean(project, ["export", format, "app", "--update", "file"])
        let updated = try file(project, "file")
        #expect(!updated.contains(Self.marker))
        #expect(updated.contains("DB_PASSWORD"))
    }

    @Test func generatedSwift() throws {
        let project = try project()
        // Personal overlays are left out of generated code unless asked; asked, their secrets are left out of
        // `LaunchProfiles` (named in its comment, warned about without their lines).
        try clean(project, ["generate", "swift", "--output", "Generated.swift"])
        let generated = try file(project, "Generated.swift")
        #expect(!generated.contains(Self.marker))
        try clean(project, ["generate", "swift", "--include-local", "--output", "WithLocal.swift"])
        let withLocal = try file(project, "WithLocal.swift")
        #expect(!withLocal.contains(Self.marker))
        #expect(!withLocal.contains("<secret>"))
        #expect(
            withLocal.contains(
                "    /// Left out (secret, or taking the environment of the run; set them in the test): value `apiKey`,"
            ))
    }

    /// A catalog type error names the reference (`${API_TOKEN}`) or `<secret>`, and leaves out a line holding a
    /// catalog secret, in `run`, `show`, `export` and `lint` in every format.
    @Test func errorMessages() throws {
        let project = try project([
            "profiles/bad.yml": """
            values:
              pageSize: "${API_TOKEN}"
            """,
            "profiles/pin.yml": """
            values:
              pin: SEKRIT-pin
            """,
            "profiles/required.yml": """
            env:
              URL: ${NOT_SET:?set it, not ${API_TOKEN}}
            """,
        ])
        for command in [["run", "bad", "--", "true"], ["show", "bad"], ["export", "arguments", "bad"]] {
            let result = try clean(project, command, status: 65)
            #expect(result.stderr.contains("`pageSize` is an int; `${API_TOKEN}` is not"))
        }
        let pin = try clean(project, ["show", "pin"], status: 65)
        #expect(pin.stderr.contains("profiles/pin.yml:2:8: error: `pin` is an int; <secret> is not"))
        #expect(pin.stderr.contains("(the line is not shown: it holds a secret)"))
        let required = try clean(project, ["run", "required", "--", "true"], status: 65)
        #expect(required.stderr.contains("`NOT_SET` is not set: set it, not ${API_TOKEN}"))
        try clean(project, ["run", "app", "--value", "pin=SEKRIT", "--", "true"], status: 65)
        for format in ["text", "json", "github"] {
            let lint = try clean(project, ["lint", "--format", format], status: 1)
            #expect(lint.stdout.contains("<secret>") || lint.stderr.contains("<secret>"))
        }
    }

    @Test func completionCandidates() throws {
        let project = try project()
        for query in [
            ["profiles", ""], ["flags", ""], ["env-names", ""], ["mock", ""], ["value", ""], ["value", "apiKey="],
            ["value", "pin="],
        ] {
            try clean(project, ["__complete"] + query)
        }
    }
}

/// Issue 25, item 5: inspecting a profile does not need its secrets. With `${API_TOKEN:?…}` unset, `show` and `diff`
/// print the profile (the missing variable as `${API_TOKEN}`, as a secret is shown anyway) with a warning at each place
/// `run` would stop, and exit as usual; `lint` accepts it; everything that launches (`run`, `run --dry-run`,
/// `run --each`, `shell`) refuses it, naming the variable, and launches nothing.
@Suite(.timeLimit(.minutes(20))) struct UnsetRequiredVariableTests {
    static let files = [
        "profiles/_catalog.yml": "env:\n  API_TOKEN: {description: The API's token, secret: true}\n",
        "profiles/api.yml": """
        env:
          API_TOKEN: ${API_TOKEN:?export API_TOKEN first}
          AUTH: Bearer ${API_TOKEN}
        arguments: [-token, "${API_TOKEN:?needed}"]

        """,
        "profiles/plain.yml": "env: {LOG: info}\n",
        ".git/HEAD": "ref: refs/heads/main\n",
    ]

    static let warnings = """
        profiles/api.yml:2:14: warning: `API_TOKEN` is not set: export API_TOKEN first (`run` refuses this profile \
        until it is set)
          (the line is not shown: it holds a secret)
        profiles/api.yml:4:22: warning: `API_TOKEN` is not set: needed (`run` refuses this profile until it is set)
        arguments: [-token, "${API_TOKEN:?needed}"]
                             ^~~~~~~~~~~~~~~~~~~~
        2 warnings generated.

        """

    static let errors = """
        profiles/api.yml:2:14: error: `API_TOKEN` is not set: export API_TOKEN first
          (the line is not shown: it holds a secret)
        profiles/api.yml:4:22: error: `API_TOKEN` is not set: needed
        arguments: [-token, "${API_TOKEN:?needed}"]
                             ^~~~~~~~~~~~~~~~~~~~
        2 errors generated.

        """

    @Test func showPrintsTheProfileWithAWarning() throws {
        let project = try Project(Self.files)
        let show = try project.profile(["show", "api"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(show.status == 0)
        #expect(show.stderr == Self.warnings)
        #expect(
            show.stdout == """
                profile api

                arguments (appended to the command):
                  -token          profiles/api.yml:4
                  '${API_TOKEN}'  profiles/api.yml:4

                environment:
                  API_TOKEN='<secret>'        profiles/api.yml:2
                  AUTH='Bearer ${API_TOKEN}'  profiles/api.yml:3

                flags:
                  (none)

                mocks:
                  (none)

                values:
                  (none)

                """)
    }

    @Test func diffComparesWithAWarning() throws {
        let project = try Project(Self.files)
        let diff = try project.profile(["diff", "plain", "api"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(diff.status == 1)
        #expect(diff.stderr == Self.warnings)
        #expect(
            diff.stdout == """
                --- plain
                +++ api

                arguments:
                + -token          profiles/api.yml:4
                + '${API_TOKEN}'  profiles/api.yml:4

                environment:
                - LOG=info                    profiles/plain.yml:1
                + API_TOKEN='<secret>'        profiles/api.yml:2
                + AUTH='Bearer ${API_TOKEN}'  profiles/api.yml:3

                """)
    }

    /// A typed value built from the missing variable is not type-checked by `show` (there is no value yet): one warning.
    @Test func aTypedValueWithoutItsVariable() throws {
        let project = try Project([
            "profiles/_catalog.yml": "values:\n  port: {type: int}\n",
            "profiles/p.yml": "values:\n  port: ${PORT:?set PORT}\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
        let show = try project.profile(["show", "p"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(show.status == 0)
        #expect(
            show.stderr == """
                profiles/p.yml:2:3: warning: `PORT` is not set: set PORT (`run` refuses this profile until it is set)
                  port: ${PORT:?set PORT}
                  ^

                """)
        #expect(show.stdout.hasSuffix("values:\n  port = '${PORT}' (int)  profiles/p.yml:2\n"), "\(show.stdout)")
        let run = try project.profile(
            ["run", "p", "--", "true"], environment: ["PATH": "/usr/bin:/bin", "PORT": "80"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func lintAcceptsIt() throws {
        let project = try Project(Self.files)
        let lint = try project.profile(["lint"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    /// What launches refuses: `shell` and `run --each` start the program as `run` does, so they need the variable.
    @Test(arguments: [
        ["run", "api", "--", "touch", "LAUNCHED"], ["run", "api", "--dry-run", "--", "touch", "LAUNCHED"],
        ["run", "--each", "plain", "api", "--", "touch", "LAUNCHED"], ["shell", "api"],
    ])
    func whatLaunchesRefusesIt(_ words: [String]) throws {
        let project = try Project(Self.files)
        try project.write("bin/sh", "#!/bin/sh\ntouch LAUNCHED\n", executable: true)
        let result = try project.profile(
            words, environment: ["PATH": "/usr/bin:/bin", "SHELL": project.path("bin/sh")])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == Self.errors)
        #expect(!FileManager.default.fileExists(atPath: project.path("LAUNCHED")))
    }
}

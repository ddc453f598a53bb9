import Foundation
import Testing

/// Issue 14, item 1: a secret never appears in clear anywhere but in the child `run` launches. Secrets come from the
/// invoking environment (`${API_TOKEN}`), from catalog `secret: true` entries set in a personal `.local` overlay, and
/// from values built from one (`DSN: postgres://u:${DB_PASSWORD}@h/db`). Every secret holds the bytes `SEKRIT`; each
/// test runs one output through the built binary and looks for them in everything it printed and wrote.
@Suite struct SecretsTests {
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

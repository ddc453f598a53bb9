import Foundation
import Testing

/// `profile export vscode` and `profile import vscode` end to end, through the built binary: a `launch.json` updated in
/// place (whole file), the second update changing nothing (not even the file's modification time), import (which
/// writes the record) then update byte for byte, an edited entry rewritten in place, and the errors.
@Suite(.timeLimit(.minutes(20))) struct VSCodeTests {
    static let launch = """
        {
            // Written by hand.
            "version": "0.2.0",
            "configurations": [
                {
                    "type": "swift",
                    "request": "launch",
                    "name": "Debug App",
                    "target": "App",
                    "args": ["--port", "8080"], // mine
                    "env": {
                        "LOG_LEVEL": "debug",
                    },
                    "cwd": "${workspaceFolder}",
                },
            ],
        }

        """

    func file(_ project: Project, _ name: String) throws -> String {
        try String(contentsOfFile: project.path(name), encoding: .utf8)
    }

    @Test func updatesTheNamedConfigurationInPlace() throws {
        let project = try Project([
            "profiles/dev.yml":
                "arguments: [--verbose]\nenv: {DB: \"postgres://u:${DB_PASSWORD}@h/db\", ROOT: \"$${workspaceFolder}\"}\n",
            ".vscode/launch.json": Self.launch,
        ])
        let environment = ["DB_PASSWORD": "hunter2"]
        let first = try project.profile(
            ["export", "vscode", "dev", "--update", ".vscode/launch.json", "--configuration", "Debug App"],
            environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr == """
                profile: warning: secret entries written as references or `<secret>`, not their values (pass `--reveal` to write the values): environment variable `DB` as `postgres://u:${env:DB_PASSWORD}@h/db`

                """)
        let updated = try file(project, ".vscode/launch.json")
        #expect(
            updated == """
                {
                    // Written by hand.
                    "version": "0.2.0",
                    "configurations": [
                        {
                            "type": "swift",
                            "request": "launch",
                            "name": "Debug App",
                            "target": "App",
                            "args": ["--port", "8080", "--verbose"], // mine
                            "env": {
                                "LOG_LEVEL": "debug",
                                "DB": "postgres://u:${env:DB_PASSWORD}@h/db",
                                "ROOT": "${workspaceFolder}",
                                "PROFILE_PAYLOAD": "profile/1;profile=dev;argument=--verbose;env=DB;env=ROOT;end",
                            },
                            "cwd": "${workspaceFolder}",
                        },
                    ],
                }

                """)
        let modified =
            try FileManager.default.attributesOfItem(atPath: project.path(".vscode/launch.json"))[
                .modificationDate] as? Date
        let second = try project.profile(
            ["export", "vscode", "dev", "--update", ".vscode/launch.json", "--configuration", "Debug App"],
            environment: environment)
        #expect(second.status == 0)
        #expect(try file(project, ".vscode/launch.json") == updated)
        #expect(
            try FileManager.default.attributesOfItem(atPath: project.path(".vscode/launch.json"))[.modificationDate]
                as? Date == modified)
    }

    @Test func importRecordsItsEntriesAndAnEditIsRewrittenInPlace() throws {
        let project = try Project(["profiles/.keep": "", ".vscode/launch.json": Self.launch])
        let printed = try project.profile(
            ["import", "vscode", ".vscode/launch.json", "--configuration", "Debug App", "--name", "dev", "--stdout"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(
            printed.stdout == """
                # imported from .vscode/launch.json (configuration Debug App) by profile import
                description: Imported from .vscode/launch.json (configuration Debug App)

                env:
                  LOG_LEVEL: debug  # .vscode/launch.json:12

                arguments:
                  - --port  # .vscode/launch.json:10
                  - "8080"  # .vscode/launch.json:10

                """)
        // The import writes the record of what it took into the configuration, and nothing else.
        let imported = try project.profile(
            ["import", "vscode", ".vscode/launch.json", "--configuration", "Debug App", "--name", "dev"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "created profiles/dev.yml\nrecorded its entries in .vscode/launch.json\n")
        let recorded = Self.launch.replacingOccurrences(
            of: "\"LOG_LEVEL\": \"debug\",\n",
            with: "\"LOG_LEVEL\": \"debug\",\n"
                + "                \"PROFILE_PAYLOAD\": \"profile/1;profile=dev;argument=--port;argument=8080;env=LOG_LEVEL;end\",\n"
        )
        #expect(try file(project, ".vscode/launch.json") == recorded)
        // Updating right after changes nothing; an entry edited in the profile is rewritten in place.
        let update = try project.profile(
            ["export", "vscode", "dev", "--update", ".vscode/launch.json", "--configuration", "Debug App"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr == "")
        #expect(try file(project, ".vscode/launch.json") == recorded)
        try project.write(
            "profiles/dev.yml",
            try file(project, "profiles/dev.yml").replacingOccurrences(of: "LOG_LEVEL: debug", with: "LOG_LEVEL: info"))
        let edited = try project.profile(
            ["export", "vscode", "dev", "--update", ".vscode/launch.json", "--configuration", "Debug App"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(
            try file(project, ".vscode/launch.json")
                == recorded.replacingOccurrences(of: "\"LOG_LEVEL\": \"debug\"", with: "\"LOG_LEVEL\": \"info\""))
    }

    @Test func errorsAreLocatedAndNothingIsWritten() throws {
        let broken = "{\n  \"configurations\": [\n    { \"name\": \"x\", }\n    { \"name\": \"y\" }\n  ]\n}\n"
        let project = try Project(["profiles/dev.yml": "arguments: [-a]\n", "launch.json": broken])
        let malformed = try project.profile(["export", "vscode", "dev", "--update", "launch.json"])
        #expect(malformed.status == 65)
        #expect(
            malformed.stderr == """
                launch.json:4:5: error: `launch.json` is not valid JSON with comments: expected `,` or `]`
                    { "name": "y" }
                    ^

                """)
        #expect(try file(project, "launch.json") == broken)

        let imported = try project.profile(["import", "vscode", "launch.json", "--configuration", "x", "--name", "x"])
        #expect(imported.status == 65)
        #expect(!project.exists("profiles/x.yml"))

        let unnamed = try project.profile(["import", "vscode", "launch.json", "--name", "x"])
        #expect(unnamed.status == 64)
        #expect(
            unnamed.stderr.hasPrefix(
                "profile: error: name the configuration to import from the launch.json: `profile import vscode <file> "
                    + "--configuration <name> --name <name>`"))

        let action = try project.profile(["export", "vscode", "dev", "--update", "launch.json", "--action", "test"])
        #expect(action.status == 64)
        #expect(action.stderr.contains("`--action` chooses the scheme action `--update <file>` writes in (`xcscheme`)"))
    }
}

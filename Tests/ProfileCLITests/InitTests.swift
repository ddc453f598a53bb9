import Foundation
import Testing

@Suite(.timeLimit(.minutes(20))) struct InitTests {
    @Test func scaffoldsProfilesThatLintCleanAndRun() throws {
        let project = try Project(["README.md": "app\n", ".gitignore": ".build/\n"])
        let result = try project.profile(["init"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                created profiles/_catalog.yml
                created profiles/base.yml
                created profiles/example.yml
                created profiles/profile.schema.json (regenerate it with `profile generate json-schema --output …`)
                created profiles/catalog.schema.json (regenerate it with `profile generate catalog-schema --output …`)
                updated .gitignore (ignores profiles/*.local.yml)
                next: `profile list`, `profile show example`, `profile run example -- <your app>`

                """)
        #expect(
            try String(contentsOfFile: project.path(".gitignore"), encoding: .utf8) == """
                .build/
                # Personal profile overlays (profile init)
                profiles/*.local.yml
                profiles/*.local.yaml

                """)
        let lint = try project.profile(["lint"])
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(try project.profile(["list"]).stdout.hasPrefix("example  An example profile"))
        let run = try project.profile(["run", "example", "--", "sh", "-c", "echo $LOG_LEVEL $API_URL"])
        #expect(run.stdout == "debug http://localhost:8080\n")
    }

    @Test func neverOverwrites() throws {
        let project = try Project(["profiles/base.yml": "description: mine\n"])
        let result = try project.profile(["init"])
        #expect(result.status == 73)
        #expect(
            result.stderr
                == "profile: error: `profiles/base.yml` already exists; `profile init` never overwrites a file\n")
        #expect(try String(contentsOfFile: project.path("profiles/base.yml"), encoding: .utf8) == "description: mine\n")
        #expect(!project.exists("profiles/example.yml"))
    }

    @Test func gitignoreRulesAreAddedOnce() throws {
        let project = try Project([".gitignore": "profiles/*.local.yml\nprofiles/*.local.yaml\n"])
        let result = try project.profile(["init", "--directory", project.root])
        #expect(result.status == 0)
        #expect(!result.stdout.contains(".gitignore"))
        #expect(
            try String(contentsOfFile: project.path(".gitignore"), encoding: .utf8)
                == "profiles/*.local.yml\nprofiles/*.local.yaml\n")
    }
}

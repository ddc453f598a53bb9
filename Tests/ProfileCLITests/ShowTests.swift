import Foundation
import Testing

@Suite(.timeLimit(.minutes(20))) struct ShowTests {
    let files = [
        "profiles/base.yml": "description: shared\nabstract: true\nenv: {LOG: info}\nflags: [a]\n",
        "profiles/app.yml": """
        description: The app
        extends: base
        env:
          TOKEN: ${API_TOKEN}
          HOME: null
        arguments: [-x, '${LOG}']
        mocks: {net: stub}
        values: {n: 5, ratio: 2.50, name: "it's", on: true}
        """,
    ]

    @Test func showsEachEntryWithItsOrigin() throws {
        let project = try Project(files)
        let result = try project.profile(["show", "app"], environment: ["API_TOKEN": "s3cret"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                profile app  (base → app)
                  The app

                arguments (appended to the command):
                  -x    profiles/app.yml:6
                  info  profiles/app.yml:6

                environment:
                  LOG=info              profiles/base.yml:3
                  TOKEN='${API_TOKEN}'  profiles/app.yml:4
                  unset HOME            profiles/app.yml:5

                flags:
                  a on  profiles/base.yml:4

                mocks:
                  net → stub  profiles/app.yml:7

                values:
                  n = 5 (int)                profiles/app.yml:8
                  name = 'it'\\''s' (string)  profiles/app.yml:8
                  on = true (bool)           profiles/app.yml:8
                  ratio = 2.50 (double)      profiles/app.yml:8

                """)
        #expect(!result.stdout.contains("s3cret"))
        let revealed = try project.profile(["show", "app", "--reveal"], environment: ["API_TOKEN": "s3cret"])
        #expect(revealed.stdout.contains("TOKEN=s3cret"))
    }

    /// A profile that asks for `redact: true` says so, with where (text), and as `"redact"` (JSON).
    @Test func showsThatRunMasksTheOutput() throws {
        let project = try Project([
            "profiles/base.yml": "redact: true\nenv: {TOKEN: '${API_TOKEN}'}\n", "profiles/app.yml": "extends: base\n",
        ])
        let result = try project.profile(["show", "app"], environment: ["API_TOKEN": "s3cret-value"])
        #expect(
            result.stdout == """
                profile app  (base → app)
                  `run` masks its secrets in the command's output (`redact: true` at profiles/base.yml:1)

                arguments (appended to the command):
                  (none)

                environment:
                  TOKEN='${API_TOKEN}'  profiles/base.yml:2

                flags:
                  (none)

                mocks:
                  (none)

                values:
                  (none)

                """)
        for (name, redact) in [("app", true), ("plain", false)] {
            try project.write("profiles/plain.yml", "env: {A: b}\n")
            let json = try project.profile(["show", name, "--json"], environment: ["API_TOKEN": "s3cret-value"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["redact"] as? Bool == redact)
        }
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let project = try Project(files)
        let result = try project.profile(
            ["show", "app", "--json", "--enable", "b"], environment: ["API_TOKEN": "s3cret"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["profiles"] as? [String] == ["app"])
        #expect(object["chain"] as? [String] == ["base", "app"])
        let environment = try #require(object["environment"] as? [[String: Any]])
        #expect(environment.map { $0["name"] as? String } == ["LOG", "TOKEN", "HOME"])
        #expect(environment[1]["value"] as? String == "${API_TOKEN}")
        #expect(environment[1]["fromInvokingEnvironment"] as? Bool == true)
        #expect(environment[2]["value"] is NSNull)
        #expect(environment[0]["origin"] as? String == "profiles/base.yml:3:7")
        let flags = try #require(object["flags"] as? [[String: Any]])
        #expect(flags.map { $0["key"] as? String } == ["a", "b"])
        #expect(flags[1]["origin"] as? String == "command line:1:34")
        let values = try #require(object["values"] as? [[String: Any]])
        #expect(values.map { $0["type"] as? String } == ["int", "string", "bool", "double"])
        #expect(values[0]["value"] as? Int == 5)
        // The keys are the ones docs/cli/show.md shows, no more, no fewer.
        let page = try String(
            contentsOf: CLI.repositoryRoot.appendingPathComponent("docs/cli/show.md"), encoding: .utf8)
        let block = try #require(
            page.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        let documented = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        #expect(object.keys.sorted() == documented.keys.sorted())
    }

    @Test func showExplainsAbstractProfiles() throws {
        let project = try Project(files)
        let result = try project.profile(["show", "base"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("profile base\n  shared\n"))
    }

    /// A value's type is the catalog's when it declares the key (`enum`, `url`, not the `string` YAML reads), in
    /// `show`, `show --json` and `diff`; a key it does not declare keeps YAML's type.
    @Test func typesAreTheCatalogs() throws {
        let project = try Project([
            "profiles/_catalog.yml": """
            values:
              theme: {type: enum, cases: [light, dark]}
              endpoint: {type: url}
              pageSize: {type: int}
            """,
            "profiles/a.yml": "values: {theme: dark, endpoint: 'https://a.example', pageSize: 5}\n",
            "profiles/b.yml": "values: {theme: light, endpoint: 'https://b.example', pageSize: 5}\n",
        ])
        let show = try project.profile(["show", "a"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(
            show.stdout == """
                profile a

                arguments (appended to the command):
                  (none)

                environment:
                  (no changes)

                flags:
                  (none)

                mocks:
                  (none)

                values:
                  endpoint = https://a.example (url)  profiles/a.yml:1
                  pageSize = 5 (int)                  profiles/a.yml:1
                  theme = dark (enum)                 profiles/a.yml:1

                """)
        let json = try project.profile(["show", "a", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let values = try #require(object["values"] as? [[String: Any]])
        #expect(
            values.map { "\($0["key"] ?? "") \($0["type"] ?? "") \($0["value"] ?? "")" } == [
                "endpoint url https://a.example", "pageSize int 5", "theme enum dark",
            ])
        let diff = try project.profile(["diff", "a", "b"])
        #expect(
            diff.stdout == """
                --- a
                +++ b

                values:
                - endpoint = https://a.example (url)  profiles/a.yml:1
                + endpoint = https://b.example (url)  profiles/b.yml:1
                - theme = dark (enum)                 profiles/a.yml:1
                + theme = light (enum)                profiles/b.yml:1

                """)
    }
}

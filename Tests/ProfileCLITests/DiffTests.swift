import Foundation
import Testing

/// `profile diff`: the built binary compares two sides as a launch sees them; exit 0 equal, 1 different (like
/// diff(1)), 64/65/66 on errors.
@Suite(.timeLimit(.minutes(20))) struct DiffTests {
    let files = [
        "profiles/_catalog.yml": """
        flags: {fast: Go fast, slow: Go slow}
        mocks: {net: {variants: [live, stub]}}
        values:
          n: {type: int}
          token: {type: string, secret: true}
        """,
        "profiles/base.yml": "abstract: true\nenv: {LOG: info}\nflags: {fast: false}\n",
        "profiles/app.yml": "extends: base\narguments: [-UITests]\nmocks: {net: stub}\nvalues: {n: 5}\n",
        "profiles/other.yml": "extends: base\nenv: {LOG: debug}\nvalues: {n: 6, token: abc}\n",
    ]

    @Test func equalSidesPrintNothingAndExitZero() throws {
        let project = try Project(files)
        let result = try project.profile(["diff", "app", "app"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        let json = try project.profile(["diff", "app", "app", "--json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"equal\": true"))
    }

    /// A profile that asks `run` to mask its output differs from one that does not: the whole text.
    @Test func redactIsADifference() throws {
        var files = self.files
        files["profiles/masked.yml"] = "extends: app\nredact: true\n"
        let project = try Project(files)
        let result = try project.profile(["diff", "app", "masked"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout == """
                --- app  (base → app)
                +++ masked  (base → app → masked)

                output:
                - as the command writes it  (default)
                + secrets masked by `run`   profiles/masked.yml:2

                """)
    }

    @Test func overridesWithoutSeparatorApplyToTheSecond() throws {
        let project = try Project(files)
        let result = try project.profile(["diff", "app", "app", "--enable", "fast"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout == """
                --- app  (base → app)
                +++ app --enable fast  (base → app)

                flags:
                - fast off  profiles/base.yml:3
                + fast on   command line:1

                """)
    }

    @Test func eachSideTakesItsOwnOverridesAroundTheSeparator() throws {
        let project = try Project(files)
        let result = try project.profile([
            "diff", "app", "--mock", "net=live", "--", "app", "--enable", "fast", "--json",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["equal"] as? Bool == false)
        let left = try #require(object["left"] as? [String: Any])
        #expect(left["label"] as? String == "app --mock net=live")
        #expect(left["chain"] as? [String] == ["base", "app"])
        let differences = try #require(object["differences"] as? [[String: Any]])
        #expect(differences.map { $0["section"] as? String } == ["flags", "mocks"])
        let flag = differences[0]
        #expect((flag["left"] as? [String: Any])?["value"] as? Bool == false)
        #expect((flag["left"] as? [String: Any])?["origin"] as? String == "profiles/base.yml:3:9")
        #expect((flag["right"] as? [String: Any])?["value"] as? Bool == true)
        let mock = differences[1]
        #expect((mock["left"] as? [String: Any])?["value"] as? String == "live")
        #expect((mock["right"] as? [String: Any])?["value"] as? String == "stub")
    }

    @Test func everySectionWithItsSourceAndSecretsHidden() throws {
        let project = try Project(files)
        let result = try project.profile(["diff", "app", "other"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout == """
                --- app  (base → app)
                +++ other  (base → other)

                arguments:
                - -UITests  profiles/app.yml:2

                environment:
                - LOG=info   profiles/base.yml:2
                + LOG=debug  profiles/other.yml:2

                mocks:
                - net → stub  profiles/app.yml:3

                values:
                - n = 5 (int)                  profiles/app.yml:4
                + n = 6 (int)                  profiles/other.yml:3
                + token = '<secret>' (string)  profiles/other.yml:3

                """)
        #expect(!result.stdout.contains("abc"))
        let revealed = try project.profile(["diff", "app", "other", "--reveal", "--json"])
        #expect(revealed.stdout.contains("\"abc\""))
    }

    @Test func errorsHaveTheDocumentedStatuses() throws {
        let project = try Project(files)
        let one = try project.profile(["diff", "app"])
        #expect(one.status == 64)
        #expect(one.stderr.contains("name two profiles to compare, or put `--` between the two sides"))
        let emptySide = try project.profile(["diff", "app", "--"])
        #expect(emptySide.status == 64)
        #expect(emptySide.stderr.contains("name at least one profile on each side of `--`"))
        let unknown = try project.profile(["diff", "app", "ap", "--enable", "fats"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("unknown profile `ap`"))
        #expect(unknown.stderr.contains("did you mean `fast`?"))
        #expect(unknown.stdout == "")
        let elsewhere = try Project(["README": ""])
        let none = try elsewhere.profile(["diff", "a", "b"])
        #expect(none.status == 66, "\(none.stderr)")
    }
}

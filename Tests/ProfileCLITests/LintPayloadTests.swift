import Foundation
import Testing

/// `lint` on chains whose payload passes the limit: one error where a chain crosses it, in the file of the first
/// profile that is too long, naming the profiles that extend it (each too long because it is); `run` names its profile
/// the same way. Whole outputs.
@Suite(.timeLimit(.minutes(20))) struct LintPayloadTests {
    static let limitClause =
        "`PROFILE_PAYLOAD`, which carries the profile to the runtime library, can take at most 131039 bytes (as "
        + "`DEVICECTL_CHILD_PROFILE_PAYLOAD=` with its final NUL byte: Linux's MAX_ARG_STRLEN)"

    /// The chain of `LintRunEquivalenceTests.aDeepChainThatSetsItsKeysAgain` (1,000 deep, arguments of 150 bytes):
    /// its payload passes the limit at `c794`, and every profile below it is too long too.
    static func deepChain() throws -> Project {
        try Project(LintRunEquivalenceTests.deepChain(argumentLength: 150))
    }

    /// `c100`'s line as the excerpt shows it: cut after 160 characters.
    static let longestLine = "arguments: [-" + String(repeating: "a", count: 147) + "…\n"

    @Test func aDeepChainIsOneErrorWhereItCrossesTheLimit() throws {
        let project = try Self.deepChain()
        let lint = try project.profile(["lint"])
        #expect(lint.status == 1)
        #expect(
            lint.stderr == """
                profiles/c794.yml:1:10: error: profile `c794`'s payload would be 131126 bytes: \(Self.limitClause); \
                its 795 arguments take 122320 bytes, its 20 values 60, the names of its 20 environment variables 110; \
                the payloads of the 206 profiles that extend it are too long as well: `c795`, `c796`, `c797`, `c798`, \
                `c799` and 201 more
                extends: c793
                         ^~~~
                profiles/c100.yml:3:13: note: the longest, an argument of 154 bytes, comes from `c100`
                \(Self.longestLine)            ^

                """)
        let json = try project.profile(["lint", "--format", "json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? NSDictionary)
        let message =
            "profile `c794`'s payload would be 131126 bytes: \(Self.limitClause); its 795 arguments take 122320 "
            + "bytes, its 20 values 60, the names of its 20 environment variables 110; the payloads of the 206 "
            + "profiles that extend it are too long as well: `c795`, `c796`, `c797`, `c798`, `c799` and 201 more"
        let expected: NSDictionary = [
            "errors": 1, "warnings": 0,
            "diagnostics": [
                [
                    "severity": "error", "path": "profiles/c794.yml", "line": 1, "column": 10, "message": message,
                    "suggestion": NSNull(),
                ] as NSDictionary
            ],
        ]
        #expect(object == expected)
        // `run` of the last profile: its own file, the same message (no other profile to name).
        let run = try project.profile(["run", "p", "--", "true"])
        #expect(run.status == 65)
        #expect(
            run.stderr == """
                profiles/p.yml:1:10: error: profile `p`'s payload would be 164743 bytes: \(Self.limitClause); its \
                1000 arguments take 153890 bytes, its 20 values 60, the names of its 20 environment variables 110
                extends: c999
                         ^~~~
                profiles/c100.yml:3:13: note: the longest, an argument of 154 bytes, comes from `c100`
                \(Self.longestLine)            ^

                """)
    }

    /// A profile that extends one too long but takes the room back (it removes the long value) fits: it is not
    /// named. A sibling that adds to it is; the longest value is the failing profile's own, so the error is there.
    @Test func aChildThatTakesTheRoomBackIsNotNamed() throws {
        let long = String(repeating: "x", count: 70_000)
        let project = try Project([
            "profiles/base.yml": "values:\n  first: \(long)\n  second: \(long)\n",
            "profiles/slim.yml": "extends: base\nvalues: {first: null}\n",
            "profiles/slimmer.yml": "extends: slim\narguments: [-a]\n",
            "profiles/wide.yml": "extends: base\narguments: [-b]\n",
            "profiles/wider.yml": "extends: wide\narguments: [-c]\n",
        ])
        let lint = try project.profile(["lint"])
        #expect(lint.status == 1)
        let excerpt = "  first: " + String(repeating: "x", count: 151) + "…\n"
        #expect(
            lint.stderr == """
                profiles/base.yml:2:3: error: profile `base`'s payload would be 140053 bytes: \(Self.limitClause); \
                its 2 values 140000; the longest is value `first`, 70000 bytes; the payloads of the 2 profiles that \
                extend it are too long as well: `wide` and `wider`
                \(excerpt)  ^

                """)
        #expect(try project.profile(["run", "slimmer", "--", "true"]).status == 0)
    }
}

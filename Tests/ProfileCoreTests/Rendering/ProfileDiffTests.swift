import ProfileResolution
import Testing

/// `ProfileDiff`: what differs between two resolved profiles as a launch sees them.
@Suite struct ProfileDiffTests {
    let files = [
        "base.yml": "abstract: true\nenv: {LOG: info, KEEP: same}\narguments: [-a, -b, -c]\nflags: {x: false}\n",
        "one.yml": "extends: base\nmocks: {net: live}\nvalues: {n: 5, name: hi}\n",
        "two.yml": """
        extends: base
        env: {LOG: debug, HOME: null, EXTRA: '1'}
        arguments: [{drop: -b}, -d]
        flags: {x: true}
        mocks: {net: stub}
        values: {n: 5.0, other: true}
        """,
        "secret.yml": "env: {TOKEN: '${API_TOKEN}'}\narguments: ['--token=${API_TOKEN}']\n",
    ]

    func diff(_ left: [String], _ right: [String], reveal: Bool = false, environment: [(String, String)] = [])
        throws -> ProfileDiff
    {
        let profiles = try TemporaryProfiles(files)
        let (l, leftProblems) = try profiles.resolve(left, environment: environment, purpose: .inspect)
        let (r, rightProblems) = try profiles.resolve(right, environment: environment, purpose: .inspect)
        #expect(leftProblems == "" && rightProblems == "")
        return ProfileDiff(left: try #require(l), right: try #require(r), renderer: ShowRenderer(reveal: reveal))
    }

    func lines(_ diff: ProfileDiff) -> [String] {
        diff.differences.map { difference in
            "\(difference.section.rawValue) \(difference.left?.text ?? "·") | \(difference.right?.text ?? "·")"
        }
    }

    @Test func sameLaunchIsNoDifferenceWhateverTheOrigins() throws {
        let profiles = try TemporaryProfiles([
            "a.yml": "flags: [f]\nvalues: {n: 5}\nenv: {A: '1'}\narguments: [-x]\n",
            "b.yml": "extends: a\nflags: [f]\nvalues: {n: 5}\nenv: {A: '1'}\n",
        ])
        let (a, _) = try profiles.resolve(["a"])
        let (b, _) = try profiles.resolve(["b"])
        let diff = ProfileDiff(left: try #require(a), right: try #require(b))
        #expect(diff.isEmpty)
        #expect(diff.text(labels: ("a", "b")) == "")
        #expect(diff.json(labels: ("a", "b")).contains("\"equal\": true"))
    }

    @Test func eachSectionComparesWhatTheChildReceives() throws {
        let diff = try diff(["one"], ["two"])
        #expect(
            lines(diff) == [
                "arguments -b | ·",
                "arguments · | -d",
                "environment LOG=info | LOG=debug",
                "environment · | unset HOME",
                "environment · | EXTRA=1",
                "flags x off | x on",
                "mocks net → live | net → stub",
                "values n = 5 (int) | n = 5.0 (double)",
                "values name = hi (string) | ·",
                "values · | other = true (bool)",
            ])
        let flag = try #require(diff.differences.first { $0.section == .flags })
        #expect(flag.left?.origin?.description.hasSuffix("profiles/base.yml:4:9") == true)
        #expect(flag.right?.origin?.description.hasSuffix("profiles/two.yml:4:9") == true)
    }

    @Test func argumentsAlignLikeDiffLines() throws {
        let profiles = try TemporaryProfiles([
            "a.yml": "arguments: [-a, -b, -c, -d]\n",
            "b.yml": "arguments: [-a, -c, -x, -d, -e]\n",
            "c.yml": "arguments: [-a, -b, -c, -d]\nappendArguments: false\n",
        ])
        let (a, _) = try profiles.resolve(["a"])
        let (b, _) = try profiles.resolve(["b"])
        let (c, _) = try profiles.resolve(["c"])
        let diff = ProfileDiff(left: try #require(a), right: try #require(b))
        #expect(lines(diff) == ["arguments -b | ·", "arguments · | -x", "arguments · | -e"])
        #expect(diff.differences.map { $0.left?.index ?? $0.right?.index } == [1, 2, 4])
        let appended = ProfileDiff(left: try #require(a), right: try #require(c))
        #expect(appended.differences.map(\.key) == ["appendArguments"])
        #expect(appended.differences[0].left?.origin == nil)
        #expect(appended.differences[0].right?.origin != nil)
    }

    /// `redact: true` on one side: an `output` difference keyed `redact`, with where it was set.
    @Test func redactIsADifferenceInOutput() throws {
        let profiles = try TemporaryProfiles([
            "plain.yml": "env: {A: b}\n", "masked.yml": "extends: plain\nredact: true\n",
            "again.yml": "extends: masked\n",
        ])
        func resolve(_ name: String) throws -> ResolvedProfile {
            try #require(try profiles.resolve([name], purpose: .inspect).0)
        }
        let diff = ProfileDiff(left: try resolve("plain"), right: try resolve("masked"))
        #expect(lines(diff) == ["output as the command writes it | secrets masked by `run`"])
        #expect(diff.differences.map(\.key) == ["redact"])
        #expect(diff.differences.first?.right?.origin?.shortDescription.hasSuffix("/profiles/masked.yml:2") == true)
        #expect(diff.differences.first?.left?.origin == nil)
        #expect(ProfileDiff(left: try resolve("masked"), right: try resolve("again")).isEmpty)
    }

    @Test func valuesFromTheEnvironmentAreShownAsShowShowsThem() throws {
        let hidden = try diff(["secret"], ["one"], environment: [("API_TOKEN", "s3cret")])
        let text = hidden.text(labels: ("secret", "one")) + hidden.json(labels: ("secret", "one"))
        #expect(!text.contains("s3cret"))
        #expect(text.contains("${API_TOKEN}"))
        let revealed = try diff(["secret"], ["one"], reveal: true, environment: [("API_TOKEN", "s3cret")])
        #expect(revealed.text(labels: ("secret", "one")).contains("TOKEN=s3cret"))
    }

    @Test func textIsAUnifiedDiffWithOrigins() throws {
        let diff = try diff(["one"], ["two"])
        let text = diff.text(labels: ("one", "two --enable x"))
        #expect(text.hasPrefix("--- one  (base → one)\n+++ two --enable x  (base → two)\n\narguments:\n- -b "))
        let flags = try #require(text.split(separator: "\n\n").first { $0.hasPrefix("flags:") })
        let rows = flags.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows.count == 2)
        #expect(rows[0].hasPrefix("- x off  /") && rows[0].hasSuffix("/profiles/base.yml:4"))
        #expect(rows[1].hasPrefix("+ x on   /") && rows[1].hasSuffix("/profiles/two.yml:4"))
    }
}

import Foundation
import TestSupport
import Testing

/// `lint` reports an error exactly when `run` refuses, and `show` and `export` refuse exactly when `run` does, over
/// generated repositories: every rule below, each placed in the profile itself, in its parent, in its `.local`
/// overlay, and at the root of a chain five deep; and over every case of the bad-input corpus whose outcome does not
/// depend on the command line or the invoking environment.
@Suite(.timeLimit(.minutes(20))) struct LintRunEquivalenceTests {
    /// One broken (or valid) thing: the YAML lines it adds to a profile file, and files it adds to `profiles/`.
    struct Rule: Sendable {
        var name: String
        var lines: String
        var files: [String: String] = [:]
    }

    static let long = String(repeating: "x", count: 1_000)

    static let rules: [Rule] = {
        var rules = [
            Rule(
                name: "valid: a little of everything", lines: "env: {A: one}\narguments: [-a, '1']\nflags: {f: true}\n"),
            Rule(name: "reserved PROFILE_PAYLOAD", lines: "env: {PROFILE_PAYLOAD: x}\n"),
            Rule(name: "reserved PROFILE_ACTIVE", lines: "env: {PROFILE_ACTIVE: x}\n"),
            Rule(name: "unset reserved PROFILE_ACTIVE", lines: "env: {PROFILE_ACTIVE: null}\n"),
            Rule(name: "empty reference", lines: "env: {A: '${}'}\n"),
            Rule(name: "unterminated reference", lines: "env: {A: '${HOME'}\n"),
            Rule(name: "reference not an identifier", lines: "env: {A: '${1A}'}\n"),
            Rule(name: "unterminated reference in an argument", lines: "arguments: ['${A']\n"),
            Rule(name: "unterminated reference in a value", lines: "values: {s: 'a${b'}\n"),
            Rule(name: "NUL in an argument", lines: "arguments: [\"a\\0b\"]\n"),
            Rule(name: "unknown key", lines: "flgs: {f: true}\n"),
            Rule(name: "duplicate key", lines: "env: {A: one}\nenv: {B: two}\n"),
            Rule(name: "wrong type", lines: "flags: {f: maybe}\n"),
            Rule(name: "unknown parent", lines: "extends: nosuch\n"),
            Rule(name: "drop of nothing", lines: "arguments: [{drop: -nothing}]\n"),
            Rule(name: "flag and value share a key", lines: "flags: {k: true}\nvalues: {k: 1}\n"),
            Rule(name: "two spellings of a key", lines: "values: {pageSize: 1, page_size: 2}\n"),
            Rule(
                name: "two catalogs", lines: "flags: {f: true}\n",
                files: [
                    "_catalog.yml": "flags: {f: {description: F}}\n",
                    "_catalog.yaml": "flags: {f: {description: F}}\n",
                ]),
            Rule(
                name: "catalog: unknown flag", lines: "flags: {g: true}\n",
                files: ["_catalog.yml": "flags: {f: {description: F}}\n"]),
            Rule(
                name: "catalog: unknown variant", lines: "mocks: {api: nope}\n",
                files: ["_catalog.yml": "mocks: {api: {variants: [live, local]}}\n"]),
            Rule(
                name: "catalog: wrong value type", lines: "values: {n: text}\n",
                files: ["_catalog.yml": "values: {n: {type: int}}\n"]),
            Rule(
                name: "valid: with a catalog", lines: "values: {n: 3}\nflags: {f: true}\n",
                files: ["_catalog.yml": "values: {n: {type: int}}\nflags: {f: {description: F}}\n"]),
            // Each within the limit of an argument or a value, together too long for the payload, which carries them.
            Rule(
                name: "arguments that fit, a payload that does not",
                lines:
                    "arguments: ['\(String(repeating: "a", count: 70_000))', '\(String(repeating: "b", count: 70_000))']\n"
            ),
            Rule(
                name: "a value and an argument that fit, a payload that does not",
                lines: "values: {s: '\(String(repeating: "a", count: 100_000))'}\n"
                    + "arguments: ['\(String(repeating: "b", count: 40_000))']\n"),
            Rule(name: "valid: a long argument", lines: "arguments: ['\(String(repeating: "a", count: 100_000))']\n"),
        ]
        // A value that interpolation makes longer than a value may be: doubled eight times from 1,000 bytes.
        var doubling = "env:\n  A1: '\(long)'\n"
        for index in 2...9 { doubling += "  A\(index): '${A\(index - 1)}${A\(index - 1)}'\n" }
        rules.append(Rule(name: "interpolation makes an environment value too long", lines: doubling))
        var argument = "env:\n  A1: '\(long)'\n"
        for index in 2...9 { argument += "  A\(index): '${A\(index - 1)}${A\(index - 1)}'\n" }
        rules.append(Rule(name: "interpolation makes an argument too long", lines: argument + "arguments: ['${A9}']\n"))
        return rules
    }()

    enum Place: String, CaseIterable, Sendable {
        case itself, parent, overlay, chainRoot
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var rule: Rule
        var place: Place
        var testDescription: String { "\(rule.name) (\(place.rawValue))" }
    }

    static let cases: [Case] = rules.flatMap { rule in Place.allCases.map { Case(rule: rule, place: $0) } }

    /// The files of a repository whose runnable profile `p` gets the rule's lines where the case says.
    static func files(_ testCase: Case) -> [String: String] {
        var files: [String: String] = [".git/HEAD": "ref: refs/heads/main\n"]
        for (name, text) in testCase.rule.files { files["profiles/" + name] = text }
        let lines = testCase.rule.lines
        switch testCase.place {
        case .itself:
            files["profiles/p.yml"] = lines
        case .parent:
            files["profiles/base.yml"] = "abstract: true\n" + lines
            files["profiles/p.yml"] = "extends: base\n"
        case .overlay:
            files["profiles/p.yml"] = "description: p\n"
            files["profiles/p.local.yml"] = lines
        case .chainRoot:
            files["profiles/c0.yml"] = "abstract: true\n" + lines
            for index in 1..<5 { files["profiles/c\(index).yml"] = "abstract: true\nextends: c\(index - 1)\n" }
            files["profiles/p.yml"] = "extends: c4\n"
        }
        return files
    }

    /// The exit statuses of `lint`, `run p -- sh -c "touch LAUNCHED"`, `show p` and `export json p` (the format that
    /// holds every variable name: `dotenv` and `shell` refuse names they cannot write, `A B`), and whether the child
    /// ran.
    struct Outcome: Equatable, CustomStringConvertible {
        var lint: Int32
        var run: Int32
        var show: Int32
        var export: Int32
        var launched: Bool
        var description: String { "lint \(lint), run \(run), show \(show), export \(export), launched \(launched)" }
    }

    /// The outcome in the repository at `root`. With `run` given (a status another suite has already seen `run` exit
    /// with on the same input, launching exactly when it is 0), `run` is not run again: that status, and a launch
    /// exactly when it is 0, stand for it.
    static func outcome(
        in root: String, arguments: [String] = ["p"], environment: [String: String] = [:], run knownRun: Int32? = nil
    ) throws -> Outcome {
        var env = environment
        env["PATH"] = env["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        env["HOME"] = env["HOME"] ?? root
        func status(_ words: [String]) throws -> Int32 {
            try CLI.profile(words, in: root, environment: env).status
        }
        let run = try knownRun ?? status(["run"] + arguments + ["--", "sh", "-c", "touch LAUNCHED"])
        return Outcome(
            lint: try status(["lint"]), run: run, show: try status(["show"] + arguments),
            export: try status(["export", "json"] + arguments),
            launched: knownRun.map { $0 == 0 } ?? FileManager.default.fileExists(atPath: root + "/LAUNCHED"))
    }

    /// Whether the outcome says the same thing everywhere: lint finds an error (1, or 66 for an unreadable file)
    /// exactly when run refuses (65, 66) and launches nothing; show and export refuse with run's status.
    static func agrees(_ outcome: Outcome) -> Bool {
        let runRefuses = outcome.run != 0
        let lintFails = outcome.lint != 0
        return lintFails == runRefuses && outcome.launched == !runRefuses && outcome.show == outcome.run
            && outcome.export == outcome.run
    }

    @Test(arguments: cases)
    func lintRunShowAndExportAgree(_ testCase: Case) throws {
        let project = try Project(Self.files(testCase))
        let outcome = try Self.outcome(in: project.root)
        #expect(Self.agrees(outcome), "\(outcome)")
        // The generator itself: the valid rules launch, the others are refused.
        #expect(outcome.launched == testCase.rule.name.hasPrefix("valid"))
    }

    /// Every corpus case that names only profiles (no overrides, no options) and needs no environment. Left out:
    /// what only the command line can get wrong (an unknown or abstract profile named there: `lint` checks files), and
    /// `${VAR:?message}` of an unset variable (`lint` checks files, not the environment it runs in: documented).
    static let corpusCases: [String] = CorpusTests.caseNames.filter { name in
        guard let expected = try? Expectation(folder: CorpusTests.corpus.appendingPathComponent(name)) else {
            return false
        }
        return expected.environment.isEmpty && expected.knownIssue == nil
            && !expected.arguments.contains(where: { $0.hasPrefix("-") }) && [0, 65, 66].contains(expected.status)
            && !expected.stderr.contains("command line:") && !expected.stderr.contains("is not set")
    }

    @Test func theCorpusHasCasesToCompare() {
        #expect(Self.corpusCases.count >= 100)
        // Each smaller input is a case compared here, with a count for each of its `generate:` lines.
        for (name, counts) in Self.smallerInputs {
            let expected = try? Expectation(folder: CorpusTests.corpus.appendingPathComponent(name))
            #expect(Self.corpusCases.contains(name) && expected?.generated.count == counts.count, "\(name)")
        }
    }

    /// `run` is not run again here: `CorpusTests.badInput` runs every case of the corpus through `profile run` with
    /// the same arguments and checks that it exits with `expected.txt`'s status (no case compared here is a known
    /// issue there) and launches exactly when that status is 0. So that status stands for `run`'s, and `lint`, `show`
    /// and `export` must agree with it.
    @Test(arguments: corpusCases)
    func corpusCase(_ name: String) throws {
        var expected = try Expectation(folder: CorpusTests.corpus.appendingPathComponent(name))
        let project = try CorpusProject(copying: CorpusTests.corpus.appendingPathComponent(name))
        if let counts = Self.smallerInputs[name] {
            // Not the input CorpusTests ran: `run` runs here, and says what expected.txt says, its figures aside.
            for (index, count) in counts.enumerated() { expected.generated[index].generator.count = count }
            try project.generate(expected.generated)
            let run = try CLI.profile(
                ["run"] + expected.arguments + ["--", "sh", "-c", "touch LAUNCHED"], in: project.root,
                environment: ["HOME": project.root])
            #expect(run.status == expected.status)
            #expect(Self.withoutFigures(run.stderr) == Self.withoutFigures(expected.stderr))
            let outcome = try Self.outcome(in: project.root, arguments: expected.arguments, run: run.status)
            #expect(Self.agrees(outcome), "\(outcome)")
            #expect(FileManager.default.fileExists(atPath: project.root + "/LAUNCHED") == (run.status == 0))
            return
        }
        try project.generate(expected.generated)
        let outcome = try Self.outcome(in: project.root, arguments: expected.arguments, run: expected.status)
        #expect(Self.agrees(outcome), "\(outcome)")
    }

    /// The corpus cases whose size is what they pin, compared here on a smaller input of the same shape: the counts
    /// of their `generate:` lines.
    ///
    /// `113-many-errors-at-the-end-of-a-large-file` pins how errors at the end of a 140,000-line (7 MB) profile are
    /// rendered, which `CorpusTests` checks whole; each command takes 2 to 4 s of CPU on it (debug build). What it
    /// breaks, a payload over the limit and 200 unknown keys after it, does not depend on that size: with 10,000
    /// variables (a 540 KB file, a payload of 178,917 bytes, over 131,039) `run` prints the same errors at the same
    /// places, figures aside, in a tenth of a second.
    static let smallerInputs: [String: [Int]] = ["113-many-errors-at-the-end-of-a-large-file": [10_000, 200]]

    /// `text` with every run of digits as `#`: the same errors on a smaller input read the same.
    static func withoutFigures(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9]+", with: "#", options: .regularExpression)
    }

    /// A chain 1,000 deep whose links set the same keys again (the payload holds each once) and add an argument each:
    /// within the limit it launches and `lint` accepts it quickly (its bounds cap the keys set again); with longer
    /// arguments the payload passes the limit and every command refuses it.
    @Test(arguments: [8, 150])
    func aDeepChainThatSetsItsKeysAgain(argumentLength: Int) throws {
        let project = try Project(Self.deepChain(argumentLength: argumentLength))
        let outcome = try Self.outcome(in: project.root)
        #expect(Self.agrees(outcome), "\(outcome)")
        #expect(outcome.launched == (argumentLength == 8))
    }

    /// The files of that chain: `c0` (abstract) to `c999`, each extending the one before and setting again one of 20
    /// variables, flags and values, with an argument of its own `argumentLength` bytes long (plus its number); `p`
    /// extends `c999`.
    static func deepChain(argumentLength: Int) -> [String: String] {
        var files: [String: String] = [".git/HEAD": "ref: refs/heads/main\n"]
        let argument = String(repeating: "a", count: argumentLength)
        for index in 0..<1_000 {
            let extends = index == 0 ? "abstract: true\n" : "extends: c\(index - 1)\n"
            files["profiles/c\(index).yml"] =
                extends + "env: {VAR_\(index % 20): value-\(index)}\narguments: [-\(argument)\(index)]\n"
                + "flags: {flag\(index % 20): true}\nvalues: {value\(index % 20): \(index)}\n"
        }
        files["profiles/p.yml"] = "extends: c999\n"
        return files
    }
}

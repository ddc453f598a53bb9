import Foundation
import TestSupport
import Testing

/// What `profile run … --dry-run --json --reveal` says is what the child really receives, for every delivery: a
/// driver runs the dry run and then the real run from the same environment (which it records), and the child, a
/// stand-in for the command (`dump`, `xcodebuild`, `xcrun`), records its argv and its whole environment (`env -0`).
/// The plan's environment changes applied to the recorded environment must give the child's environment exactly, and
/// the plan's argv after the command's name must be the child's arguments.
@Suite struct DryRunEquivalenceTests {
    /// The driver: records its environment (the one `profile` starts from), writes the dry run's JSON, then execs the
    /// real run. Its words come from `DRIVE_ARGS` (JSON), so that `profile shell` can start it as `$SHELL`.
    static let driver = """
        #!/usr/bin/env python3
        import json, os, subprocess
        d, profile = os.environ["DUMP_DIR"], os.environ["PROFILE_BIN"]
        args = json.loads(os.environ["DRIVE_ARGS"])
        i = args.index("--")
        with open(os.path.join(d, "invoking.json"), "w") as f:
            json.dump(dict(os.environ), f)
        plan = subprocess.run([profile, "run", *args[:i], "--dry-run", "--json", "--reveal", *args[i:]],
                              capture_output=True, text=True)
        with open(os.path.join(d, "plan.json"), "w") as f:
            f.write(plan.stdout)
        os.execv(profile, [profile, "run", *args])

        """

    /// The child: its arguments and its environment, NUL-separated, in files named after `$WHO` (for `--each`).
    static let child = """
        #!/bin/sh
        for a in "$@"; do printf '%s\\0' "$a"; done > "$DUMP_DIR/argv-$WHO"
        exec env -0 > "$DUMP_DIR/env-$WHO"

        """

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The words of `profile run`, without `--dry-run`.
        var words: [String]
        /// Through `profile shell outer` (the driver as `$SHELL`).
        var insideShell = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain", words: ["p", "--", "dump", "a", "--", "b"]),
        Case(name: "overrides", words: ["p", "--enable", "g", "--env", "C=3", "--unset", "A", "--", "dump", "a"]),
        Case(name: "--no-arguments", words: ["p", "--no-arguments", "--", "dump", "a"]),
        Case(name: "--prefix", words: ["p", "--prefix", "FOO_", "--", "dump", "a"]),
        Case(name: "xcodebuild test", words: ["p", "--", "xcodebuild", "test", "-scheme", "App"]),
        Case(
            name: "xcrun xcodebuild test-without-building",
            words: ["p", "--", "xcrun", "xcodebuild", "test-without-building"]),
        Case(
            name: "simctl launch", words: ["p", "--", "xcrun", "simctl", "launch", "booted", "com.example.app", "-own"]),
        Case(name: "simctl spawn", words: ["p", "--", "xcrun", "simctl", "spawn", "booted", "/usr/bin/app", "x"]),
        Case(name: "inside profile shell", words: ["p", "--", "dump", "a"], insideShell: true),
        Case(
            name: "inside profile shell, simctl launch",
            words: ["p", "--", "xcrun", "simctl", "launch", "booted", "com.example.app"], insideShell: true),
        Case(name: "--each", words: ["--each", "p", "q", "--prefix", "BAR_", "--", "dump", "a"]),
    ]

    @Test(arguments: cases)
    func theDryRunIsWhatTheChildReceives(_ testCase: Case) throws {
        let project = try Project([
            "profiles/p.yml": """
            env:
              WHO: p
              A: one
              B: ${A}-two
              H: ${HOME}/cache
              EMPTY: ""
              LANG: null
            arguments: [-x, "1", --name, "${B}"]
            flags: {f: true}
            values: {n: 3, s: "${B}"}

            """,
            "profiles/q.yml": "extends: p\nenv: {WHO: q}\narguments: [-q]\n",
            "profiles/outer.yml": "env: {OUTER: yes, A: outer}\nflags: {o: true}\narguments: [-outer]\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write("drive", Self.driver, executable: true)
        for name in ["dump", "xcodebuild", "xcrun"] { try project.write("bin/\(name)", Self.child, executable: true) }
        try project.write("out/.keep", "")
        let environment = [
            "PATH": project.path("bin") + ":/usr/local/bin:/usr/bin:/bin", "HOME": project.root,
            "LANG": Tools.utf8Locale,
            "DUMP_DIR": project.path("out"), "PROFILE_BIN": CLI.profileBinary, "WHO": "nobody",
            "DRIVE_ARGS": String(decoding: try JSONSerialization.data(withJSONObject: testCase.words), as: UTF8.self),
            "SHELL": project.path("drive"),
        ]
        let result =
            testCase.insideShell
            ? try project.profile(["shell", "outer"], environment: environment)
            : try CLI.run(project.path("drive"), [], in: project.root, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")

        let invoking =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: project.path("out/invoking.json")))) as! [String: String]
        let planJSON = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: project.path("out/plan.json"))))
        let plans = (planJSON as? [[String: Any]]) ?? [planJSON as! [String: Any]]
        #expect(plans.count == (testCase.words.contains("--each") ? 2 : 1))
        let command = Array(testCase.words[(testCase.words.firstIndex(of: "--")! + 1)...])
        for plan in plans {
            var expected = invoking
            for change in plan["environment"] as! [[String: Any]] {
                expected[change["name"] as! String] = change["value"] as? String
            }
            let who = expected["WHO"] ?? "nobody"
            let received = try Self.fields(project.path("out/env-\(who)"))
            var actual: [String: String] = [:]
            for entry in received {
                let equals = entry.firstIndex(of: "=")!
                actual[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
            }
            #expect(actual == expected, "environment of \(who)")
            let argv = plan["argv"] as! [String]
            #expect(argv.first == command.first)
            #expect(try Self.fields(project.path("out/argv-\(who)")) == Array(argv.dropFirst()), "argv of \(who)")
        }
    }

    /// The NUL-terminated fields of a file.
    static func fields(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}

import Foundation
import TestSupport
import Testing

/// What `profile run … --dry-run --json --reveal` says is what the child really receives, for every delivery: a
/// driver runs the dry run and then the real run from the same environment (which it records), and the child, a
/// stand-in for the command (`dump`, `xcodebuild`, `xcrun`), records its argv and its whole environment (`env -0`).
/// The plan's environment changes applied to the recorded environment must give the child's environment exactly, and
/// the plan's argv after the command's name must be the child's arguments.
@Suite(.timeLimit(.minutes(20))) struct DryRunEquivalenceTests {
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
        Case(
            name: "devicectl launch",
            words: ["p", "--", "xcrun", "devicectl", "device", "process", "launch", "--device", "D", "com.example.app"]),
        Case(
            name: "devicectl launch, the command's own --",
            words: [
                "p", "--", "xcrun", "devicectl", "-q", "device", "process", "launch", "-d", "D", "--console", "id",
                "--",
                "-own",
            ]),
        Case(name: "swift test", words: ["p", "--", "swift", "test", "--filter", "Login"]),
        Case(name: "swift run", words: ["p", "--", "swift", "run", "-c", "release", "app", "a", "--", "b"]),
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
        for name in ["dump", "xcodebuild", "xcrun", "swift"] {
            try project.write("bin/\(name)", Self.child, executable: true)
        }
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

    struct ToolCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// The words of `profile run`, without `--dry-run`.
        var words: [String]
        /// The arguments the app (or the tests, or the executable) receives; nil when the tool runs nothing.
        var appArguments: [String]?
        var testDescription: String { name }
    }

    /// The profile's arguments as the app receives them.
    static let profileArguments = ["-x", "1", "--name", "one-two"]

    static let toolCases: [ToolCase] = [
        ToolCase(
            name: "devicectl launch",
            words: [
                "p", "--", "xcrun", "devicectl", "device", "process", "launch", "--device", "D", "com.example.app",
            ],
            appArguments: profileArguments),
        ToolCase(
            name: "devicectl launch, the app's own arguments",
            words: [
                "p", "--", "xcrun", "devicectl", "--timeout", "9", "device", "process", "launch",
                "--terminate-existing",
                "-d", "D", "com.example.app", "plain", "--", "-own",
            ],
            appArguments: profileArguments + ["plain", "--", "-own"]),
        ToolCase(
            name: "devicectl launch, -- before the bundle id",
            words: ["p", "--", "xcrun", "devicectl", "device", "process", "launch", "-d", "D", "--", "id", "-own"],
            appArguments: profileArguments + ["-own"]),
        ToolCase(
            name: "devicectl launch, its JSON variables win",
            words: [
                "p", "--", "xcrun", "devicectl", "device", "process", "launch", "--environment-variables",
                #"{"A":"typed","J":"json"}"#, "-d", "D", "id",
            ],
            appArguments: profileArguments),
        ToolCase(name: "swift test", words: ["p", "--", "swift", "test", "--filter", "Login"], appArguments: []),
        ToolCase(name: "swift build", words: ["p", "--", "swift", "build", "-c", "release"], appArguments: nil),
        ToolCase(
            name: "swift run", words: ["p", "--", "swift", "run", "-c", "release", "app", "a", "--", "b"],
            appArguments: ["a"] + profileArguments + ["--", "b"]),
    ]

    /// Through the stand-ins of the tools themselves (Fixtures/StandIns: `xcrun devicectl`, `swift`), which do what
    /// their documentation says: what the dry run shows, executed by the same stand-in, gives the app exactly what the
    /// real run gave it (its whole argv and environment), and the app's argv is the profile's arguments where the
    /// tool passes them on.
    @Test(arguments: toolCases)
    func theDryRunIsWhatTheAppUnderTheToolReceives(_ testCase: ToolCase) throws {
        let project = try Project([
            "profiles/p.yml": """
            env:
              WHO: p
              A: one
              B: ${A}-two
              LANG: null
            arguments: [-x, "1", --name, "${B}"]
            flags: {f: true}

            """,
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write("drive", Self.driver, executable: true)
        for name in ["xcrun", "devicectl", "swift"] {
            try project.write(
                "bin/\(name)", try String(contentsOfFile: DeliveryTests.standIns + "/" + name, encoding: .utf8),
                executable: true)
        }
        try project.write("app", Self.child, executable: true)
        try project.write("out/replay/.keep", "")
        let environment = [
            "PATH": project.path("bin") + ":/usr/local/bin:/usr/bin:/bin", "HOME": project.root,
            "LANG": Tools.utf8Locale, "DUMP_DIR": project.path("out"), "PROFILE_BIN": CLI.profileBinary,
            "STANDIN_APP": project.path("app"), "DEVICECTL_CHILD_DUMP_DIR": project.path("out"),
            "DRIVE_ARGS": String(decoding: try JSONSerialization.data(withJSONObject: testCase.words), as: UTF8.self),
        ]
        let result = try CLI.run(project.path("drive"), [], in: project.root, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")

        let invoking =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: project.path("out/invoking.json")))) as! [String: String]
        let plan =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: project.path("out/plan.json")))) as! [String: Any]
        var planned = invoking
        for change in plan["environment"] as! [[String: Any]] {
            planned[change["name"] as! String] = change["value"] as? String
        }
        planned["DUMP_DIR"] = project.path("out/replay")
        planned["DEVICECTL_CHILD_DUMP_DIR"] = project.path("out/replay")
        let argv = plan["argv"] as! [String]
        let replay = try CLI.run(
            plan["executable"] as! String, Array(argv.dropFirst()), in: project.root, environment: planned)
        #expect(replay.status == 0, "\(replay.stderr)")
        guard let appArguments = testCase.appArguments else {
            // `swift build` runs nothing: the dry run says argv stays as typed, and the stand-in accepts it.
            #expect(replay.stdout == "Build complete!\n")
            #expect(argv == Array(testCase.words.drop { $0 != "--" }.dropFirst()))
            return
        }

        // The folder the app writes to is the one difference between the two runs.
        let differs = { (entry: String) in entry.hasPrefix("DUMP_DIR=") || entry.hasPrefix("DEVICECTL_CHILD_DUMP_DIR=")
        }
        let received = try Self.fields(project.path("out/env-p")).filter { !differs($0) }
        let replayed = try Self.fields(project.path("out/replay/env-p")).filter { !differs($0) }
        #expect(received.sorted() == replayed.sorted())
        #expect(try Self.fields(project.path("out/argv-p")) == appArguments)
        #expect(try Self.fields(project.path("out/replay/argv-p")) == appArguments)
        // On a device, the app's environment is what devicectl sends: the profile's variables (its JSON winning),
        // HOME, and the caller's own DEVICECTL_CHILD_ variables (PWD is the stand-in app's shell's own).
        if testCase.words.contains("devicectl") {
            let received = received.filter { !$0.hasPrefix("PWD=") }
            let json = testCase.words.contains("--environment-variables")
            var expected = [
                "HOME=\(project.root)", "WHO=p", "A=\(json ? "typed" : "one")", "B=one-two",
                "PROFILE_PAYLOAD=\(planned["DEVICECTL_CHILD_PROFILE_PAYLOAD"] ?? "")",
            ]
            if json { expected.append("J=json") }
            #expect(received.sorted() == expected.sorted())
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

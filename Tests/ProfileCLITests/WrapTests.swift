import Foundation
import Testing

/// Wrapping any command (issue 12): `--no-arguments` and `appendArguments: false` (the app under a tool in between
/// reads the profile's arguments from the payload), `--dry-run`, and profiles applied on top of an outer one.
@Suite(.timeLimit(.minutes(20))) struct WrapTests {
    static var probe: String { CLI.productsDirectory.appendingPathComponent("profile-probe").path }

    /// The PATH of the test process (where `swift` is), then the usual directories.
    static var toolPath: String {
        (ProcessInfo.processInfo.environment["PATH"].map { $0 + ":" } ?? "") + "/usr/local/bin:/usr/bin:/bin"
    }

    static let uitest = """
        env: {LOG_LEVEL: debug}
        arguments: [-UITests, [-AppleLanguages, (en)]]
        flags: [skipOnboarding]
        values: {pageSize: 5}
        """

    func project(_ files: [String: String] = [:]) throws -> Project {
        let project = try Project(["profiles/uitest.yml": Self.uitest].merging(files) { $1 })
        try project.write("bin/show", showChild, executable: true)
        try project.write(".git/HEAD", "ref: refs/heads/main\n")
        return project
    }

    /// The probe's `key=value` lines as a dictionary.
    func probed(_ result: CLI.Result) -> [String: String] {
        var lines: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            lines[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return lines
    }

    // MARK: - --no-arguments and appendArguments

    @Test func anAppUnderShReadsTheProfilesArgumentFlags() throws {
        let project = try project()
        let result = try project.profile([
            "run", "uitest", "--no-arguments", "--", "sh", "-c", "exec \"$0\"", Self.probe,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let probed = probed(result)
        #expect(probed["argc"] == "1")  // argv as typed: the probe got no argument
        #expect(probed["UITests"] == "true")
        #expect(probed["AppleLanguages"] == "(en)")
        #expect(probed["skipOnboarding"] == "true")
        #expect(probed["pageSize"] == "5")
        #expect(probed["profiles"] == "uitest")
    }

    @Test func argvIsAsTypedAndThePayloadStillCarriesTheArguments() throws {
        let project = try project()
        let result = try project.profile([
            "run", "uitest", "--no-arguments", "--", project.path("bin/show"), "a", "--", "b",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("arg:") } == ["arg:a", "arg:--", "arg:b"])
        #expect(lines.contains("env:LOG_LEVEL=debug"))
        #expect(
            lines.contains(
                "env:PROFILE_PAYLOAD=profile/1;profile=uitest;flag.skipOnboarding=1;value.pageSize=5;"
                    + "argument=-UITests;argument=-AppleLanguages;argument=(en);env=LOG_LEVEL;end"))
    }

    @Test func toolsInBetweenRunWithNoArguments() throws {
        let project = try project()
        let environment = ["PATH": Self.toolPath, "HOME": project.root]
        for command in [["swift", "test", "--help"], ["bash", "-c", "exit 0"], ["make", "-v"]] {
            let result = try project.profile(
                ["run", "uitest", "--no-arguments", "--"] + command, environment: environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        // What the option is for: appended, the arguments reach the tool, which refuses them.
        let appended = try project.profile(["run", "uitest", "--", "make", "-v"], environment: environment)
        #expect(appended.status == 2)
        #expect(appended.stderr.hasPrefix("make: invalid option -- 'U'\nmake: invalid option -- 'A'\n"))
        // `swift test` needs no option: `run` knows it keeps argv as typed (Delivery; DeliveryTests runs it for real).
        let swift = try project.profile(["run", "uitest", "--", "swift", "test", "--help"], environment: environment)
        #expect(swift.status == 0, "\(swift.stderr)")
    }

    @Test func aProfileForToolsNeverAppendsItsArguments() throws {
        let project = try project([
            "profiles/tools.yml": "extends: uitest\nappendArguments: false\n",
            "profiles/app.yml": "extends: tools\nappendArguments: true\n",
        ])
        let tools = try project.profile(["run", "tools", "--", "sh", "-c", "exec \"$0\" \"$@\"", Self.probe])
        #expect(tools.status == 0, "\(tools.stderr)")
        #expect(probed(tools)["argc"] == "1")
        #expect(probed(tools)["UITests"] == "true")
        let app = try project.profile(["run", "app", "--", project.path("bin/show")])
        #expect(app.stdout.hasPrefix("arg:-UITests\narg:-AppleLanguages\narg:(en)\n"), "\(app.stdout)")
        let shown = try project.profile(["show", "tools"])
        #expect(shown.stdout.contains("arguments (not appended: `appendArguments: false` at profiles/tools.yml:2;"))
    }

    @Test func noArgumentsWithAProfileWithoutArgumentsIsFine() throws {
        let project = try project(["profiles/plain.yml": "env: {A: '1'}\n"])
        let result = try project.profile(["run", "plain", "--no-arguments", "--", "sh", "-c", "echo $A"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n")
    }

    // MARK: - --dry-run

    @Test func dryRunPrintsTheExecutableArgvAndEnvironmentAndLaunchesNothing() throws {
        let project = try project([
            "profiles/p.yml": """
            env: {LOG_LEVEL: debug, TOKEN: '${API_TOKEN}', HOME: null}
            arguments: [-UITests, "it's two words", "--token=${API_TOKEN}"]
            flags: [a]
            """
        ])
        let environment = ["PATH": project.path("bin") + ":/usr/bin:/bin", "API_TOKEN": "s3cret"]
        let result = try project.profile(
            ["run", "p", "--dry-run", "--", "show", "$HOME", project.path("launched")], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!project.exists("launched"))
        #expect(
            result.stdout == """
                executable: \(project.path("bin/show"))
                argv: show '$HOME' \(project.path("launched")) -UITests 'it'\\''s two words' '--token=${API_TOKEN}'
                environment:
                  LOG_LEVEL=debug
                  TOKEN='${API_TOKEN}'
                  unset HOME
                  PROFILE_PAYLOAD='profile/1;profile=p;flag.a=1;argument=-UITests;argument=it'\\''s two words;argument=--token%3D${API_TOKEN};env=LOG_LEVEL;env=TOKEN;end'

                """)
        #expect(!result.stdout.contains("s3cret"))
        // The argv line pastes back into a shell as the same words; with --reveal, the real values.
        let revealed = try project.profile(
            ["run", "p", "--dry-run", "--reveal", "--", "show", "$HOME"], environment: environment)
        let argv = try #require(revealed.stdout.split(separator: "\n").first { $0.hasPrefix("argv: ") }).dropFirst(6)
        let pasted = try CLI.run("/bin/sh", ["-c", "for a in \(argv); do printf '%s\\n' \"$a\"; done"])
        #expect(pasted.stdout == "show\n$HOME\n-UITests\nit's two words\n--token=s3cret\n")
        #expect(revealed.stdout.contains("  TOKEN=s3cret\n"))
    }

    @Test func dryRunJSON() throws {
        let project = try project()
        let result = try project.profile(
            ["run", "uitest", "--no-arguments", "--dry-run", "--json", "--", "sh", "-c", "true"],
            environment: ["PATH": "/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["profiles"] as? [String] == ["uitest"])
        // The system shell, /bin/sh on every system (Debian's /bin is a link to /usr/bin, where `/usr/bin/sh` is).
        #expect(object["executable"] as? String == "/bin/sh")
        #expect(object["error"] is NSNull)
        #expect(object["argv"] as? [String] == ["sh", "-c", "true"])
        #expect(object["appendArguments"] as? Bool == false)
        let environment = try #require(object["environment"] as? [[String: Any]])
        #expect(environment.map { $0["name"] as? String } == ["LOG_LEVEL", "PROFILE_PAYLOAD"])
    }

    @Test func dryRunOfACommandNotFoundSaysSoAndExits127() throws {
        let project = try project()
        let result = try project.profile(["run", "uitest", "--dry-run", "--", "no-such-command-xyz"])
        #expect(result.status == 127)
        #expect(
            result.stdout.hasPrefix("executable: none (cannot run `no-such-command-xyz`: No such file or directory"))
        #expect(
            result.stderr
                == "profile: error: cannot run `no-such-command-xyz`: No such file or directory (not found in PATH)\n")
        let json = try project.profile(["run", "uitest", "--dry-run", "--json", "--", "no-such-command-xyz"])
        #expect(json.status == 127)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["executable"] is NSNull)
    }

    @Test func dryRunWithoutACommandIsALocatedUsageError() throws {
        let project = try project()
        let result = try project.profile(["run", "uitest", "--dry-run"])
        #expect(result.status == 64)
        #expect(
            result.stderr == """
                command line:1:20: error: `--dry-run` needs the command it would launch, after `--`: `profile run <profile>... --dry-run -- <command> [<argument>...]`
                profile run uitest --dry-run
                                   ^~~~~~~~~

                """)
    }

    @Test func optionsThatNeedAnotherAreLocatedUsageErrors() throws {
        let project = try project()
        let result = try project.profile(["run", "uitest", "--json", "--reveal", "--keep-going", "--", "touch", "x"])
        #expect(result.status == 64)
        #expect(!project.exists("x"))
        #expect(result.stderr.contains("command line:1:20: error: `--json` only applies with `--dry-run`"))
        #expect(result.stderr.contains("command line:1:27: error: `--reveal` only applies with `--dry-run`"))
        #expect(result.stderr.contains("command line:1:36: error: `--keep-going` only applies with `--each`"))
    }

    // MARK: - On top of an outer profile

    @Test func aRunInsideARunAppliesOnTopOfIt() throws {
        let project = try project([
            "profiles/offline.yml": "env: {NET: 'off'}\narguments: [-offline]\nmocks: {network: offline}\n"
        ])
        // The outer run wraps a tool (`profile` itself): its arguments must not be appended to it.
        let result = try project.profile([
            "run", "uitest", "--no-arguments", "--", CLI.profileBinary, "run", "offline", "--",
            project.path("bin/show"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.hasPrefix("arg:") } == [
                "arg:-UITests", "arg:-AppleLanguages", "arg:(en)", "arg:-offline",
            ])
        #expect(lines.contains("env:LOG_LEVEL=debug"))
        #expect(lines.contains("env:NET=off"))
        #expect(
            lines.contains(
                "env:PROFILE_PAYLOAD=profile/1;profile=uitest;profile=offline;flag.skipOnboarding=1;"
                    + "mock.network=offline;value.pageSize=5;argument=-UITests;argument=-AppleLanguages;argument=(en);"
                    + "argument=-offline;env=LOG_LEVEL;env=NET;end"))
    }

    @Test func showSaysWhatItAppliesOnTopOf() throws {
        let project = try project(["profiles/offline.yml": "mocks: {network: offline}\n"])
        let outer = "profile/1;profile=uitest;flag.skipOnboarding=1;value.pageSize=5;argument=-UITests;end"
        let result = try project.profile(["show", "offline"], environment: ["PROFILE_PAYLOAD": outer])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                profile offline
                  on top of uitest (the enclosing `profile`'s, from $PROFILE_PAYLOAD)

                arguments (appended to the command):
                  '<outer>'  $PROFILE_PAYLOAD

                environment:
                  (no changes)

                flags:
                  skipOnboarding on  $PROFILE_PAYLOAD

                mocks:
                  network → offline  profiles/offline.yml:1

                values:
                  pageSize = '<outer>' (int)  $PROFILE_PAYLOAD

                """)
        let json = try project.profile(
            ["show", "offline", "--json", "--reveal"], environment: ["PROFILE_PAYLOAD": outer])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["outer"] as? [String] == ["uitest"])
        #expect(object["profiles"] as? [String] == ["offline"])
        let values = try #require(object["values"] as? [[String: Any]])
        #expect(values.first?["value"] as? Int == 5)
        let arguments = try #require(object["arguments"] as? [[String: Any]])
        #expect(arguments.first?["value"] as? String == "-UITests")
    }

    @Test func anUnreadableOuterPayloadLaunchesNothing() throws {
        let project = try project()
        let result = try project.profile(
            ["run", "uitest", "--", "touch", project.path("launched")],
            environment: ["PROFILE_PAYLOAD": "profile/9;end"])
        #expect(result.status == 65)
        #expect(!project.exists("launched"))
        #expect(
            result.stderr.hasPrefix(
                "profile: error: cannot apply the profile on top of the outer one: PROFILE_PAYLOAD is from a newer format "
                    + "version 9"), "\(result.stderr)")
        #expect(result.stderr.contains("`unset PROFILE_PAYLOAD` to start from no profile"))
    }
}

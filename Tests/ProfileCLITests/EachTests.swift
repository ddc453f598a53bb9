import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `profile run --each`: one run per profile, in order, a header before each and a summary table at the end; stops
/// at the first failure (unless `--keep-going`) and at SIGINT/SIGTERM; exits with the first failed run's status.
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct EachTests {
    func project() throws -> Project {
        try Project([
            "profiles/uitest.yml": "env: {WHO: uitest}\n",
            "profiles/offline.yml": "env: {WHO: offline, FAIL: '3'}\n",
            "profiles/demo.yml": "env: {WHO: demo}\narguments: [-demo]\n",
            "profiles/broken.yml": "flgs: {}\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
    }

    /// Prints who it runs as and its arguments, then exits with `$FAIL` (0 when unset).
    static let script = "echo \"$WHO $#\"; exit ${FAIL:-0}"

    /// The summary table's rows, without the time column.
    func table(_ stderr: String) -> [String] {
        guard let start = stderr.range(of: "\nprofile ") else { return [] }
        return stderr[stderr.index(after: start.lowerBound)...].split(separator: "\n").map { line in
            line.replacingOccurrences(of: #"\s+[0-9]+\.[0-9]{2}s$"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\s+time$"#, with: "", options: .regularExpression)
        }
    }

    @Test func stopsAtTheFirstFailureWithItsStatus() throws {
        let project = try project()
        let result = try project.profile(["run", "--each", "uitest", "offline", "demo", "--", "sh", "-c", Self.script])
        #expect(result.status == 3)
        #expect(result.stdout == "uitest 0\noffline 0\n")
        #expect(
            result.stderr.hasPrefix("==> uitest (1 of 3)\n==> offline (2 of 3)\n\nprofile  result"), "\(result.stderr)")
        #expect(
            table(result.stderr) == [
                "profile  result", "uitest   ok", "offline  exit 3", "demo     not run",
                "1 of 3 runs failed, 1 not run",
            ])
    }

    @Test func keepGoingRunsEveryProfile() throws {
        let project = try project()
        let result = try project.profile([
            "run", "--each", "uitest", "offline", "demo", "--keep-going", "--", "sh", "-c", Self.script, "sh",
        ])
        #expect(result.status == 3)
        #expect(result.stdout == "uitest 0\noffline 0\ndemo 1\n")  // each with its own arguments
        #expect(
            table(result.stderr) == [
                "profile  result", "uitest   ok", "offline  exit 3", "demo     ok", "1 of 3 runs failed",
            ])
    }

    @Test func everyRunSucceedsWithOverridesAppliedToEach() throws {
        let project = try project()
        let result = try project.profile([
            "run", "--each", "uitest", "demo", "--env", "EXTRA=x", "--no-arguments", "--", "sh", "-c",
            "echo \"$WHO $EXTRA $#\"",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "uitest x 0\ndemo x 0\n")
        #expect(table(result.stderr) == ["profile  result", "uitest   ok", "demo     ok", "every run succeeded"])
    }

    @Test func signalsAndMissingCommandsAreFailures() throws {
        let project = try project()
        let killed = try project.profile(["run", "--each", "uitest", "demo", "--", "sh", "-c", "kill -KILL $$"])
        #expect(killed.status == 128 + SIGKILL)
        #expect(!killed.signaled)
        #expect(
            table(killed.stderr) == [
                "profile  result", "uitest   killed by SIGKILL", "demo     not run", "1 of 2 runs failed, 1 not run",
            ])
        let missing = try project.profile(["run", "--each", "uitest", "--", "no-such-command-xyz"])
        #expect(missing.status == 127)
        #expect(missing.stderr.contains("profile: error: cannot run `no-such-command-xyz`: No such file or directory"))
        #expect(table(missing.stderr) == ["profile  result", "uitest   not found (127)", "1 of 1 runs failed"])
    }

    @Test func everyProfileIsCheckedBeforeTheFirstLaunch() throws {
        let project = try project()
        let result = try project.profile([
            "run", "--each", "uitest", "broken", "nope", "--", "touch", project.path("launched"),
        ])
        #expect(result.status == 65)
        #expect(!project.exists("launched"))
        #expect(result.stderr.contains("profiles/broken.yml:1:1: error: unknown key `flgs` in a profile"))
        #expect(result.stderr.contains("command line:1:34: error: unknown profile `nope`"))
        #expect(!result.stderr.contains("==>"))
    }

    @Test func eachWithNoProfileIsALocatedUsageError() throws {
        let project = try project()
        let result = try project.profile(["run", "--each", "--", "touch", project.path("launched")])
        #expect(result.status == 64)
        #expect(!project.exists("launched"))
        #expect(
            result.stderr.hasPrefix("command line:1:13: error: `--each` needs the profiles to run the command with"))
    }

    @Test func dryRunWithEachPrintsEveryPlan() throws {
        let project = try project()
        let result = try project.profile(
            ["run", "--each", "uitest", "demo", "--dry-run", "--", "sh", "-c", "true"],
            environment: ["PATH": "/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        // The system shell, /bin/sh on every system (Debian's /bin is a link to /usr/bin).
        #expect(
            result.stdout == """
                ==> uitest (1 of 2)
                executable: /bin/sh
                argv: sh -c true
                environment:
                  WHO=uitest
                  PROFILE_PAYLOAD='profile/1;profile=uitest;env=WHO;end'

                ==> demo (2 of 2)
                executable: /bin/sh
                argv: sh -c true -demo
                environment:
                  WHO=demo
                  PROFILE_PAYLOAD='profile/1;profile=demo;argument=-demo;env=WHO;end'

                """)
        let json = try project.profile(["run", "--each", "uitest", "demo", "--dry-run", "--json", "--", "true"])
        let plans = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(plans.map { $0["profiles"] as? [String] } == [["uitest"], ["demo"]])
    }

    /// SIGINT or SIGTERM sent to `profile` (by `kill`, as a CI runner cancelling a job does) reaches the running
    /// child, the matrix stops there, and `profile` ends by the same signal after printing the table.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsTheRunningChildAndTheMatrix(signal: Int32) async throws {
        let project = try project()
        // The child says it started once its trap is set and its sleep runs (`$!` set: a signal from then on, before
        // or during `wait`, runs the trap), then waits; on the signal it records it, stops its sleep and exits 130.
        let child = """
            trap 'echo "$WHO" > got-signal; kill $! 2>/dev/null; exit 130' INT TERM
            sleep 30 &
            echo "$WHO" >> started
            wait
            """
        let running = try Background(
            CLI.profileBinary, ["run", "--each", "uitest", "demo", "--keep-going", "--", "sh", "-c", child],
            in: project.root)
        #expect(await Wait.forFile(project.path("started")), "the first child did not start")
        kill(running.pid, signal)
        let result = try await running.wait()
        #expect(result.signaled)
        #expect(result.status == signal)
        #expect((try? String(contentsOfFile: project.path("got-signal"), encoding: .utf8)) == "uitest\n")
        #expect((try? String(contentsOfFile: project.path("started"), encoding: .utf8)) == "uitest\n")
        #expect(
            table(result.stderr) == [
                "profile  result", "uitest   exit 130", "demo     not run", "1 of 2 runs failed, 1 not run",
            ])
    }
}

/// A process started without waiting for it (for tests that signal it), as `Subprocess.run` starts one: no descriptor
/// of the test process, no blocked signal, same pid once it execs.
final class Background {
    let pid: pid_t
    let program: String
    let scratch: TemporaryDirectory

    init(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]) throws
    {
        program = executable
        scratch = try TemporaryDirectory(prefix: "profile-background")
        var env = environment
        if env["PATH"] == nil { env["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        try scratch.write("in", "")
        let pid = try Subprocess.spawn(
            executable, arguments, in: directory, environment: env, stdin: scratch.path("in"),
            stdout: scratch.path("out"), stderr: scratch.path("err"))
        // Not signalled before it shows it runs: through the trampoline (an older glibc), the pid is bash's until it
        // execs. The test waits for a file its child writes first.
        self.pid = pid
    }

    private var reaped = false

    /// How it ended and what it printed.
    struct Finished {
        var status: Int32
        var stdout: String
        var stderr: String
        var signaled: Bool
    }

    /// Waits for it to end (`Wait.forExit`: SIGKILL if it outlives the wait's limit).
    func wait() async throws -> Finished {
        let status = await Wait.forExit(of: pid, program: program)
        reaped = true
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        let code = signaled ? status & 0x7F : (status >> 8) & 0xFF
        let out = (try? String(contentsOfFile: scratch.path("out"), encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: scratch.path("err"), encoding: .utf8)) ?? ""
        return Finished(status: code, stdout: out, stderr: err, signaled: signaled)
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }
}

import Foundation
import TestSupport
import Testing

/// `run` checks argv and the environment together against the system's `ARG_MAX` before it launches (issue 30), and
/// draws the line where the kernel does: the kernel itself finds the largest environment that still launches (Python
/// execs the same argv and environment, `E2BIG` or not), `profile run` launches with exactly that much and refuses one
/// byte more, saying what takes the room, exit 126, nothing launched.
@Suite(.timeLimit(.minutes(20))) struct ArgumentSpaceTests {
    static let profile = """
        env:
          API_BASE_URL: http://localhost:8080
          LOG_LEVEL: debug
        arguments: [-UITests, --countries-datasource, local-mock]
        values: {pageSize: 3}

        """

    /// The command: it leaves a file behind when it runs.
    static let command = ["/bin/sh", "-c", ": > LAUNCHED", "sh"]
    /// The argv `run` makes of it: the profile's arguments appended.
    static let argv = command + ["-UITests", "--countries-datasource", "local-mock"]
    /// 512 KiB of stack: Linux allows a quarter of it, its floor (128 KiB), so that the figures do not depend on the
    /// machine's `ulimit -s`. (macOS allows 1 MiB whatever the stack.)
    static let wrapper = "ulimit -s 512 && exec \"$0\" \"$@\""

    func run(_ project: Project, fill: Int, command: [String]) throws -> CLI.Result {
        try CLI.run(
            "/bin/sh", ["-c", Self.wrapper, CLI.profileBinary, "run", "p", "--"] + command, in: project.root,
            // Python sets `LC_CTYPE` in its own environment under the C locale unless told not to (PEP 538).
            environment: ["FILL": String(repeating: "x", count: fill), "PYTHONCOERCECLOCALE": "0"])
    }

    @Test func aLaunchThatDoesNotFitIsRefusedWhereTheKernelWouldRefuseIt() throws {
        let project = try Project(["profiles/p.yml": Self.profile])
        // The environment the child gets (the shells in between add a few variables), with `FILL` one byte long.
        let printer = [
            "/usr/bin/env", "python3", "-c",
            "import os, sys; sys.stdout.write(''.join(k + '=' + v + '\\0' for k, v in os.environ.items()))",
        ]
        let printed = try run(project, fill: 1, command: printer)
        try #require(printed.status == 0, "\(printed.stderr)")
        var environment = printed.stdout.split(separator: "\0").map(String.init)
        let fillIndex = try #require(environment.firstIndex(of: "FILL=x"))
        try project.write("environment", environment.joined(separator: "\0"))

        // The kernel's answer: the longest `FILL` with which this argv and environment can be executed.
        let probe = """
            import errno, os, resource, subprocess, sys
            argv = sys.argv[1:]
            env = dict(e.split('=', 1) for e in open('environment').read().split('\\0'))
            def fits(n):
                env['FILL'] = 'x' * n
                def limit():
                    resource.setrlimit(resource.RLIMIT_STACK, (512 * 1024, resource.getrlimit(resource.RLIMIT_STACK)[1]))
                try:
                    subprocess.run(argv, env=env, cwd='probe', preexec_fn=limit, check=True)
                    return True
                except OSError as error:
                    if error.errno != errno.E2BIG: raise
                    return False
            os.mkdir('probe')
            low, high = 1, 2 * 1024 * 1024
            while low < high:
                middle = (low + high + 1) // 2
                if fits(middle): low = middle
                else: high = middle - 1
            print(low)
            """
        try project.write("probe.py", probe)
        let kernel = try CLI.run("/usr/bin/env", ["python3", "probe.py"] + Self.argv, in: project.root)
        try #require(kernel.status == 0, "\(kernel.stderr)")
        let longest = try #require(Int(kernel.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))

        let fits = try run(project, fill: longest, command: Self.command)
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(fits.stderr == "")
        #expect(project.exists("LAUNCHED"))
        try FileManager.default.removeItem(atPath: project.path("LAUNCHED"))

        let refused = try run(project, fill: longest + 1, command: Self.command)
        #expect(refused.status == 126)
        #expect(!project.exists("LAUNCHED"))
        #if os(Linux)
        // One byte over the limit, as Linux counts (fs/exec.c): the path, each string and its NUL, a pointer each.
        environment[fillIndex] = "FILL=" + String(repeating: "x", count: longest + 1)
        let strings = (Self.argv + environment).reduce(0) { $0 + $1.utf8.count + 1 }
        let total = "/bin/sh".utf8.count + 1 + strings + 8 * (Self.argv.count + environment.count)
        #expect(total == 131_073)
        #expect(refused.stderr == Self.message(total: total, environment: environment))
        #else
        #expect(
            refused.stderr.hasPrefix("profile: error: cannot run `/bin/sh` with `p`: its arguments and environment"))
        #endif
    }

    /// The whole message for `environment`: what takes the room, largest first.
    static func message(total: Int, environment: [String]) -> String {
        var parts: [(what: String, unit: String, entries: [(String, Int)])] = [
            ("the inherited environment", "variable", []), ("the profile's environment", "variable", []),
            ("the profile's payload", "variable", []),
            (
                "the command as typed", "argument",
                command.enumerated().map { ("its argument \($0)", $1.utf8.count + 1) }
            ),
            (
                "the profile's arguments", "argument",
                argv.dropFirst(command.count).enumerated().map { ("its argument \($0 + 1)", $1.utf8.count + 1) }
            ),
        ]
        for entry in environment {
            let name = String(entry.prefix { $0 != "=" })
            let index = name == "PROFILE_PAYLOAD" ? 2 : ["API_BASE_URL", "LOG_LEVEL"].contains(name) ? 1 : 0
            parts[index].entries.append(("`\(name)`", entry.utf8.count + 1))
        }
        let shown = parts.map { part -> (Int, String) in
            let bytes = part.entries.reduce(0) { $0 + $1.1 }
            var text = "\(part.what) \(bytes) bytes in \(part.entries.count) \(part.unit)"
            text += part.entries.count == 1 ? "" : "s"
            if part.entries.count > 1, let largest = part.entries.max(by: { $0.1 < $1.1 }) {
                text += " (the largest: \(largest.0), \(largest.1))"
            }
            return (bytes, text)
        }
        .sorted { $0.0 > $1.0 }.map(\.1)
        return
            "profile: error: cannot run `/bin/sh` with `p`: its arguments and environment together would take \(total) bytes, "
            + "more than the \(total - 1) this system allows (ARG_MAX; counting each string with its final NUL byte, the "
            + "path of the command and a pointer for each string); \(shown.joined(separator: ", ")); nothing was "
            + "launched\n"
    }
}

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `run --watch` (issue 24): a save restarts the child with the new values, an invalid save keeps it and prints the
/// located error, a child that exits on its own is started again by the next change, an idle watcher uses no CPU,
/// and Ctrl-C stops both. No timings: each step waits for the output it expects (`Wait`).
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct WatchTests {
    /// A child that prints its GREETING, and on SIGTERM prints that it stops and exits 0; `once` exits at once.
    static let child = """
        import os, sys, signal
        signal.signal(signal.SIGTERM, lambda *a: (print("stop", os.environ["GREETING"], flush=True), sys.exit(0)))
        print("start", os.environ["GREETING"], flush=True)
        if os.environ["GREETING"] == "once": sys.exit(2)
        while True: signal.pause()

        """

    /// Waits until `file` holds `text` (the whole file); returns what it holds (`Wait.forContent`).
    @discardableResult
    static func wait(for text: String, in file: String) async -> String { await Wait.forContent(text, in: file) }

    /// Starts `profile` in the background as a shell would: through python3, which clears the signal mask it
    /// inherits (the test's thread blocks signals, and Foundation's Process passes its mask on) and execs.
    static func start(_ project: Project, _ arguments: [String], environment: [String: String] = [:]) throws
        -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Tools.path("python3") ?? "/usr/bin/python3")
        process.arguments =
            [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                CLI.profileBinary,
            ] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: project.root)
        process.environment = environment.merging(["PATH": Tools.sessionPath]) { $1 }
        _ = FileManager.default.createFile(atPath: project.path("out"), contents: nil)
        _ = FileManager.default.createFile(atPath: project.path("err"), contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: project.path("out"))
        process.standardError = FileHandle(forWritingAtPath: project.path("err"))
        try process.run()
        return process
    }

    /// Whether every thread of `pid` is blocked in a system call that only an event ends: a wait on descriptors,
    /// signals, a child or a futex with no timeout (-1, or no timeout structure), or a read (/proc/PID/task/*/syscall:
    /// the call's number and its arguments). Such a process uses no CPU until something happens: a timer, a poll with
    /// a timeout or a busy loop shows as another call, a timeout, or `running`.
    static func waitsOnlyForEvents(_ pid: Int32) -> Bool {
        #if arch(x86_64)
        // number: the argument (0-based) that holds the timeout, with the values that mean "none"
        let calls: [Int: (Int, Set<String>)?] = [
            0: nil, 7: (2, ["0xffffffff", "0xffffffffffffffff"]), 23: (4, ["0x0"]), 34: nil, 61: nil,
            128: (2, ["0x0"]), 130: nil, 202: (3, ["0x0"]), 232: (3, ["0xffffffff", "0xffffffffffffffff"]),
            247: nil, 270: (4, ["0x0"]), 271: (2, ["0x0"]), 281: (3, ["0xffffffff", "0xffffffffffffffff"]),
        ]
        #elseif arch(arm64)
        let calls: [Int: (Int, Set<String>)?] = [
            22: (3, ["0xffffffff", "0xffffffffffffffff"]), 63: nil, 72: (4, ["0x0"]), 73: (2, ["0x0"]),
            95: nil, 98: (3, ["0x0"]), 133: nil, 137: (2, ["0x0"]), 260: nil,
        ]
        #else
        let calls: [Int: (Int, Set<String>)?] = [:]
        #endif
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"), !tasks.isEmpty
        else { return false }
        return tasks.allSatisfy { task in
            guard let line = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)
            else { return false }
            let fields = line.split(separator: " ").map(String.init)
            guard let number = fields.first.flatMap({ Int($0) }), let timeout = calls[number] else { return false }
            guard let (index, none) = timeout else { return true }
            return fields.count > index + 1 && none.contains(fields[index + 1])
        }
    }

    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func savesRestartInvalidSavesKeepAndCtrlCStops() async throws {
        let project = try Project([
            "profiles/dev.yml": "env:\n  GREETING: one\n", ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write("child.py", Self.child)
        let python = Tools.path("python3") ?? "python3"
        let process = try Self.start(project, ["run", "dev", "--watch", "--grace", "5", "--", python, "child.py"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(await Self.wait(for: "start one\n", in: project.path("out")) == "start one\n")

        #if os(Linux)
        // Idle: the watcher comes to wait for events alone (no timer, no timeout), so it uses no CPU until one comes.
        #expect(await Wait.until { Self.waitsOnlyForEvents(process.processIdentifier) })
        #endif

        // A save in place restarts the child with the new value.
        try project.write("profiles/dev.yml", "env:\n  GREETING: two\n")
        #expect(
            await Self.wait(for: "start one\nstop one\nstart two\n", in: project.path("out"))
                == "start one\nstop one\nstart two\n")
        // An invalid save keeps it, and says where the error is.
        try project.write("profiles/dev.yml", "env:\n  GREETING: [bad\n")
        let kept = "profile: note: profiles/dev.yml changed and has errors: the running command keeps its profile\n"
        let errors = """
            profile: note: profiles/dev.yml changed: restarting `\(python)`
            profiles/dev.yml:3:1: error: did not find expected ',' or ']' while parsing a flow sequence

            ^
            profiles/dev.yml:2:13: note: the `[` opens here
              GREETING: [bad
                        ^

            """ + kept
        #expect(await Self.wait(for: errors, in: project.path("err")) == errors)
        // A save by rename (as vim does) restarts it again; a new overlay counts too.
        try project.write("profiles/dev.tmp", "env:\n  GREETING: three\n")
        #expect(rename(project.path("profiles/dev.tmp"), project.path("profiles/dev.yml")) == 0)
        let third = "start one\nstop one\nstart two\nstop two\nstart three\n"
        #expect(await Self.wait(for: third, in: project.path("out")) == third)
        try project.write("profiles/dev.local.yml", "env:\n  GREETING: four\n")
        let fourth = third + "stop three\nstart four\n"
        #expect(await Self.wait(for: fourth, in: project.path("out")) == fourth)

        // Ctrl-C (SIGINT from another process: passed on) stops both; profile dies of it.
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    }

    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func aChildThatExitsWaitsForTheNextChange() async throws {
        let project = try Project([
            "profiles/dev.yml": "env:\n  GREETING: once\n", ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write("child.py", Self.child)
        let python = Tools.path("python3") ?? "python3"
        let process = try Self.start(project, ["run", "dev", "--watch", "--", python, "child.py"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let note =
            "profile: note: `\(python)` exited with status 2; waiting for a change to its profiles (Ctrl-C to stop)\n"
        #expect(await Self.wait(for: note, in: project.path("err")) == note)
        try project.write("profiles/dev.yml", "env:\n  GREETING: again\n")
        #expect(
            await Self.wait(for: "start once\nstart again\n", in: project.path("out")) == "start once\nstart again\n")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }

    /// `--watch --redact`: the restarted child's output is masked with the new profile's secrets too.
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func watchAndRedactTogether() async throws {
        let project = try Project([
            "profiles/dev.yml": "env:\n  GREETING: ${FIRST_SECRET}\n", ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write("child.py", Self.child)
        let python = Tools.path("python3") ?? "python3"
        let process = try Self.start(
            project, ["run", "dev", "--watch", "--redact", "--", python, "child.py"],
            environment: ["FIRST_SECRET": "first-secret-1", "SECOND_SECRET": "second-secret-2"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(
            await Self.wait(for: "start <secret:GREETING>\n", in: project.path("out")) == "start <secret:GREETING>\n")
        try project.write("profiles/dev.yml", "env:\n  GREETING: ${SECOND_SECRET}\n")
        let both = "start <secret:GREETING>\nstop <secret:GREETING>\nstart <secret:GREETING>\n"
        #expect(await Self.wait(for: both, in: project.path("out")) == both)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }

    /// Ctrl-C pressed in a real terminal (tmux): the terminal sends SIGINT to the foreground process group, `profile`
    /// and its child; both end, `profile` by SIGINT, as its parent records (`TmuxServer.statusRecorder`: tmux's own
    /// `pane_dead_signal` is not reliable).
    ///
    /// With `--redact` too: `profile`'s terminal is raw then and the child's pseudo-terminal makes the SIGINT, so
    /// `profile` sees Ctrl-C in the input it passes on.
    @Test(
        .enabled(if: Tools.available("python3", "tmux"), "needs python3 and tmux"), arguments: [[], ["--redact"]])
    func ctrlCInTheTerminalStopsBoth(options: [String]) async throws {
        let project = try Project([
            "profiles/dev.yml": "env:\n  GREETING: one\n", ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write(
            "child.py",
            """
            import os, signal
            with open("child.pid.tmp", "w") as f: f.write(str(os.getpid()))
            os.rename("child.pid.tmp", "child.pid")
            while True: signal.pause()

            """)
        try project.write("parent.py", TmuxServer.statusRecorder)
        let python = Tools.path("python3") ?? "python3"
        let server = TmuxServer(for: project)
        defer { server.stop() }
        try server.start(
            session: "w",
            command: "exec \(python) parent.py profile run dev --watch \(options.joined()) -- \(python) child.py",
            in: project.root)
        await Wait.forFile(project.path("child.pid"))
        let child = try #require(Int32(String(contentsOfFile: project.path("child.pid"), encoding: .utf8)))
        try server.run(["send-keys", "-t", "w", "C-c"])
        await Wait.forFile(project.path("status"))
        #expect((try? String(contentsOfFile: project.path("status"), encoding: .utf8)) == "signal \(SIGINT)")
        #expect(!TmuxServer.isRunning(child))
    }

    /// `--watch --redact` in a terminal: the command runs in the pseudo-terminal's foreground group under
    /// `profile`'s session leader. A command that ignores SIGTERM and SIGHUP is killed with its group when the grace
    /// period ends, and the new one starts.
    @Test(.enabled(if: Tools.available("python3", "tmux"), "needs python3 and tmux"))
    func aStubbornCommandInTerminalModeIsKilledAfterTheGrace() async throws {
        let project = try Project([
            "profiles/dev.yml": "env:\n  GREETING: one\n", ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write(
            "child.py",
            """
            import os, signal
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
            with open("pids", "a") as f: f.write("%d %s\\n" % (os.getpid(), os.environ["GREETING"]))
            while True: signal.pause()

            """)
        let python = Tools.path("python3") ?? "python3"
        let server = TmuxServer(for: project)
        defer { server.stop() }
        try server.start(
            session: "w", command: "profile run dev --watch --redact --grace 0.5 -- \(python) child.py",
            in: project.root)
        func pids() -> [String] {
            ((try? String(contentsOfFile: project.path("pids"), encoding: .utf8)) ?? "").split(separator: "\n")
                .map(String.init)
        }
        await Wait.until { pids().count >= 1 }
        try project.write("profiles/dev.yml", "env:\n  GREETING: two\n")
        await Wait.until { pids().count >= 2 }
        let lines = pids()
        #expect(lines.map { $0.split(separator: " ").last.map(String.init) ?? "" } == ["one", "two"])
        let first = try #require(lines.first.flatMap { $0.split(separator: " ").first }.flatMap { Int32($0) })
        await Wait.until { !TmuxServer.isRunning(first) }
        #expect(!TmuxServer.isRunning(first))
    }
}

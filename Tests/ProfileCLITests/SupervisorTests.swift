import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `run --redact` and `run --watch` off the happy path (issue 31): few descriptors, a reader that stops reading, a
/// command that starts a server in the background, a large paste, the parent's pipes and ignored signals. Each step
/// waits for what it expects (a file, an exit); the suite has a time limit, so a hang fails it.
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct SupervisorTests {
    static let secret = "tok-SEKRIT-4242"

    static func project() throws -> Project {
        try Project([
            "profiles/_catalog.yml": "env:\n  DB_PASSWORD: {description: The password, secret: true}\n",
            "profiles/app.yml": "env:\n  TOKEN: ${API_TOKEN}\n",
            "profiles/literal.yml": "env:\n  DB_PASSWORD: pw-SEKRIT-9876\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
    }

    static var environment: [String: String] { ["API_TOKEN": secret, "PATH": Tools.sessionPath] }

    /// `ulimit -n` from 5 to 40, a secret from the environment and a literal one: each run masks the secret, or is
    /// refused before anything is launched with EX_OSERR (71) and one line saying why. Never the secret, never a
    /// signal death; a hang would exceed the suite's time limit.
    @Test(arguments: [("app", "TOKEN"), ("literal", "DB_PASSWORD")])
    func descriptorPressureMasksOrRefuses(profile: String, variable: String) throws {
        let project = try Self.project()
        let refusals = [
            "cannot create a pipe: Too many open files", "cannot open the terminal: Too many open files",
            "cannot open profile's output again: Too many open files",
        ].map { "profile: error: cannot supervise the command: \($0) (nothing was launched)\n" }
        var outcomes: [String] = []
        for limit in 5...40 {
            let result = try CLI.run(
                "/bin/sh",
                [
                    "-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", CLI.profileBinary, "run", profile, "--redact",
                    "--", "sh", "-c", "printf 'value=%s\\n' \"$\(variable)\"",
                ], in: project.root, environment: Self.environment)
            #expect(!result.signaled, "ulimit -n \(limit): died of signal \(result.status)")
            if result.status == 0 {
                #expect(result.stdout == "value=<secret:\(variable)>\n" && result.stderr == "", "ulimit -n \(limit)")
                outcomes.append("masked")
            } else {
                #expect(result.status == 71, "ulimit -n \(limit)")
                #expect(result.stdout == "" && refusals.contains(result.stderr), "ulimit -n \(limit): \(result.stderr)")
                outcomes.append("refused")
            }
        }
        // Refused below some limit, masked from there on: never the other way round.
        let firstMasked = try #require(outcomes.firstIndex(of: "masked"))
        #expect(outcomes[firstMasked...].allSatisfy { $0 == "masked" })
    }

    /// A driver in Python: runs `profile` with the arguments after `--` and does what `mode` says, then prints what
    /// happened.
    static let driver = """
        import os, pty, select, signal, subprocess, sys, time, tty, fcntl
        mode, args = sys.argv[1], sys.argv[3:]
        if mode in ("stuck-reader", "stuck-socket-reader"):
            # profile's output is a pipe (or a socket: its writes block, as a pipe's do on macOS) nobody reads; SIGTERM
            # once it has written something.
            if mode == "stuck-reader":
                r, w = os.pipe()
            else:
                import socket
                a, b = socket.socketpair()
                r, w = a.detach(), b.detach()
            p = subprocess.Popen(args, stdout=w)
            os.close(w)
            os.read(r, 1)
            while not os.path.exists("ready"): time.sleep(0.01)
            p.send_signal(signal.SIGTERM)
            print("ended by", -p.wait())
        elif mode == "closed-socket-reader":
            # profile's output a socket whose reader leaves after one byte; SIGPIPE ignored, as Python has it, so that
            # profile's write fails with EPIPE.
            import socket
            a, b = socket.socketpair()
            p = subprocess.Popen(args, stdout=b.fileno(), restore_signals=False)
            b.close()
            a.recv(1)
            a.close()
            print("exit", p.wait())
        elif mode == "socket":
            # profile's output is a socket (its writes may block: the supervisor's loop drives them); all of it.
            import socket
            a, b = socket.socketpair()
            p = subprocess.Popen(args, stdout=b.fileno())
            b.close()
            out = b""
            while True:
                chunk = a.recv(65536)
                if not chunk: break
                out += chunk
            print(out.decode(), end="")
            print("exit", p.wait())
        elif mode == "pipe-size":
            # F_GETPIPE_SZ (1032, <linux/fcntl.h>) of the pipe profile writes to, before and after.
            r, w = os.pipe()
            before = fcntl.fcntl(r, 1032)
            p = subprocess.Popen(args, stdout=w)
            os.close(w)
            out = b""
            while True:
                chunk = os.read(r, 65536)
                if not chunk: break
                out += chunk
            p.wait()
            print(len(out), "bytes, pipe size", "unchanged" if fcntl.fcntl(r, 1032) == before else "changed")
        elif mode == "paste":
            # profile in a terminal (a pseudo-terminal of this driver); 1 MiB typed once the command is ready.
            pid, master = pty.fork()
            if pid == 0:
                os.execv(args[0], args)
            os.set_blocking(master, False)
            out = b""
            paste = b"p" * (1 << 20)
            sent = 0
            while b"got " not in out:
                want_write = b"ready" in out and sent < len(paste)
                readable, writable, _ = select.select([master], [master] if want_write else [], [], 30)
                if not readable and not writable: break
                if readable:
                    try: chunk = os.read(master, 65536)
                    except BlockingIOError: chunk = None
                    except OSError: break
                    if chunk == b"": break
                    out += chunk or b""
                if writable:
                    try: sent += os.write(master, paste[sent:sent + 4096])
                    except BlockingIOError: pass
            os.set_blocking(master, True)
            while True:
                try: chunk = os.read(master, 65536)
                except OSError: break
                if not chunk: break
                out += chunk
            _, status = os.waitpid(pid, 0)
            text = out.decode()
            print("output", text[:text.index("got ")].count("o"), "o;", text[text.index("got "):].strip(), "; exit", os.waitstatus_to_exitcode(status))

        """

    /// A command that ignores SIGTERM and writes without end, into a pipe nobody reads: SIGTERM to `profile` ends both
    /// once the grace period is over, and `profile` dies of SIGTERM. Through a pipe (Linux: a thread reads the
    /// command's output and writes without blocking) and a socket (its writes block, as a pipe's on macOS: the loop
    /// drives them, and the signal interrupts a blocked one).
    @Test(
        .enabled(if: Tools.available("python3"), "needs python3"), arguments: ["stuck-reader", "stuck-socket-reader"])
    func sigtermEndsAStuckRunWithinTheGrace(mode: String) throws {
        let project = try Self.project()
        try project.write("driver.py", Self.driver)
        let python = Tools.path("python3") ?? "python3"
        let command =
            "import signal, sys\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nopen('ready', 'w').close()\n"
            + "while True: sys.stdout.write('x' * 65536 + '\\n')\n"
        let result = try CLI.run(
            python,
            [
                "driver.py", mode, "--", CLI.profileBinary, "run", "app", "--redact", "--grace", "0.5", "--",
                python, "-c", command,
            ],
            in: project.root, environment: Self.environment)
        #expect(result.stdout == "ended by \(SIGTERM)\n")
    }

    /// `sh -c 'server & wait'` under `--watch`: a restart and the final stop go to the command's process group, so no
    /// server is left behind (issue 31: the first server kept running with parent 1).
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func aRestartAndAStopLeaveNoServer() async throws {
        let project = try Project([
            "profiles/dev.yml": "env:\n  GREETING: one\n", ".git/HEAD": "ref: refs/heads/main\n",
        ])
        let process = try WatchTests.start(
            project, ["run", "dev", "--watch", "--", "sh", "-c", "sleep 1000 & echo $! >> servers; wait"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        func servers() -> [pid_t] {
            ((try? String(contentsOfFile: project.path("servers"), encoding: .utf8)) ?? "").split(separator: "\n")
                .compactMap { pid_t($0) }
        }
        await Wait.until { servers().count >= 1 }
        try project.write("profiles/dev.yml", "env:\n  GREETING: two\n")
        await Wait.until { servers().count >= 2 }
        let started = servers()
        try #require(started.count == 2)
        #expect(!TmuxServer.isRunning(started[0]), "the first server outlived the restart")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(!TmuxServer.isRunning(started[1]), "the second server outlived the stop")
    }

    /// `profile`'s output a socket, whose writes may block: the loop relays the command's output (masked, every line,
    /// in order) and `profile` ends with the command's status.
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func aSocketAsOutputIsRelayedByTheLoop() throws {
        let project = try Self.project()
        try project.write("driver.py", Self.driver)
        let python = Tools.path("python3") ?? "python3"
        let result = try CLI.run(
            python,
            [
                "driver.py", "socket", "--", CLI.profileBinary, "run", "app", "--redact", "--", "sh", "-c",
                "i=0; while [ $i -lt 2000 ]; do echo \"$i $TOKEN\"; i=$((i+1)); done; exit 4",
            ],
            in: project.root, environment: Self.environment)
        let lines = (0..<2000).map { "\($0) <secret:TOKEN>\n" }.joined()
        #expect(result.stdout == lines + "exit 4\n")
    }

    /// `profile`'s output fails (a full disk, a reader gone while SIGPIPE is ignored): `profile` says so once, stops
    /// reading that stream, so the command's next write to it fails as in a pipeline (instead of waiting for ever on a
    /// full pipe), and ends with the command's status. Through a thread (a full file; the loop: below).
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func anOutputThatFailsEndsTheStreamNotTheRun() throws {
        let project = try Self.project()
        try project.write("driver.py", Self.driver)
        let full = try CLI.run(
            "/bin/sh",
            [
                "-c", "exec \"$@\" > /dev/full", "sh", CLI.profileBinary, "run", "app", "--redact", "--", "sh", "-c",
                "yes | head -c 1000000; echo \"head: $?\" >&2; exit 5",
            ], in: project.root, environment: Self.environment)
        #expect(full.status == 5 && !full.signaled)
        #expect(
            full.stderr
                == "profile: error: cannot write the command's standard output: No space left on device (the command's "
                + "next writes to it fail)\nhead: \(128 + SIGPIPE)\n")
    }

    /// The same through the loop: `profile`'s output a socket whose reader leaves after one byte, SIGPIPE ignored (as
    /// Python has it): `profile` says so, in the system's words (EPIPE, or ECONNRESET when the reader left unread bytes
    /// behind: Linux net/unix/af_unix.c `unix_release_sock`), the command sees its writes fail, and the run ends with
    /// its status. (A write that failed from the loop's buffer once said nothing: only the first write of a read did.)
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func aSocketWhoseReaderLeavesEndsTheStreamNotTheRun() throws {
        let project = try Self.project()
        try project.write("driver.py", Self.driver)
        let python = Tools.path("python3") ?? "python3"
        let socket = try CLI.run(
            python,
            [
                "driver.py", "closed-socket-reader", "--", CLI.profileBinary, "run", "app", "--redact", "--", "sh",
                "-c",
                "yes; echo \"yes: $?\" >&2; exit 6",
            ], in: project.root, environment: Self.environment)
        #expect(socket.stdout == "exit 6\n")
        let said = ["Broken pipe", "Connection reset by peer"].map {
            "profile: error: cannot write the command's standard output: \($0) (the command's next writes to it fail)\n"
                + "yes: standard output: Broken pipe\nyes: 1\n"
        }
        #expect(said.contains(socket.stderr), "\(socket.stderr)")
    }

    /// A 1 MiB paste into a command that writes 1 MiB before it reads, in terminal mode: `profile` keeps draining the
    /// command's output while its input waits, and both directions complete.
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func aLargePasteIntoACommandThatWritesFirst() throws {
        let project = try Self.project()
        try project.write("driver.py", Self.driver)
        let python = Tools.path("python3") ?? "python3"
        let command = """
            import os, sys, tty
            tty.setraw(0)
            os.write(1, b"ready\\r\\n")
            data = b"o" * (1 << 20)
            while data: data = data[os.write(1, data):]
            got = 0
            while got < (1 << 20): got += len(os.read(0, 65536))
            os.write(1, b"got %d\\r\\n" % got)

            """
        try project.write("command.py", command)
        let result = try CLI.run(
            python,
            ["driver.py", "paste", "--", CLI.profileBinary, "run", "app", "--redact", "--", python, "command.py"],
            in: project.root, environment: Self.environment)
        #expect(result.stdout == "output 1048576 o; got 1048576 ; exit 0\n", "\(result.stderr)")
    }

    #if os(Linux)
    /// `profile` leaves the size of its parent's pipe alone (it once set its own output's to 1 MiB).
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func theParentsPipeKeepsItsSize() throws {
        let project = try Self.project()
        try project.write("driver.py", Self.driver)
        let python = Tools.path("python3") ?? "python3"
        let result = try CLI.run(
            python,
            [
                "driver.py", "pipe-size", "--", CLI.profileBinary, "run", "app", "--redact", "--", "head", "-c",
                "300000", "/dev/zero",
            ],
            in: project.root, environment: Self.environment)
        #expect(result.stdout == "300000 bytes, pipe size unchanged\n")
    }

    /// `ulimit -v` from 16 to 96 MiB: below some limit the system refuses the thread that reads the command's output
    /// (its stack) or the memory of a relay's buffer, and `profile` refuses the launch with EX_OSERR; the command never
    /// runs with its output unread or unmasked. Lower still, the loader cannot map the libraries or the runtime runs out of memory before anything is
    /// launched (any program does); higher, the output is masked.
    @Test func aThreadThatCannotBeMadeRefusesTheLaunch() throws {
        let project = try Self.project()
        var outcomes: [String] = []
        for megabytes in stride(from: 16, through: 96, by: 2) {
            let marker = "launched-\(megabytes)"
            let result = try CLI.run(
                "/bin/sh",
                [
                    "-c", "ulimit -v \(megabytes * 1024) && exec \"$0\" \"$@\"", CLI.profileBinary, "run", "app",
                    "--redact", "--", "sh", "-c", "touch \(marker); printf 'value=%s\\n' \"$TOKEN\"",
                ], in: project.root, environment: Self.environment)
            let launched = FileManager.default.fileExists(atPath: project.path(marker))
            let outcome: String
            switch (result.status, result.signaled) {
            case (0, false):
                #expect(result.stdout == "value=<secret:TOKEN>\n" && result.stderr == "", "\(megabytes) MiB")
                #expect(launched, "\(megabytes) MiB")
                outcome = "masked"
            case (71, false):
                #expect(result.stdout == "" && !launched, "\(megabytes) MiB")
                let refusals = [
                    "cannot start a thread: Resource temporarily unavailable",
                    "cannot allocate a buffer: Cannot allocate memory",
                ].map { "profile: error: cannot supervise the command: \($0) (nothing was launched)\n" }
                #expect(refusals.contains(result.stderr), "\(megabytes) MiB: \(result.stderr)")
                outcome = result.stderr == refusals[0] ? "refused: thread" : "refused"
            case (127, false):
                #expect(result.stderr.contains("error while loading shared libraries"), "\(megabytes) MiB")
                #expect(result.stdout == "" && !launched, "\(megabytes) MiB")
                outcome = "not loaded"
            case (SIGABRT, true), (SIGSEGV, true):
                #expect(result.stdout == "" && !launched, "\(megabytes) MiB")
                outcome = "out of memory"
            default:
                Issue.record("\(megabytes) MiB: status \(result.status), signaled \(result.signaled): \(result.stderr)")
                outcome = "unexpected"
            }
            outcomes.append(outcome)
        }
        #expect(outcomes.contains("refused: thread"), "\(outcomes)")
        let firstMasked = try #require(outcomes.firstIndex(of: "masked"))
        #expect(outcomes[firstMasked...].allSatisfy { $0 == "masked" }, "\(outcomes)")
    }

    /// A command that leaves a process behind holding its output (`sleep 1000 &`): when the command ends, `profile`
    /// writes what it printed and ends with its status, without waiting for the process behind (the threads that read
    /// the output are interrupted). A hang would exceed the suite's time limit.
    @Test func aProcessLeftBehindDoesNotHoldTheRun() throws {
        let project = try Self.project()
        let result = try CLI.run(
            CLI.profileBinary,
            [
                "run", "app", "--redact", "--", "sh", "-c",
                "sleep 1000 & echo $! > behind; printf 'value=%s\\n' \"$TOKEN\"; printf 'err=%s\\n' \"$TOKEN\" >&2; exit 3",
            ], in: project.root, environment: Self.environment)
        let behind = try String(contentsOfFile: project.path("behind"), encoding: .utf8)
        if let pid = pid_t(behind.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(pid, SIGKILL) }
        #expect(result.status == 3 && !result.signaled)
        #expect(result.stdout == "value=<secret:TOKEN>\n")
        #expect(result.stderr == "err=<secret:TOKEN>\n")
    }

    /// A signal ignored when `profile` starts stays ignored for the command, as through exec; the mask is the same.
    @Test func ignoredSignalsStayIgnored() throws {
        let project = try Self.project()
        func masks(_ options: [String]) throws -> String {
            try CLI.run(
                "/bin/sh",
                [
                    "-c", "trap '' INT QUIT USR1; exec \"$0\" \"$@\"", CLI.profileBinary, "run", "app",
                ] + options + ["--", "grep", "-E", "^Sig(Ign|Blk)", "/proc/self/status"],
                in: project.root, environment: Self.environment
            ).stdout
        }
        let exec = try masks([])
        #expect(exec.hasPrefix("SigBlk:"))
        #expect(try masks(["--redact"]) == exec)
    }

    /// A parent that blocks SIGCHLD (and SIGTERM) before it starts `profile`: the command starts with the same mask as
    /// through exec, and `profile`, which learns of the command's end by SIGCHLD, still ends with it (it once waited
    /// for ever; the suite's time limit catches a hang).
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func aParentThatBlocksSIGCHLD() throws {
        let project = try Self.project()
        let python = Tools.path("python3") ?? "python3"
        let blocking = """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGCHLD, signal.SIGTERM])
            os.execv(sys.argv[1], sys.argv[1:])
            """
        func run(_ options: [String]) throws -> CLI.Result {
            try CLI.run(
                python,
                ["-c", blocking, CLI.profileBinary, "run", "app"] + options + [
                    "--", "sh", "-c", "exec grep -E '^SigBlk' /proc/self/status; exit 3",
                ], in: project.root, environment: Self.environment)
        }
        let exec = try run([])
        #expect(exec.status == 0 && exec.stdout.hasPrefix("SigBlk:\t") && exec.stdout != "SigBlk:\t0000000000000000\n")
        let redacted = try run(["--redact"])
        #expect(redacted.status == 0 && !redacted.signaled)
        #expect(redacted.stdout == exec.stdout)
    }
    #endif
}

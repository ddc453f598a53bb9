import Foundation
import TestSupport
import Testing

/// `run --redact` and `profile redact` (issue 24): a secret written in any pieces never reaches the output, in pipe
/// and terminal mode; the child sees a terminal when `profile` has one; exit statuses and signals are the child's.
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct RedactTests {
    static let secret = "tok-SEKRIT-4242"

    static func project() throws -> Project {
        try Project([
            "profiles/_catalog.yml": "env:\n  DB_PASSWORD: {description: The password, secret: true}\n",
            "profiles/app.yml": "env:\n  TOKEN: ${API_TOKEN}\n  DB_PASSWORD: pw-SEKRIT-9\n  PIN: ${PIN}\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
    }

    static var environment: [String: String] { ["API_TOKEN": secret, "PIN": "12", "PATH": Tools.sessionPath] }

    /// A child writing the token split in two at `split`, then one byte at a time, on stdout and stderr, with a flush
    /// (one write) per piece.
    static let child = """
        import os, sys
        t = os.environ["TOKEN"].encode()
        split = int(sys.argv[1])
        for fd in (1, 2):
            os.write(fd, b"a " + t[:split]); os.write(fd, t[split:] + b" b\\n")
            for i in range(len(t)): os.write(fd, t[i:i + 1])
            os.write(fd, b" " + os.environ["DB_PASSWORD"].encode() + b"\\n")
        sys.exit(int(sys.argv[2]))

        """

    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func pipeModeMasksEverySplitAndKeepsTheStatus() throws {
        let project = try Self.project()
        try project.write("child.py", Self.child)
        let python = Tools.path("python3") ?? "python3"
        for split in 0...Self.secret.utf8.count {
            let result = try project.profile(
                ["run", "app", "--redact", "--", python, "child.py", "\(split)", "3"], environment: Self.environment)
            let masked = "a <secret:TOKEN> b\n<secret:TOKEN> <secret:DB_PASSWORD>\n"
            #expect(result.stdout == masked, "split at \(split)")
            #expect(
                result.stderr == "profile: warning: not masked in the output, shorter than 8 bytes: `PIN`\n" + masked)
            #expect(result.status == 3)
        }
    }

    /// The token split at every offset across two large writes (40,000 and 30,000 bytes: each is one read of
    /// `profile`'s, the first ending with the token's first part), the second written once the first has left the
    /// pipe (`FIONREAD` of the child's output is 0): the first part is held back across reads. Standard output and
    /// error, to a pipe, a file, a file opened for appending and a raw terminal, each whole.
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func aTokenSplitAtEveryReadBoundaryIsMaskedOnEveryTarget() throws {
        let project = try Project([
            "profiles/app.yml": "env:\n  TOKEN: ${API_TOKEN}\n", ".git/HEAD": "ref: refs/heads/main\n",
        ])
        try project.write(
            "child.py",
            """
            import fcntl, os, struct, termios, time
            token = os.environ["TOKEN"].encode()
            line = b"2026-11-26T10:00:00Z INFO request GET /api/v1/items?page=3 user=42 trace=tok-7f3a\\n"
            def filler(n): return (line * (n // len(line) + 1))[:n]
            def drained(fd):  # waits until profile has read everything written to fd
                while struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\\0" * 4))[0]: time.sleep(0.0002)
            for split in range(len(token) + 1):
                for fd in (1, 2): os.write(fd, filler(40000 - split) + token[:split])
                for fd in (1, 2): drained(fd)
                for fd in (1, 2): os.write(fd, token[split:] + filler(30000))
                for fd in (1, 2): drained(fd)

            """)
        try project.write(
            "harness.py",
            """
            import os, subprocess, sys, threading, tty
            profile, python = sys.argv[1], sys.executable
            command = [profile, "run", "app", "--redact", "--", python, "child.py"]
            def keep(name, fd):  # reads fd to its end (EOF, or EIO from a terminal) into the file name
                with open(name, "wb") as out:
                    while True:
                        try: data = os.read(fd, 65536)
                        except OSError: data = b""
                        if not data: return
                        out.write(data)
            def run(stdout, stderr, readers):
                threads = [threading.Thread(target=keep, args=reader) for reader in readers]
                child = subprocess.Popen(command, stdout=stdout, stderr=stderr)
                for t in threads: t.start()
                child.wait()
                return child.returncode
            out, into = os.pipe()
            with open("file-err", "wb") as err:
                pipe = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err)
                with open("pipe-out", "wb") as kept: kept.write(pipe.stdout.read())
                print("pipe", pipe.wait())
            with open("file-out", "wb") as o, open("append-err", "ab") as e: print("file", run(o, e, []))
            primary, secondary = os.openpty()
            tty.setraw(secondary)
            reader = threading.Thread(target=keep, args=("tty-err", primary))
            reader.start()
            terminal = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=secondary)
            os.close(secondary)
            with open("tty-out", "wb") as kept: kept.write(terminal.stdout.read())
            print("tty", terminal.wait())
            reader.join()

            """)
        let python = Tools.path("python3") ?? "python3"
        let result = try CLI.run(
            python, ["harness.py", CLI.profileBinary], in: project.root, environment: Self.environment)
        #expect(result.stdout == "pipe 0\nfile 0\ntty 0\n")
        let line = "2026-11-26T10:00:00Z INFO request GET /api/v1/items?page=3 user=42 trace=tok-7f3a\n"
        func filler(_ count: Int) -> String {
            String(String(repeating: line, count: count / line.utf8.count + 1).utf8.prefix(count))!
        }
        let expected = (0...Self.secret.utf8.count).map { filler(40000 - $0) + "<secret:TOKEN>" + filler(30000) }
            .joined()
        for name in ["pipe-out", "file-err", "file-out", "append-err", "tty-out", "tty-err"] {
            let output = try String(contentsOfFile: project.root + "/" + name, encoding: .utf8)
            #expect(output.utf8.count == expected.utf8.count, "\(name)")
            #expect(output == expected, "\(name)")
        }
    }

    /// `redact: true` in a profile (here its personal overlay) masks without `--redact`; `false` later in the chain
    /// turns it off again.
    @Test func theProfileCanAskForIt() throws {
        let project = try Self.project()
        try project.write("profiles/app.local.yml", "redact: true\n")
        let printToken = ["sh", "-c", "printf '%s\\n' \"$TOKEN\""]
        let masked = try project.profile(["run", "app", "--"] + printToken, environment: Self.environment)
        #expect(masked.stdout == "<secret:TOKEN>\n")
        try project.write("profiles/plain.yml", "extends: app\nredact: false\n")
        let plain = try project.profile(["run", "plain", "--"] + printToken, environment: Self.environment)
        #expect(plain.stdout == "\(Self.secret)\n")
    }

    @Test func deathBySignalIsProfiles() throws {
        let project = try Self.project()
        let result = try project.profile(
            ["run", "app", "--redact", "--", "sh", "-c", "kill -TERM $$"], environment: Self.environment)
        #expect(result.signaled && result.status == SIGTERM)
    }

    @Test func redactFiltersStandardInput() throws {
        let project = try Self.project()
        let result = try project.profile(
            ["redact", "app"], environment: Self.environment,
            stdin: "x \(Self.secret) y pw-SEKRIT-9\n\(Self.secret.prefix(5))")
        #expect(result.stdout == "x <secret:TOKEN> y <secret:DB_PASSWORD>\ntok-S")
        #expect(result.status == 0)
    }

    /// The child's side of terminal mode (`profile __terminal-exec`) takes its pseudo-terminal as controlling
    /// terminal when the spawn did not give it one, as on Darwin (the session is made after the files are opened):
    /// a new session whose standard streams are a pseudo-terminal's child side, reached by `dup2` (Python's
    /// `start_new_session`), has no `/dev/tty`; through `__terminal-exec` it has, and leads its foreground group.
    /// Python's message is the platform's `strerror(ENXIO)`: glibc's "No such device or address", Darwin's "Device not
    /// configured".
    @Test(.enabled(if: Tools.available("python3"), "needs python3"))
    func theChildTakesThePseudoTerminalAsItsControllingTerminal() throws {
        let project = try Self.project()
        try project.write(
            "harness.py",
            """
            import os, subprocess, sys
            probe = "import os; t = os.open('/dev/tty', os.O_RDWR); print(os.tcgetpgrp(t) == os.getpgrp())"
            for name, command in [("plain", []), ("terminal-exec", [sys.argv[1], "__terminal-exec", sys.executable])]:
                primary, secondary = os.openpty()
                run = subprocess.run(
                    command + [sys.executable, "-c", probe], stdin=secondary, stdout=secondary,
                    stderr=subprocess.PIPE, start_new_session=True)
                os.close(secondary)
                output = os.read(primary, 1000).decode().strip() if run.returncode == 0 else ""
                error = run.stderr.decode().strip().splitlines()[-1:] or [""]
                print(name, run.returncode, output, error[0])

            """)
        let python = Tools.path("python3") ?? "python3"
        let result = try CLI.run(python, ["harness.py", CLI.profileBinary], in: project.root)
        #expect(
            result.stdout == """
                plain 1  OSError: [Errno \(ENXIO)] \(String(cString: strerror(ENXIO))): '/dev/tty'
                terminal-exec 0 True \n
                """)
    }

    /// In a real terminal (tmux): the child sees a terminal on stdin and stdout with the pane's width, reads a line
    /// typed into the pane, and its secret written one byte at a time is masked on the screen.
    @Test(.enabled(if: Tools.available("python3", "tmux"), "needs python3 and tmux"))
    func terminalModeGivesTheChildATerminal() async throws {
        let project = try Self.project()
        try project.write(
            "tty.py",
            """
            import os, sys
            t = os.environ["TOKEN"].encode()
            for i in range(len(t)): os.write(1, t[i:i + 1])
            tty = os.open("/dev/tty", os.O_RDWR)
            leads = os.tcgetpgrp(tty) == os.getpgrp()
            print(" tty", sys.stdin.isatty(), sys.stdout.isatty(), os.get_terminal_size().columns, leads, flush=True)
            print("read", sys.stdin.readline().strip(), flush=True)
            sys.exit(5)

            """)
        let python = Tools.path("python3") ?? "python3"
        let server = TmuxServer(for: project, environment: Self.environment)
        defer { server.stop() }
        try server.start(
            session: "r",
            command: "profile run app --redact -- \(python) tty.py 2>/dev/null; echo status $? > done.tmp; "
                + "mv done.tmp done; sleep 30",
            in: project.root, width: 120, height: 20)
        try await Wait.until { try server.run(["capture-pane", "-p", "-t", "r"]).stdout.contains(" tty ") }
        try server.run(["send-keys", "-t", "r", "hello", "Enter"])
        await Wait.forFile(project.path("done"))
        let screen = try server.run(["capture-pane", "-p", "-t", "r"]).stdout
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines == ["<secret:TOKEN> tty True True 120 True", "hello", "read hello"])
        #expect(try String(contentsOfFile: project.path("done"), encoding: .utf8) == "status 5\n")
    }

    /// Ctrl-C typed in terminal mode: `profile`'s terminal is raw, so the byte goes to the child's pseudo-terminal,
    /// which makes the SIGINT for its foreground group (the command); the command dies of it and `profile` with it.
    /// Judged by `profile`'s parent, which records its status (`TmuxServer.statusRecorder`).
    @Test(.enabled(if: Tools.available("python3", "tmux"), "needs python3 and tmux"))
    func ctrlCInTerminalModeInterruptsTheChild() async throws {
        let project = try Self.project()
        try project.write(
            "child.py",
            """
            import os, signal
            with open("started.tmp", "w") as f: f.write(os.environ["TOKEN"])
            os.rename("started.tmp", "started")
            while True: signal.pause()

            """)
        try project.write("parent.py", TmuxServer.statusRecorder)
        let python = Tools.path("python3") ?? "python3"
        let server = TmuxServer(for: project, environment: Self.environment)
        defer { server.stop() }
        try server.start(
            session: "r", command: "exec \(python) parent.py profile run app --redact -- \(python) child.py",
            in: project.root)
        await Wait.forFile(project.path("started"))
        #expect(try String(contentsOfFile: project.path("started"), encoding: .utf8) == Self.secret)
        try server.run(["send-keys", "-t", "r", "C-c"])
        await Wait.forFile(project.path("status"))
        #expect((try? String(contentsOfFile: project.path("status"), encoding: .utf8)) == "signal \(SIGINT)")
    }

    /// Ctrl-Z in terminal mode stops the job as without `--redact`: the shell prints `Stopped` and its prompt, `bg`
    /// leaves it stopped (it needs the terminal), `fg` gives the command its terminal back and it reads the next line.
    /// The whole screen is compared. When `profile` stops again after `bg` is bash's to report: before its next prompt
    /// if the stop came first (a second `Stopped` line right after `bg`'s), else at `jobs`; either screen is right.
    @Test(.enabled(if: Tools.available("python3", "tmux", "bash"), "needs python3, tmux and bash"))
    func ctrlZInTerminalModeStopsTheJob() async throws {
        let project = try Self.project()
        try project.write(
            "child.py",
            """
            import os, sys
            print("started", os.environ["TOKEN"], flush=True)
            for line in sys.stdin: print("read", line.strip(), flush=True)

            """)
        let python = Tools.path("python3") ?? "python3"
        let server = TmuxServer(for: project, environment: Self.environment)
        defer { server.stop() }
        try server.start(
            session: "z", command: "PS1='$ ' \(Tools.path("bash") ?? "bash") --norc --noprofile -i", in: project.root,
            width: 120, height: 30)
        func screen() throws -> [String] {
            try server.run(["capture-pane", "-p", "-t", "z"]).stdout.split(separator: "\n").map(String.init)
        }
        func wait(for line: String) async throws {
            try await Wait.until { try screen().contains(line) }
        }
        let command = "profile run app --redact -- \(python) child.py"
        try await wait(for: "$")  // the prompt (tmux leaves out the spaces that end a line)
        try server.run(["send-keys", "-t", "z", command, "Enter"])
        try await wait(for: "started <secret:TOKEN>")
        try server.run(["send-keys", "-t", "z", "C-z"])
        let stopped = "[1]+  Stopped                 \(command)"
        try await wait(for: stopped)
        try server.run(["send-keys", "-t", "z", "bg", "Enter"])
        try await wait(for: "[1]+ \(command) &")
        try server.run(["send-keys", "-t", "z", "jobs", "Enter"])
        try await Wait.until {
            let lines = try screen()
            guard let jobs = lines.firstIndex(of: "$ jobs") else { return false }
            return lines[jobs...].contains(stopped)
        }
        try server.run(["send-keys", "-t", "z", "fg", "Enter"])
        try await wait(for: command)
        try server.run(["send-keys", "-t", "z", "hello", "Enter"])
        try await wait(for: "read hello")
        let shown = try screen()
        let start = [
            "$ \(command)", "profile: warning: not masked in the output, shorter than 8 bytes: `PIN`",
            "started <secret:TOKEN>", "^Z", stopped, "$ bg", "[1]+ \(command) &",
        ]
        let end = ["$ jobs", stopped, "$ fg", command, "hello", "read hello"]
        #expect(shown == start + end || shown == start + [stopped] + end, "\(shown.joined(separator: "\n"))")
    }
}

import Foundation
import TestSupport
import Testing

/// Ctrl-C during `profile run --each`, pressed in a real terminal (tmux): the terminal sends SIGINT to the whole
/// foreground process group, so the running child gets it from the terminal; `profile` stops the matrix, prints the
/// table and the child's status. On Linux `profile` knows who sent a signal (`sigwaitinfo`); on macOS it does not, and
/// takes a signal to come from the terminal when it is the terminal's foreground process group. A second copy
/// forwarded by `profile` is counted when it arrives after the child handled the first; when both arrive before the
/// child runs, the kernel merges them (standard signals do not queue), so this test cannot prove the absence of a
/// forward on every run: it proves that Ctrl-C reaches the child and stops the matrix, on Linux and on the Mac job.
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct EachInterruptTests {
    @Test(.enabled(if: Tools.available("python3", "tmux"), "needs python3 and tmux"))
    func ctrlCReachesTheRunningChildOnceAndStopsTheMatrix() async throws {
        let project = try Project([
            "profiles/uitest.yml": "env: {WHO: uitest}\n",
            "profiles/demo.yml": "env: {WHO: demo}\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
        // Python's C-level handler writes one byte to the wakeup descriptor per SIGINT delivered (bash's traps may run
        // once for two): after the first, the child waits until `profile`, its parent, has dealt with the Ctrl-C it
        // got too (a forward, if it made one, is delivered by then), then records the count and exits as a program
        // that Ctrl-C interrupted does. On Linux that is an event: no SIGINT pending for `profile` any more, and
        // `profile` asleep again (/proc/PID/status). macOS has no /proc: there the child gives it a second.
        try project.write(
            "child.py",
            """
            import os, select, signal, sys, time
            r, w = os.pipe()
            os.set_blocking(w, False)
            signal.signal(signal.SIGINT, lambda *_: None)
            signal.set_wakeup_fd(w)
            def parent_is_done():
                with open("/proc/%d/status" % os.getppid()) as f:
                    fields = dict(line.split(":", 1) for line in f.read().splitlines() if ":" in line)
                pending = int(fields["SigPnd"], 16) | int(fields["ShdPnd"], 16)
                return not pending & (1 << (signal.SIGINT - 1)) and fields["State"].split()[0] == "S"
            with open("started", "a") as f: f.write(os.environ["WHO"] + "\\n")
            select.select([r], [], [])
            if os.path.exists("/proc/self/status"):
                while not parent_is_done(): select.select([], [], [], 0.002)
            else:
                time.sleep(1)
            with open("got-signal", "a") as f: f.write("%s %d\\n" % (os.environ["WHO"], len(os.read(r, 100))))
            sys.exit(130)

            """)
        let python = Tools.path("python3") ?? "python3"
        let env = [
            "PATH": CLI.productsDirectory.path + ":" + Tools.sessionPath, "HOME": project.root,
            "TERM": "xterm",
        ]
        let server = TmuxServer(socket: project.path("tmux-\(UUID().uuidString.prefix(8))"), environment: env)
        defer { server.stop() }
        // `profile` is the pane's own process (exec), in the terminal's foreground process group with its child.
        try server.start(
            session: "each",
            command: "exec profile run --each uitest demo -- \(python) child.py 2> each.err", in: project.root)
        try server.run(["set-option", "-t", "each", "remain-on-exit", "on"])
        // The child's handler is set before it writes `started`: from then on Ctrl-C is taken, whenever it comes.
        #expect(await Wait.forFile(project.path("started")), "the first child did not start")
        try server.run(["send-keys", "-t", "each", "C-c"])
        // Done when the table's last line is written.
        await Wait.until {
            (try? String(contentsOfFile: project.path("each.err"), encoding: .utf8))?.contains("runs failed") ?? false
        }
        #expect(try String(contentsOfFile: project.path("got-signal"), encoding: .utf8) == "uitest 1\n")
        #expect(try String(contentsOfFile: project.path("started"), encoding: .utf8) == "uitest\n")
        let stderr = try String(contentsOfFile: project.path("each.err"), encoding: .utf8)
        let rows = stderr.split(separator: "\n").map {
            $0.replacingOccurrences(of: #"\s+[0-9]+\.[0-9]{2}s$"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\s+time$"#, with: "", options: .regularExpression)
        }
        #expect(
            rows == [
                "==> uitest (1 of 2)", "profile  result", "uitest   exit 130", "demo     not run",
                "1 of 2 runs failed, 1 not run",
            ])
    }
}

import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shells and tools the completion and shell tests drive: found on PATH and where Homebrew installs them (see
/// `TestSupport.Tools`).
typealias Tools = TestSupport.Tools

/// A tmux server of one test's own: its socket (`-S`) is in the test's temporary folder, so no other server (the
/// user's, another test's) is involved, and `stop()` (also run when the object goes away, so on every path out of
/// the test) kills the server and the shell it runs.
final class TmuxServer {
    let socket: String
    let environment: [String: String]
    /// The server and the shell in its pane, once started.
    private var processes: [pid_t] = []
    private var stopped = false

    init(socket: String, environment: [String: String]) {
        self.socket = socket
        self.environment = environment
    }

    /// A server for `project` (its socket in the project folder) whose panes find the built `profile` first, with
    /// `environment` besides (HOME is the project, TERM is xterm).
    convenience init(for project: Project, environment: [String: String] = [:]) {
        var env = environment
        env["PATH"] = CLI.productsDirectory.path + ":" + Tools.sessionPath
        env["HOME"] = project.root
        env["TERM"] = "xterm"
        self.init(socket: project.path("tmux-\(UUID().uuidString.prefix(8))"), environment: env)
    }

    /// A Python script, `parent.py`, that runs its arguments as its child and writes how the child ended to `status`
    /// (`exit N`, `signal N`; written whole). It lets a SIGINT from the terminal pass (a handler that does nothing:
    /// the child starts with the default action) and waits. For judging how a pane's command ended: tmux 3.3a itself
    /// does not reap every pane process that a signal killed (a C program that raises SIGINT stays a zombie with
    /// `pane_dead_signal` empty about one run in two), so the pane's status cannot tell.
    static let statusRecorder = """
        import os, signal, subprocess, sys
        signal.signal(signal.SIGINT, lambda *_: None)
        code = subprocess.call(sys.argv[1:], stderr=subprocess.DEVNULL)
        with open("status.tmp", "w") as f: f.write("signal %d" % -code if code < 0 else "exit %d" % code)
        os.rename("status.tmp", "status")

        """

    deinit { stop() }

    @discardableResult
    func run(_ arguments: [String], in directory: String? = nil) throws -> CLI.Result {
        let tmux = Tools.path("tmux") ?? "tmux"
        return try CLI.run(
            tmux, ["-S", socket, "-f", "/dev/null"] + arguments, in: directory, environment: environment)
    }

    /// Starts the server with one detached session running `command` in `directory`.
    func start(session: String, command: String, in directory: String, width: Int = 200, height: Int = 50) throws {
        try run(["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command], in: directory)
        let pids = try run(["display-message", "-p", "-t", session, "#{pid} #{pane_pid}"]).stdout
        processes = pids.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    }

    /// Kills the server (its shell goes with it). The test goes on at once: a thread of its own (not one of Swift's
    /// cooperative pool, which runs the other tests) watches them end, and sends SIGKILL to whatever still runs after a
    /// few seconds.
    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? run(["kill-server"])
        let processes = processes
        Thread.detachNewThread {
            let deadline = ContinuousClock.now + .seconds(5)
            while processes.contains(where: Self.isRunning) && ContinuousClock.now < deadline { usleep(5_000) }
            for pid in processes where Self.isRunning(pid) { kill(pid, SIGKILL) }
        }
    }

    /// Whether `pid` is a live process (a zombie nobody reaped does not count).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[close...].dropFirst(2).first != "Z"
        #else
        return true
        #endif
    }
}

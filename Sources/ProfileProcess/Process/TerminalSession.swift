import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The child's side of `run --redact` in a terminal: `profile __terminal-exec PATH ARGV0 ARGS…`, started by
/// ``Supervisor`` as the leader of a new session whose standard output is the pseudo-terminal. It stays there, between
/// `profile` and the command, as sudo's monitor does in its pty mode:
///
/// - It takes the pseudo-terminal as the session's controlling terminal (``PseudoTerminal/becomeControllingTerminal(_:)``:
///   on Darwin `posix_spawn` opened it before the session existed, so the open alone did not).
/// - It starts the command in a process group of its own and makes that group the terminal's foreground: Ctrl-C and
///   Ctrl-\ typed reach the command from its terminal, and Ctrl-Z stops it. The command's group is not orphaned (its
///   parent is in the same session), so the kernel delivers the terminal's stop signals; a session leader's own group
///   is orphaned, where SIGTSTP is discarded: run directly as the leader, the command could not be stopped.
/// - When the command stops, it stops itself (SIGSTOP: SIGTSTP does nothing in its orphaned group), which `profile`
///   sees and follows (``Supervisor``: it gives its own terminal back and stops, and the shell prints its prompt);
///   continued, it makes the command the foreground again and continues it.
/// - Signals `profile` passes on (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2) go to the command; it ends as the
///   command did: the same exit status, or death by the same signal.
///
/// It is one thread: the signals it waits for are blocked and taken with `sigwait`. SIGCHLD gets a handler that does
/// nothing, as in ``ChildProcess`` (XNU drops a blocked signal whose default action is to ignore it).
package enum TerminalSession {
    /// The first argument that makes `profile` this (`main` answers it before reading the command line).
    package static let command = "__terminal-exec"

    private static let passedOn: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    /// Serves the session: `arguments` are `PATH ARGV0 ARGS…`; the environment is this process's (the profile's,
    /// given to the spawn). Returns only when the command could not be started, with why.
    package static func serve(_ arguments: ArraySlice<String>) -> Launcher.Failure {
        guard let path = arguments.first, arguments.count > 1 else {
            return Launcher.Failure(command: command, code: EINVAL)
        }
        let argv = Array(arguments.dropFirst())
        _ = PseudoTerminal.becomeControllingTerminal(1)
        var held = sigset_t()
        sigemptyset(&held)
        for signal in passedOn + [SIGCHLD] { sigaddset(&held, signal) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previousMask)
        SignalNumber.catchWithoutAction(SIGCHLD)

        var spawn = Spawn(mask: previousMask)
        spawn.group = .own
        let pid: pid_t
        switch spawn.start(path, arguments: argv, environment: .current()) {
        case .failure(let failure): return failure
        case .success(let started): pid = started
        }
        giveTerminal(to: pid)
        while true {
            var signal: Int32 = 0
            guard sigwait(&held, &signal) == 0 else { continue }
            guard signal == SIGCHLD else {
                kill(-pid, signal)  // the command's whole group
                continue
            }
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG | WUNTRACED) == pid {
                let stop: Int32
                switch WaitStatus(status) {
                case .ended(.signaled(let signal)): ChildProcess.die(of: signal)
                case .ended(.exited(let status)): exit(status)
                case .stopped(let signal): stop = signal
                }
                // Stopped for reading or writing the terminal before it was given the terminal: give it now (when
                // that cannot be done, it is an ordinary stop, so that this never loops).
                let early =
                    (stop == SIGTTIN || stop == SIGTTOU) && !TerminalForeground.isGroup(pid, on: 1)
                    && giveTerminal(to: pid)
                if !early {
                    kill(getpid(), SIGSTOP)  // returns once `profile` continues this process
                    giveTerminal(to: pid)
                }
                kill(-pid, SIGCONT)
            }
        }
    }

    /// Makes `group` the foreground process group of the pseudo-terminal.
    @discardableResult
    private static func giveTerminal(to group: pid_t) -> Bool {
        TerminalForeground.give(1, to: group)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs commands one after another as children of this process (`profile run --each`), the way `make` runs its
/// recipes: each child shares this process's standard streams, terminal and process group, so it reads the
/// terminal and gets the terminal's signals (Ctrl-C) itself; SIGINT and SIGTERM sent to this process by another
/// one (`kill`) are forwarded to the running child; and once one of them arrived, the caller stops starting new
/// children (``interruption``).
///
/// While a supervisor exists, SIGINT, SIGTERM and SIGCHLD are blocked in this thread and taken with `sigwait`, so
/// none of them can end this process before the summary is printed; ``release()`` restores the signal mask (a
/// SIGINT received is then re-raised by the caller, so that its own parent sees it die of that signal).
public final class ChildProcess {
    /// How a child ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        /// The status a shell reports for it: the exit status, or 128 + the signal.
        public var exitStatus: Int32 {
            switch self {
            case .exited(let status): return status
            case .signaled(let signal): return ExitStatus.signaled(signal)
            }
        }

        /// Whether it exited with status 0.
        public var succeeded: Bool { self == .exited(0) }
    }

    /// The signal mask this thread had before: the children start with it.
    private var previousMask = sigset_t()
    private var held = sigset_t()
    private var released = false
    /// The first SIGINT or SIGTERM this process received while a child ran, if any: stop starting children.
    public private(set) var interruption: Int32?

    /// Blocks SIGINT, SIGTERM and SIGCHLD in this thread (and makes sure SIGCHLD is not ignored, which would reap
    /// children before `waitpid` could see them).
    public init() {
        sigemptyset(&held)
        sigaddset(&held, SIGINT)
        sigaddset(&held, SIGTERM)
        sigaddset(&held, SIGCHLD)
        pthread_sigmask(SIG_BLOCK, &held, &previousMask)
        signal(SIGCHLD, SIG_DFL)
    }

    deinit { release() }

    /// Notes a SIGINT or SIGTERM that arrived while no child ran (it stays pending: ``die(of:)`` or ``release()``
    /// delivers it). Call before starting the next child, then look at ``interruption``.
    public func notePendingInterruption() {
        guard interruption == nil else { return }
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGINT) == 1 {
            interruption = SIGINT
        } else if sigismember(&pending, SIGTERM) == 1 {
            interruption = SIGTERM
        }
    }

    /// Restores the signal mask this thread had before.
    public func release() {
        guard !released else { return }
        released = true
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Starts `path` with `arguments` as its argv (`arguments[0]` as typed) and exactly `environment`, waits for
    /// it, and tells how it ended. A script without `#!` runs through `/bin/sh`, as `exec` runs it. Fails, launching
    /// nothing, when the file cannot be executed.
    public func run(
        _ path: String, arguments: [String], environment: EnvironmentTable
    ) -> Result<Termination, Launcher.Failure> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setsigmask(&attributes, &previousMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = CStringArray(arguments)
        let envp = CStringArray(environment: environment)
        var pid = pid_t()
        var code = posix_spawn(&pid, path, nil, &attributes, argv.pointer, envp.pointer)
        if code == ENOEXEC {
            let shell = CStringArray(["/bin/sh", path] + arguments.dropFirst())
            code = posix_spawn(&pid, "/bin/sh", nil, &attributes, shell.pointer, envp.pointer)
            if code != 0 { code = ENOEXEC }
        }
        guard code == 0 else { return .failure(Launcher.Failure(command: arguments.first ?? path, code: code)) }
        return .success(wait(for: pid))
    }

    /// Waits for `pid` to end, forwarding SIGINT and SIGTERM sent to this process by another process.
    private func wait(for pid: pid_t) -> Termination {
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return Self.termination(status) }
            if reaped < 0 && errno != EINTR { return .exited(127) }  // not our child any more: cannot happen
            guard let (signal, fromAnotherProcess) = nextSignal() else { continue }
            if signal == SIGCHLD { continue }
            if interruption == nil { interruption = signal }
            // The terminal sends its signals (Ctrl-C) to the whole foreground process group, the child included:
            // forwarding those would deliver them twice.
            if fromAnotherProcess { kill(pid, signal) }
        }
    }

    /// The next of the held signals, and whether another process sent it (`kill`) rather than the kernel (the
    /// terminal); nil when interrupted.
    private func nextSignal() -> (Int32, Bool)? {
        #if os(Linux)
        var info = siginfo_t()
        let signal = sigwaitinfo(&held, &info)
        guard signal > 0 else { return nil }
        return (signal, info.si_code <= 0)  // SI_USER, SI_QUEUE, SI_TKILL; SI_KERNEL (the terminal) is positive
        #else
        var signal: Int32 = 0
        guard sigwait(&held, &signal) == 0 else { return nil }
        return (signal, true)  // no sender information: always forward
        #endif
    }

    /// A `waitpid` status as a termination.
    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F { return .signaled(signal) }
        return .exited((status >> 8) & 0xFF)
    }

    /// Ends this process with `signal`, as if it had not been caught: default action, unblocked, raised. For a
    /// program that was interrupted, so that its caller (a shell script, `make`) stops too.
    public static func die(of number: Int32) -> Never {
        _ = signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        exit(ExitStatus.signaled(number))
    }
}

import ProfilePlatform

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
/// one (`kill`) are forwarded to the running child (SIGTERM always: a terminal never sends it; SIGINT when its sender is
/// known to be another process or, where the system does not say (Darwin), when `profile` is not in its terminal's
/// foreground); and once one of them arrived, the caller stops starting new
/// children (``interruption``).
///
/// While a supervisor exists, SIGINT, SIGTERM and SIGCHLD are blocked in this thread and taken with `sigwait`, so
/// none of them can end this process before the summary is printed; ``release()`` restores the signal mask and
/// SIGCHLD's action (a SIGINT received is then re-raised by the caller, so that its own parent sees it die of that
/// signal).
///
/// SIGCHLD gets a handler that does nothing (it never runs: the signal stays blocked and `sigwait` takes it). Its
/// default action is "ignore", and a BSD kernel drops a signal whose action is to ignore it when it is sent, blocked or
/// not — XNU's `setsigvec` (bsd/kern/kern_sig.c) puts a `SIG_DFL` signal whose default is to ignore in `p_sigignore`,
/// "never to be seen again" — so with the default action `sigwait` would never return on macOS. Linux keeps a blocked
/// signal pending whatever its action; a handler behaves the same on both. The children start with the default
/// action again (`exec` resets caught signals: POSIX `execve`).
package final class ChildProcess {
    /// The signal mask this thread had before: the children start with it.
    private var previousMask = sigset_t()
    private var held = sigset_t()
    /// SIGCHLD's action before: restored by ``release()``.
    private var previousChildAction: SignalDisposition?
    private var released = false
    /// The first SIGINT or SIGTERM this process received while a child ran, if any: stop starting children.
    package private(set) var interruption: Int32?

    /// Blocks SIGINT, SIGTERM and SIGCHLD in this thread, and gives SIGCHLD a handler (see the type's documentation;
    /// an ignored SIGCHLD would also make the kernel reap children before `waitpid` could see them).
    package init() {
        sigemptyset(&held)
        sigaddset(&held, SIGINT)
        sigaddset(&held, SIGTERM)
        sigaddset(&held, SIGCHLD)
        pthread_sigmask(SIG_BLOCK, &held, &previousMask)
        previousChildAction = SignalNumber.catchWithoutAction(SIGCHLD)
    }

    deinit { release() }

    /// Notes a SIGINT or SIGTERM that arrived while no child ran (it stays pending: ``die(of:)`` or ``release()``
    /// delivers it). Call before starting the next child, then look at ``interruption``.
    package func notePendingInterruption() {
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
    package func release() {
        guard !released else { return }
        released = true
        previousChildAction?.restore(SIGCHLD)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Starts `path` with `arguments` as its argv (`arguments[0]` as typed) and exactly `environment`, waits for
    /// it, and tells how it ended. A script without `#!` runs through `/bin/sh`, as `exec` runs it. Fails, launching
    /// nothing, when the file cannot be executed.
    package func run(
        _ path: String, arguments: [String], environment: EnvironmentTable
    ) -> Result<Termination, Launcher.Failure> {
        Spawn(mask: previousMask).start(path, arguments: arguments, environment: environment).map(wait(for:))
    }

    /// Waits for `pid` to end, forwarding SIGINT and SIGTERM sent to this process by another process.
    private func wait(for pid: pid_t) -> Termination {
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid, case .ended(let termination) = WaitStatus(status) { return termination }
            // Not our child any more: cannot happen.
            if reaped < 0 && errno != EINTR { return .exited(ExitStatus.notFound) }
            guard let (signal, fromAnotherProcess) = nextSignal() else { continue }
            if signal == SIGCHLD { continue }
            if interruption == nil { interruption = signal }
            // The terminal sends its SIGINT (Ctrl-C) to the whole foreground process group, the child included:
            // forwarding it would deliver it twice. A terminal never sends SIGTERM: it is always passed on.
            if signal == SIGTERM || (fromAnotherProcess ?? !TerminalForeground.isThisProcess()) { kill(pid, signal) }
        }
    }

    /// The next of the held signals, and whether another process sent it (`kill`) rather than the kernel (the
    /// terminal), when the system says (nil when it does not); nil when interrupted.
    private func nextSignal() -> (Int32, Bool?)? {
        #if os(Linux)
        var info = siginfo_t()
        let signal = sigwaitinfo(&held, &info)
        guard signal > 0 else { return nil }
        return (signal, info.si_code <= 0)  // SI_USER, SI_QUEUE, SI_TKILL; SI_KERNEL (the terminal) is positive
        #else
        // Darwin has no `sigwaitinfo` (<signal.h> declares `sigwait` only), and an `SA_SIGINFO` handler would not
        // tell either: for a caught signal other than SIGCHLD, XNU's `psignal_internal` sets `si_code` to 0 whoever
        // sent it, `kill` or the terminal (bsd/kern/kern_sig.c, xnu-11417.101.15 line 2336; `sendsig` copies it,
        // bsd/dev/arm/unix_signal.c line 542), and never `SI_USER` (0x10001, <sys/signal.h>). The sender is unknown.
        var signal: Int32 = 0
        guard sigwait(&held, &signal) == 0 else { return nil }
        return (signal, nil)
        #endif
    }

    /// Ends this process with `signal`, as if it had not been caught: default action, unblocked, raised. For a
    /// program that was interrupted, so that its caller (a shell script, `make`) stops too.
    package static func die(of number: Int32) -> Never {
        _ = signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        exit(ExitStatus.signaled(number))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal numbers, which differ between Linux and Darwin (SIGBUS is 7 on Linux, 10 on Darwin; SIGUSR1 10 and 30),
/// and their names.
package enum SignalNumber {
    /// SIGINT: Ctrl-C.
    package static let interrupt = SIGINT
    /// SIGTERM: `kill`'s default.
    package static let terminate = SIGTERM
    /// SIGHUP: the terminal went away.
    package static let hangup = SIGHUP
    /// SIGKILL: the end of a grace period.
    package static let kill = SIGKILL

    /// Gives `signal` a handler that does nothing, and returns the action it had. Its default action (end, stop, or
    /// ignore) then does not happen, while whoever waits for it sees it: `sigwait` or `signalfd` while it is blocked,
    /// kqueue's `EVFILT_SIGNAL`. A blocked signal whose action is to ignore it is dropped by XNU when sent (see
    /// ``ChildProcess``), hence a handler rather than the default. `exec` gives a caught signal its default action back
    /// (POSIX `execve`). The handler's field is `__sigaction_u.__sa_handler` in Darwin's <sys/signal.h>,
    /// `__sigaction_handler.sa_handler` in glibc's <bits/sigaction.h>.
    @discardableResult
    package static func catchWithoutAction(_ signal: Int32) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = { _ in }
        #else
        action.__sigaction_handler.sa_handler = { _ in }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        sigaction(signal, &action, &previous)
        return previous
    }

    /// `SIGINT`, `SIGKILL`…, or `signal N` for a signal without a name here.
    package static func name(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGABRT: "SIGABRT",
            SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM",
            SIGTERM: "SIGTERM", SIGBUS: "SIGBUS", SIGUSR1: "SIGUSR1", SIGUSR2: "SIGUSR2",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}

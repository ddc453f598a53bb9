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
    /// (POSIX `execve`).
    @discardableResult
    package static func catchWithoutAction(_ signal: Int32) -> SignalDisposition {
        SignalDisposition.set(signal, to: { _ in }, restarting: true)
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

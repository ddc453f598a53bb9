#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A signal's disposition (`sigaction`), and the one place that spells its handler's field for each system:
/// `__sigaction_u.__sa_handler` in Darwin's <sys/signal.h>, `__sigaction_handler.sa_handler` in glibc's
/// <bits/sigaction.h> (a union with the `SA_SIGINFO` handler either way). `SIG_DFL` is 0 and `SIG_IGN` 1 in glibc's
/// <bits/signum-generic.h> and XNU's <sys/signal.h>.
package struct SignalDisposition {
    /// The action, as `sigaction` gives and takes it.
    package var action: sigaction

    /// `signal`'s disposition now; nil when the system refuses the number.
    package static func of(_ signal: Int32) -> SignalDisposition? {
        var action = sigaction()
        guard sigaction(signal, nil, &action) == 0 else { return nil }
        return SignalDisposition(action: action)
    }

    /// Gives `signal` `handler` (with `SA_RESTART` when `restarting`; nothing more blocked while it runs) and returns
    /// the disposition it had, for ``restore(_:)``.
    @discardableResult
    package static func set(
        _ signal: Int32, to handler: @convention(c) (Int32) -> Void, restarting: Bool
    ) -> SignalDisposition {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = restarting ? SA_RESTART : 0
        var previous = sigaction()
        sigaction(signal, &action, &previous)
        return SignalDisposition(action: previous)
    }

    /// Puts this disposition back on `signal`.
    package func restore(_ signal: Int32) {
        var action = self.action
        sigaction(signal, &action, nil)
    }

    /// Whether the signal is ignored (`SIG_IGN`).
    package var isIgnored: Bool { handler == 1 }
    /// Whether a handler of the process's catches it (neither `SIG_DFL` nor `SIG_IGN`): `exec` gives it its default
    /// action back (POSIX `execve`).
    package var isCaught: Bool { handler != 0 && handler != 1 }

    private var handler: Int {
        #if canImport(Darwin)
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #else
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #endif
    }
}

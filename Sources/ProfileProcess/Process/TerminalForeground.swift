import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one test of "is this process in its terminal's foreground", and handing that foreground to a process group, for
/// `run --each`, the supervisor and the terminal session.
package enum TerminalForeground {
    /// Whether this process's group is the foreground process group of its controlling terminal (false without one, or
    /// when `/dev/tty` cannot be opened: then a signal is passed on, which at worst delivers it twice).
    package static func isThisProcess() -> Bool {
        let fd = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { _ = Glue.close(fd) }
        return tcgetpgrp(fd) == getpgrp()
    }

    /// Whether the terminal on `terminal` has `group` as its foreground process group.
    package static func isGroup(_ group: pid_t, on terminal: Int32) -> Bool {
        tcgetpgrp(terminal) == group
    }

    /// Makes `group` the foreground process group of the terminal on `terminal`. SIGTTOU, which a process outside the
    /// foreground gets for it, is blocked meanwhile (POSIX `tcsetpgrp`: allowed when the caller blocks it), so that its
    /// action (default or ignored, as the command inherits it) is never touched.
    @discardableResult
    package static func give(_ terminal: Int32, to group: pid_t) -> Bool {
        var set = sigset_t()
        var previous = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTTOU)
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return tcsetpgrp(terminal, group) == 0
    }
}

/// What `waitpid` reported for a child: the one decoding of its status, for `run --each`, the supervisor and the
/// terminal session.
package enum WaitStatus: Sendable, Equatable {
    /// It ended.
    case ended(Termination)
    /// It was stopped by this signal (reported with `WUNTRACED`).
    case stopped(Int32)

    /// Decodes `status` as the macros of <sys/wait.h> do, the same on glibc and Darwin (XNU bsd/sys/wait.h:
    /// `_WSTATUS(x)` is `x & 0177`, `_WSTOPPED` 0177, `WSTOPSIG(x)` and `WEXITSTATUS(x)` the next byte,
    /// `WIFSIGNALED` a `_WSTATUS` neither 0 nor 0177).
    package init(_ status: Int32) {
        let low = status & 0x7F
        if low == 0x7F {
            self = .stopped((status >> 8) & 0xFF)
        } else if low != 0 {
            self = .ended(.signaled(low))
        } else {
            self = .ended(.exited((status >> 8) & 0xFF))
        }
    }
}

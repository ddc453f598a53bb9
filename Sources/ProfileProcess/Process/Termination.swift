import ProfilePlatform

/// How a child ended: the one type for `run --each`'s results, the supervisor's children and `profile`'s own end.
package enum Termination: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)

    /// The status a shell reports for it: the exit status, or 128 + the signal.
    package var exitStatus: Int32 {
        switch self {
        case .exited(let status): return status
        case .signaled(let signal): return ExitStatus.signaled(signal)
        }
    }

    /// Whether it exited with status 0.
    package var succeeded: Bool { self == .exited(0) }
}

import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ending this process.
package enum ProcessExit {
    /// Runs `body` as a task and ends the process with the status it returns; meanwhile the main thread serves
    /// Dispatch's main queue (`dispatchMain`), as an `async` main does. For the commands whose work runs on every
    /// processor (``Parallel``): `lint`. The others start no task: `run` and the completion queries pay nothing (on
    /// Linux, Dispatch's main queue and its thread-pool monitor cost milliseconds: a TAB press cannot afford them).
    package static func afterTask(_ body: @escaping @Sendable () async -> Int32) -> Never {
        Task { now(await body()) }
        dispatchMain()
    }

    /// Ends the process now with `status` (libc's `exit`: buffered C streams are flushed, `atexit` handlers run).
    package static func now(_ status: Int32) -> Never {
        exit(status)
    }
}

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
    /// Runs `body` as a task and ends the process with the status it returns (from the task's thread); meanwhile the
    /// main thread waits. For the commands whose work runs on every processor (``Parallel``): `lint`; and for the
    /// task that serves `run --redact` and `run --watch` (``Supervisor/serve(_:)``). The others start no task: `run`
    /// and the completion queries pay nothing (on Linux, Dispatch's thread-pool monitor costs milliseconds: a TAB
    /// press cannot afford them).
    ///
    /// `body` must not need the main actor: the main queue is not served. `dispatchMain()`, which would serve it, ends
    /// the main thread with `pthread_exit`, whose forced unwind makes libgcc sort every unwind entry of the static
    /// Linux executable first: 175 M instructions, ≈ 50 ms, for a `lint` of four profiles that costs 2 M without it
    /// (callgrind, `Benchmarks/README.md`).
    package static func afterTask(_ body: sending @escaping () async -> Int32) -> Never {
        Task { now(await body()) }
        let never = DispatchSemaphore(value: 0)
        while true { never.wait() }
    }

    /// Ends the process now with `status` (libc's `exit`: buffered C streams are flushed, `atexit` handlers run).
    package static func now(_ status: Int32) -> Never {
        exit(status)
    }
}

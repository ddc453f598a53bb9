#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ending this process.
public enum ProcessExit {
    /// Ends the process now with `status` (libc's `exit`: buffered C streams are flushed, `atexit` handlers run).
    public static func now(_ status: Int32) -> Never {
        exit(status)
    }
}

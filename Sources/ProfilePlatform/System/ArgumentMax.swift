#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if !canImport(Darwin)
/// What this system reports as the room `execve` gives a program's argv and environment together:
/// `sysconf(_SC_ARG_MAX)`, which glibc computes as a quarter of the stack's soft limit (`RLIMIT_STACK`), at least
/// 128 KiB. `ArgumentSpace` (ProfileResolution) applies the kernel's own bounds to it (Darwin's `ARG_MAX` is a constant there).
package enum ArgumentMax {
    /// The value `sysconf` reports now.
    package static func reported() -> Int {
        Int(sysconf(Int32(_SC_ARG_MAX)))
    }
}
#endif

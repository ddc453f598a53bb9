#if os(Linux)
internal import CLibYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Linux's `tee(2)` and `splice(2)` between pipes, never waiting (`SPLICE_F_NONBLOCK`): the bytes a pipe holds
/// copied to another without leaving the first (`tee`: the pages are shared, not copied), and moved from a pipe to
/// another descriptor (`splice`: a pipe, a file, a socket, a terminal here on Linux 6.18; a file opened with O_APPEND,
/// or one whose file system cannot splice, refuses with EINVAL: splice(2) in the man-pages). Both return the byte
/// count, 0 when the source pipe is empty and has no writer left (tee(2)), or -1 with errno (EAGAIN: nothing to take
/// or no room now).
package enum PipeSplice {
    /// SPLICE_F_NONBLOCK: glibc's bits/fcntl-linux.h (`# define SPLICE_F_NONBLOCK 2`), the kernel's
    /// include/linux/splice.h.
    private static let nonBlocking: UInt32 = 2

    /// Up to `count` bytes from the front of the pipe `source` duplicated into the pipe `target`; `source` keeps them.
    package static func tee(from source: Int32, to target: Int32, count: Int) -> Int {
        profile_tee(source, target, count, nonBlocking)
    }

    /// Up to `count` bytes moved from the front of the pipe `source` to `target`.
    package static func splice(from source: Int32, to target: Int32, count: Int) -> Int {
        profile_splice(source, nil, target, nil, count, nonBlocking)
    }
}
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A hook for the end-to-end tests of interrupted writes, compiled into debug builds only (release builds have an
/// empty function): with `PROFILE_DEBUG_PAUSE_BEFORE_RENAME` naming a FIFO, ``AtomicFile`` stops after the temporary
/// file is complete and before the rename, until a test has opened that FIFO for writing and closed it again. The test
/// knows the moment (its open returns when the writer is there) and can send a signal, swap the target or start a
/// concurrent write meanwhile. `PROFILE_DEBUG_PAUSE_ONLY` limits the pause to targets whose name ends with it.
enum DebugPause {
    static func beforeRename(_ target: String) {
        #if DEBUG
        guard let fifo = getenv("PROFILE_DEBUG_PAUSE_BEFORE_RENAME").map({ String(cString: $0) }), !fifo.isEmpty
        else { return }
        if let only = getenv("PROFILE_DEBUG_PAUSE_ONLY").map({ String(cString: $0) }), !target.hasSuffix(only) {
            return
        }
        let fd = open(fifo, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        var byte: UInt8 = 0
        while true {
            let got = Glue.read(fd, &byte, 1)
            if got > 0 || (got < 0 && errno == EINTR) { continue }
            break
        }
        close(fd)
        #endif
    }
}

import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A process group a supervised command leads: whether anything of it still runs.
package enum ProcessGroup {
    /// Whether a process of `group` is still running (not a zombie). A member whose parent ended is reparented to
    /// init, which may reap it late (a container's first process may never): `kill(-group, 0)` succeeds for such a
    /// zombie, so on Linux the group's members are read from `/proc/PID/stat` (the state is the field after the
    /// command's `)`, the group the third); when `/proc` cannot be read, and on Darwin (launchd reaps at once),
    /// `kill(-group, 0)` answers.
    package static func isRunning(_ group: pid_t) -> Bool {
        guard kill(-group, 0) == 0 else { return false }
        #if os(Linux)
        guard let directory = opendir("/proc") else { return true }
        defer { closedir(directory) }
        var buffer = [UInt8](repeating: 0, count: 512)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name) else { continue }
            let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glue.read(fd, $0.baseAddress!, 512) }
            _ = Glue.close(fd)
            guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 2, fields[0].first != UInt8(ascii: "Z"),
                Int32(String(decoding: fields[2], as: UTF8.self)) == group
            else { continue }
            return true
        }
        return false
        #else
        return true
        #endif
    }
}

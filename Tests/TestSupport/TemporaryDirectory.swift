import Foundation

// `Glibc.write` and `Darwin.write` below are named by module (`write` alone is this type's method).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under the tests' temporary folder, removed with everything in it when the object goes away: at
/// the end of the test that holds it, whether the test passes, fails or throws.
///
/// The folder is `PROFILE_TEST_TMPDIR` when set, else the system's (`TMPDIR`). `.ci/run` runs the suite a second time
/// with `PROFILE_TEST_TMPDIR` in a case-insensitive, case-preserving mount (`Scripts/casefold-fs.py`), so that every
/// test's files meet what macOS's APFS does to names; only the tests' own folders move there, not the toolchain's
/// (SwiftPM and the linker keep `TMPDIR`).
package final class TemporaryDirectory {
    /// The folder the directories are made in.
    package static let base: String = {
        let chosen = ProcessInfo.processInfo.environment["PROFILE_TEST_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
        let base = chosen ?? FileManager.default.temporaryDirectory.path
        return base.hasSuffix("/") && base.count > 1 ? String(base.dropLast()) : base
    }()

    /// Whether names in ``base`` fold case, as on APFS: a file created as `probe-a` is found as `PROBE-A`.
    package static let foldsCase: Bool = {
        guard let probe = try? TemporaryDirectory(prefix: "case-probe") else { return false }
        guard (try? probe.write("probe-a", "")) != nil else { return false }
        return probe.exists("PROBE-A")
    }()

    /// The directory's absolute path.
    package let path: String

    /// Creates `<TMPDIR>/<prefix>-XXXXXX` (mode 0700, a name no other test or run can have).
    package init(prefix: String) throws {
        var template = Array("\(Self.base)/\(prefix)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        path = String(cString: made)
    }

    deinit { remove() }

    /// Removes the directory and its contents now (it is removed anyway when the object goes away).
    package func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The absolute path of `relative` inside the directory.
    package func path(_ relative: String) -> String { relative.isEmpty ? path : path + "/" + relative }

    package func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Creates `relative` (and the folders above it) inside the directory.
    package func createDirectory(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// Writes a file (creating the folders above it) through a close-on-exec descriptor: tests spawn processes
    /// concurrently, and a child that inherited a write descriptor to a script would make executing that script fail
    /// (ETXTBSY).
    package func write(_ relative: String, _ text: String, executable: Bool = false) throws {
        try write(relative, Array(text.utf8), executable: executable)
    }

    package func write(_ relative: String, _ bytes: [UInt8], executable: Bool = false) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, executable ? 0o755 : 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress, buffer.count)
                #else
                Darwin.write(fd, buffer.baseAddress, buffer.count)
                #endif
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            offset += written
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Compare-and-write: replacing a file that belongs to the user (an `.xcscheme` Xcode may save at any moment) only if
/// it still holds what an update was computed from.
enum FileReplacement {
    /// Whether `a` and `b` name the same existing file (after links).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev
            && first.st_ino == second.st_ino
    }

    /// Replaces `path` with `bytes` if it still holds `expected`.
    ///
    /// The new bytes go to a temporary file beside the target (a symbolic link is written through, and the file's
    /// permissions are kept); then the target is read again and compared with `expected`; only when they are equal is
    /// the temporary file renamed over it (atomically). Otherwise the temporary file is removed and the error says
    /// where the file on disk first differs. What remains is the short window between that last read and the rename.
    static func replace(_ path: String, with bytes: [UInt8], expecting expected: [UInt8]) throws(Diagnostic) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var info = stat()
        let keepsMode = stat(target, &info) == 0
        let temporary = target + ".profile-tmp-\(getpid())"
        do {
            try FileSystem.write(bytes, to: temporary, exclusive: true)
        } catch {
            throw .error("cannot write `\(path)`: \(FileSystem.errorString(error.code))")
        }
        if keepsMode { _ = chmod(temporary, info.st_mode & 0o7777) }
        let current: [UInt8]
        do {
            current = try FileSystem.read(target)
        } catch {
            unlink(temporary)
            throw .error(
                "`\(path)` cannot be read again before it is replaced (\(FileSystem.errorString(error.code))): "
                    + "nothing was written")
        }
        if current != expected {
            unlink(temporary)
            var offset = min(current.count, expected.count)
            for index in 0..<offset where current[index] != expected[index] {
                offset = index
                break
            }
            throw .error(
                "`\(path)` changed on disk after it was read (saved by Xcode or another program?): nothing was "
                    + "written, so those changes are kept; run the update again",
                at: InPlaceEditing.location(of: offset, in: current, path: path))
        }
        if rename(temporary, target) != 0 {
            let code = errno
            unlink(temporary)
            throw .error("cannot write `\(path)`: \(FileSystem.errorString(code))")
        }
    }
}

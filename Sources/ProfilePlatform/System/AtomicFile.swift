#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place `profile` writes a file (`export --output`/`--update`, `generate --output`, `init`, `import`): whole
/// or not at all, whatever happens meanwhile.
///
/// A regular file is never written in place. The bytes go to a new temporary file in the target's directory (so the
/// rename cannot cross file systems), which is flushed to disk (`fsync`), checked, and renamed over the target; then
/// the directory is flushed too, so the rename survives a power cut. On the way:
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT are blocked from the temporary file's creation until the rename or its
///   removal; one that arrived meanwhile removes the temporary file, leaves the target as it was, and then ends the
///   process as it would have (status 128 + the signal's number in a shell). SIGXFSZ is ignored meanwhile, so a
///   file-size limit (`ulimit -f`) is an `EFBIG` error instead of a killed process.
/// - Any error (a full disk, a read-only directory, the size limit) removes the temporary file and leaves the target
///   byte-identical; the message names the target.
/// - A target that is a symbolic link is written through (its target is replaced, the link stays, as editors do);
///   one that was not a link but is one when the rename comes (swapped meanwhile) is refused, so nothing is ever
///   written onto another file.
/// - A FIFO or a character device (`/dev/stdout`, `/dev/null`, a terminal), or a `/dev/fd/N` or `/dev/std*` name, is
///   written through instead of being replaced by a regular file, as a shell's `>` would.
/// - With ``Precondition/holding(_:)``, the target is locked (`flock`, among `profile` processes) and read again just
///   before the rename: if it no longer holds what the new bytes were made from, nothing is written. Two concurrent
///   updates of one file leave one of them, complete; the other is refused.
/// - With ``Precondition/absent``, the file is created only if nothing has that name (a hard link from the temporary
///   file: atomic, never replaces).
package enum AtomicFile {
    /// What the target must be for the write to happen.
    package enum Precondition: Sendable, Equatable {
        /// Anything: it is replaced (or created).
        case none
        /// Nothing: the file is created, never replaced.
        case absent
        /// A file holding exactly these bytes (what an update was made from).
        case holding([UInt8])
    }

    /// Why a write did not happen; the target was left as it was.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// The path as given.
        package var path: String
        /// The errno value (`EEXIST` for an existing file under ``Precondition/absent``, `ESTALE` for a file that
        /// changed under ``Precondition/holding(_:)``).
        package var code: Int32
        /// What went wrong, naming the path.
        package var description: String
        /// Under ``Precondition/holding(_:)``, what the file held instead.
        package var current: [UInt8]? = nil

        /// Whether the write was refused because a file already exists at the path (`EEXIST`).
        package var isAlreadyExists: Bool { code == EEXIST }
    }

    /// Writes `bytes` to `path` if `precondition` holds (see the type's documentation).
    package static func write(_ bytes: [UInt8], to path: String, if precondition: Precondition = .none) throws(Failure)
    {
        let isLink = FileSystem.isLink(path)
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, (info.st_mode & S_IFMT) == S_IFDIR {
            throw failure(path, EISDIR, "cannot write `\(path)`")
        }
        if exists, precondition == .absent {
            throw failure(path, EEXIST, "`\(path)` already exists")
        }
        if exists && isStream(info.st_mode) || writesThroughByName(path) {
            try writeThrough(bytes, to: path, regular: exists && (info.st_mode & S_IFMT) == S_IFREG)
            return
        }
        // A link the user made is written through: its final target is replaced.
        var target = path
        if isLink, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        try replace(target, of: path, with: bytes, if: precondition, mode: exists ? info.st_mode & 0o7777 : nil)
    }

    // MARK: - Replacing a regular file

    private static func replace(
        _ target: String, of path: String, with bytes: [UInt8], if precondition: Precondition, mode: mode_t?
    ) throws(Failure) {
        // The lock comes first, while a signal can still end the process at once: there is nothing to clean up yet.
        var lock: Int32 = -1
        if case .holding = precondition { lock = try locked(target, path: path) }
        defer { if lock >= 0 { close(lock) } }

        let signals = SignalGuard()
        defer { signals.release() }
        let directory = FileSystem.directoryName(target)
        let temporary = FileSystem.join(directory, ".\(baseName(target)).profile-tmp-\(getpid())")
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path, errno, "cannot write `\(path)`") }
        var keep = false
        defer { if !keep { unlink(temporary) } }
        // A replaced file keeps its permissions; a new one gets the usual 0666 less the umask.
        if let mode { _ = fchmod(fd, mode) }
        var code = writeAll(bytes, to: fd)
        if code == 0, fsync(fd) != 0 { code = errno }
        if close(fd) != 0, code == 0 { code = errno }
        if code != 0 { throw failure(path, code, "cannot write `\(path)`") }

        DebugPause.beforeRename(target)
        if signals.pending {
            // Removing the temporary file and restoring the mask (the defers) lets the signal end the process.
            throw failure(path, EINTR, "`\(path)` was not written: interrupted")
        }

        // Swapped for a link (or anything else) since the start: refuse rather than write onto another file.
        var now = stat()
        if lstat(target, &now) == 0, (now.st_mode & S_IFMT) != S_IFREG {
            let kind = (now.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : FileSystem.kindDescription(now.st_mode)
            throw failure(
                path, ELOOP,
                "`\(path)` was replaced by \(kind) while it was being written: nothing was written")
        }
        switch precondition {
        case .none:
            if rename(temporary, target) != 0 { throw failure(path, errno, "cannot write `\(path)`") }
        case .absent:
            // link(2) never replaces: a file created meanwhile by someone else is kept.
            if link(temporary, target) != 0 {
                let code = errno
                throw failure(path, code, code == EEXIST ? "`\(path)` already exists" : "cannot write `\(path)`")
            }
        case .holding(let expected):
            let current: [UInt8]
            do {
                current = try read(target)
            } catch {
                throw failure(
                    path, error.code,
                    "`\(path)` cannot be read again before it is replaced (\(FileSystem.errorString(error.code))): "
                        + "nothing was written")
            }
            if current != expected {
                var changed = failure(path, ESTALE, "`\(path)` changed on disk after it was read")
                changed.current = current
                throw changed
            }
            if rename(temporary, target) != 0 { throw failure(path, errno, "cannot write `\(path)`") }
        }
        if precondition != .absent { keep = true }
        syncDirectory(directory)
    }

    /// An exclusive `flock` on the file at `target` (the file the path names now, not one a rename replaced while
    /// this process waited), as an open descriptor.
    private static func locked(_ target: String, path: String) throws(Failure) -> Int32 {
        while true {
            let fd = open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw failure(path, errno, "cannot open `\(path)`") }
            while flock(fd, LOCK_EX) != 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                // A file system without locks: the comparison before the rename remains.
                if code == ENOLCK || code == EOPNOTSUPP || code == EINVAL { return -1 }
                throw failure(path, code, "cannot lock `\(path)`")
            }
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, lstat(target, &named) == 0, held.st_dev == named.st_dev,
                held.st_ino == named.st_ino
            {
                return fd
            }
            close(fd)  // replaced while waiting: lock the new one
        }
    }

    /// Reads the file without following a link.
    private static func read(_ path: String) throws(FileSystem.Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystem.Failure(code: errno, operation: "cannot read `\(path)`") }
        close(fd)
        return try FileSystem.read(path)
    }

    // MARK: - Writing through

    /// Whether `mode` is something written through rather than replaced: a FIFO or a character device.
    private static func isStream(_ mode: mode_t) -> Bool {
        (mode & S_IFMT) == S_IFIFO || (mode & S_IFMT) == S_IFCHR
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: names for a descriptor the process already has,
    /// written through even when it is a regular file (a shell's `> file`).
    private static func writesThroughByName(_ path: String) -> Bool {
        path == "/dev/stdout" || path == "/dev/stderr" || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")
    }

    /// Opens the FIFO or device (a FIFO waits for a reader, as a shell's `>` does) and writes to it. Through a
    /// name for a regular file (`/dev/stdout` redirected to a file) it appends: the shell has truncated it already.
    private static func writeThrough(_ bytes: [UInt8], to path: String, regular: Bool) throws(Failure) {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (regular ? O_APPEND : 0))
        guard fd >= 0 else { throw failure(path, errno, "cannot write `\(path)`") }
        let ignoring = IgnoredFileSizeSignal()
        defer { ignoring.release() }
        var code = writeAll(bytes, to: fd)
        if close(fd) != 0, code == 0 { code = errno }
        if code != 0 {
            // Nothing to leave as it was: what was written went through.
            throw Failure(
                path: path, code: code, description: "cannot write `\(path)`: \(FileSystem.errorString(code))")
        }
    }

    // MARK: - Helpers

    /// Writes everything (``Glue/writeAll(_:_:)``); the errno of a failure, or 0.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        bytes.withUnsafeBytes { Glue.writeAll(fd, $0) }
    }

    /// Flushes a directory's entries (the rename) to disk; file systems that cannot are left alone.
    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func baseName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func failure(_ path: String, _ code: Int32, _ operation: String) -> Failure {
        var text = operation
        if code != ESTALE, code != EEXIST, code != ELOOP { text += ": \(FileSystem.errorString(code))" }
        if code == EFBIG { text += " (the file-size limit, `ulimit -f`?)" }
        if code != EEXIST, !text.contains("nothing was written") { text += "; it was left as it was" }
        return Failure(path: path, code: code, description: text)
    }
}

/// Blocks the signals that end a process from the keyboard or a supervisor (and ignores SIGXFSZ) while a temporary
/// file exists, so it is always removed; ``deliver()`` then lets a signal that arrived meanwhile end the process.
private struct SignalGuard {
    private var previous = sigset_t()
    private let ignoring = IgnoredFileSizeSignal()

    static var handled: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&set, number) }
        return set
    }

    init() {
        var set = Self.handled
        pthread_sigmask(SIG_BLOCK, &set, &previous)
    }

    /// Whether one of the signals arrived (and waits).
    var pending: Bool {
        var waiting = sigset_t()
        sigpending(&waiting)
        return [SIGINT, SIGTERM, SIGHUP, SIGQUIT].contains { sigismember(&waiting, $0) == 1 }
    }

    /// Restores the signal mask: a signal that waits is delivered now.
    func release() {
        var mask = previous
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        ignoring.release()
    }
}

/// Ignores SIGXFSZ until released, so exceeding the file-size limit is an error (`EFBIG`), not a killed process.
private struct IgnoredFileSizeSignal {
    private let previous = SignalDisposition.set(SIGXFSZ, to: SIG_IGN, restarting: false)

    func release() { previous.restore(SIGXFSZ) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations `profile` needs, without Foundation (which costs milliseconds at startup).
package enum FileSystem {
    /// The largest file accepted as a profile or catalog: no real profile comes near it.
    package static let maxFileSize = 8 * 1024 * 1024

    /// An error from the system, with its errno.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// The errno value.
        package var code: Int32
        /// What was being done, and to what.
        package var operation: String
        /// Why, when `strerror` would not say it well (a file that is not a regular file).
        package var reason: String? = nil

        package var description: String { "\(operation): \(why)" }

        /// Why, in words: `it is a FIFO (named pipe), not a regular file`, `Permission denied`.
        package var why: String { reason ?? FileSystem.errorString(code) }
    }

    /// A file over ``maxFileSize`` (`EFBIG`), said plainly.
    static func tooLarge(_ path: String) -> Failure {
        Failure(
            code: EFBIG, operation: "cannot read `\(path)`",
            reason: "it is larger than \(maxFileSize / 1024 / 1024) MiB, the most a profile, overlay or catalog may be")
    }

    /// What `ENAMETOOLONG` means, said plainly.
    static let nameTooLong =
        "the file name is too long for the file system (ENAMETOOLONG: a name takes at most \(NAME_MAX) bytes, a "
        + "path \(PATH_MAX))"

    /// Why `path` is not a directory, in words (`it does not exist`, `it is a FIFO (named pipe)`, a name too long);
    /// nil when it is one (following links).
    package static func notDirectoryReason(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: return "it does not exist"
            case ENAMETOOLONG: return nameTooLong
            case let code: return errorString(code)
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return nil
        case S_IFREG: return "it is a file"
        default: return "it is \(kindDescription(info.st_mode))"
        }
    }

    /// Why `path` could not be opened (errno `code`), in words: what it is when it is not a file that can be opened
    /// (a socket: `ENXIO`), and a name too long for the file system said plainly.
    static func openFailure(_ code: Int32, _ path: String, operation: String) -> Failure {
        switch code {
        case ENAMETOOLONG:
            return Failure(code: code, operation: operation, reason: nameTooLong)
        case ENOENT, ELOOP:
            // A link whose target does not exist (or a loop of links): say where it points.
            var info = stat()
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                let length = readlink(path, &target, target.count - 1)
                if length >= 0 {
                    let destination = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    return Failure(
                        code: code, operation: operation,
                        reason: code == ELOOP
                            ? "it is a symbolic link in a loop of links (to `\(destination)`)"
                            : "it is a symbolic link to `\(destination)`, which does not exist")
                }
            }
            return Failure(code: code, operation: operation)
        case ENXIO, EOPNOTSUPP:
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
                return Failure(
                    code: code, operation: operation,
                    reason: "it is \(kindDescription(info.st_mode)), not a regular file")
            }
            return Failure(code: code, operation: operation)
        default:
            return Failure(code: code, operation: operation)
        }
    }

    /// "a FIFO", "a socket", "a character device"… for a message.
    static func kindDescription(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        default: "not a regular file"
        }
    }

    /// `strerror` for an errno value.
    package static func errorString(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Reads a whole file. Files over ``maxFileSize`` are refused with `EFBIG`.
    ///
    /// Only regular files are read (up to the size `fstat` reports: one `read` for a profile; a file in `/proc`
    /// that reports size 0 is read to its end). The file is opened without blocking and its type checked before
    /// anything is read, so a FIFO, a socket or a device named like a profile (or a link to one) is refused at once
    /// instead of waiting forever for a writer.
    package static func read(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw openFailure(errno, path, operation: "cannot open `\(path)`") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(code: errno, operation: "cannot read `\(path)`") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(code: EISDIR, operation: "cannot read `\(path)`") }
        if (info.st_mode & S_IFMT) != S_IFREG {
            throw Failure(
                code: EINVAL, operation: "cannot read `\(path)`",
                reason: "it is \(kindDescription(info.st_mode)), not a regular file")
        }
        // Back to blocking reads for the regular file.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let expected = Int(info.st_size)
        if expected > maxFileSize { throw tooLarge(path) }
        if (info.st_mode & S_IFMT) == S_IFREG, expected > 0 {
            var failure: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
                var count = 0
                while count < expected {
                    let got = Glue.read(fd, buffer.baseAddress! + count, expected - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if got == 0 { break }  // shorter than when it was measured
                    count += got
                }
                initialized = count
            }
            if failure != 0 { throw Failure(code: failure, operation: "cannot read `\(path)`") }
            return bytes
        }
        var bytes = [UInt8](repeating: 0, count: max(expected, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > maxFileSize { throw tooLarge(path) }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glue.read(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno, operation: "cannot read `\(path)`")
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The names in a directory (without `.` and `..`), unsorted.
    package static func list(_ path: String) throws(Failure) -> [String] {
        guard let dir = opendir(path) else { throw Failure(code: errno, operation: "cannot list `\(path)`") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What a directory entry is, as far as the listing knows without a `stat`.
    package enum EntryKind: Sendable {
        case regularFile
        case directory
        /// A symbolic link, or a file system that does not say (`DT_UNKNOWN`): `stat` it to know.
        case other
    }

    /// The names in a directory (without `.` and `..`) with what `readdir` says they are, unsorted.
    package static func listEntries(_ path: String) throws(Failure) -> [(name: String, kind: EntryKind)] {
        guard let dir = opendir(path) else { throw Failure(code: errno, operation: "cannot list `\(path)`") }
        defer { closedir(dir) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regularFile
            case Int32(DT_DIR): kind = .directory
            default: kind = .other
            }
            entries.append((name, kind))
        }
        return entries
    }

    /// Whether `path` names a directory (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `a` and `b` name the same existing file (after links): same device and inode.
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev
            && first.st_ino == second.st_ino
    }

    /// `path` with its links, `.` and `..` resolved (`realpath`), or `path` itself when it cannot be resolved.
    package static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is a symbolic link (dangling or not).
    package static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether something exists at `path` (following links).
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Creates a directory (and its missing parents).
    package static func makeDirectory(_ path: String) throws(Failure) {
        if isDirectory(path) { return }
        let parent = directoryName(path)
        if parent != path, !parent.isEmpty, !isDirectory(parent) { try makeDirectory(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw Failure(code: errno, operation: "cannot create `\(path)`")
        }
    }

    /// The working directory.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `a/b` + `c` → `a/b/c`.
    package static func join(_ base: String, _ name: String) -> String {
        if name.hasPrefix("/") || base.isEmpty { return name }
        if base == "." { return name }
        return base.hasSuffix("/") ? base + name : base + "/" + name
    }

    /// The directory part of a path (`a/b/c` → `a/b`, `c` → `.`, `/c` → `/`).
    package static func directoryName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }
}

/// Unambiguous references to libc's read and write (Swift sees several overloads): `ssize_t read(int, void *, size_t)`
/// and `write` of <unistd.h>, the same declaration in glibc, musl and Darwin (the `Darwin` module re-exports it).
package enum Glue {
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #else
        return Darwin.read(fd, buffer, count)
        #endif
    }

    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(fd, buffer, count)
        #else
        return Darwin.write(fd, buffer, count)
        #endif
    }

    /// Writes all of `buffer` to `fd`, retrying after signals (EINTR) and partial writes, and waiting (`poll`) while a
    /// non-blocking descriptor is full; 0, or the errno of the write that failed (EPIPE when the reader left...).
    @discardableResult
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32 {
        guard let base = buffer.baseAddress else { return 0 }
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&entry, 1, -1)
                    continue
                }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// A pipe whose ends are closed on exec (a child that needs one gets it duplicated onto its own descriptor, which
    /// keeps it), both non-blocking when `nonBlocking`; nil when the system refuses one (errno says why).
    package static func pipe(nonBlocking: Bool) -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        #if canImport(Glibc)
        let made = ends.withUnsafeMutableBufferPointer { Glibc.pipe($0.baseAddress!) }
        #elseif canImport(Musl)
        let made = ends.withUnsafeMutableBufferPointer { Musl.pipe($0.baseAddress!) }
        #else
        let made = ends.withUnsafeMutableBufferPointer { Darwin.pipe($0.baseAddress!) }
        #endif
        guard made == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        return (ends[0], ends[1])
    }

    package static func close(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.close(fd)
        #elseif canImport(Musl)
        return Musl.close(fd)
        #else
        return Darwin.close(fd)
        #endif
    }
}

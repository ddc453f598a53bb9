#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells when one of a set of files changes (`run --watch`): inotify on Linux, kqueue (`EVFILT_VNODE`) on Darwin.
/// Its ``descriptor`` becomes readable when something happened; ``changed()`` then says whether a watched file is not
/// what it was (another inode, size or modification time, or it appeared or went away). Nothing is polled: an idle
/// watcher waits in the kernel.
///
/// The directories holding the files are watched, not only the files, so an editor that saves by writing a new file
/// and renaming it over the old one (vim, most IDEs), or a file that did not exist yet (a new `.local` overlay), is
/// seen. On Linux the directory's events are enough (`IN_CLOSE_WRITE`: a file written and closed, not each write;
/// `IN_MOVED_TO`, `IN_MOVED_FROM`, `IN_DELETE`); on Darwin a directory's `NOTE_WRITE` tells of entries added, removed
/// or renamed, and each file's own vnode (`NOTE_WRITE`, `NOTE_EXTEND`, `NOTE_DELETE`, `NOTE_RENAME`, `NOTE_ATTRIB`) of
/// writes in place; the files are opened again after each change (a rename leaves the old vnode behind).
package final class FileWatcher {
    /// Readable when the kernel has events.
    package let descriptor: Int32
    private var paths: [String] = []
    private var signatures: [Signature?] = []
    #if canImport(Darwin)
    /// The descriptors opened for kqueue (`O_EVTONLY`): the directories', then the files'.
    private var watched: [Int32] = []
    #endif

    /// What identifies a file's content without reading it.
    struct Signature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        /// A device or inode number as 64 bits, by bit pattern: Darwin's `dev_t` is a signed 32-bit integer
        /// (`typedef __int32_t __darwin_dev_t`, xnu bsd/sys/_types.h), which can be negative, and `UInt64(_:)` of a
        /// negative value traps; glibc's is unsigned 64-bit. Only equality is asked of it.
        static func number<Number: BinaryInteger>(_ value: Number) -> UInt64 { UInt64(truncatingIfNeeded: value) }
    }

    /// A watcher of `paths` (files that may not exist yet, in directories that do); nil when the system refuses one.
    package init?(paths: [String]) {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #elseif canImport(Darwin)
        descriptor = kqueue()
        #else
        descriptor = -1
        #endif
        guard descriptor >= 0 else { return nil }
        watch(paths)
    }

    deinit {
        #if canImport(Darwin)
        for fd in watched { _ = Glue.close(fd) }
        #endif
        _ = Glue.close(descriptor)
    }

    /// Watches `paths` from now on (the files a new resolution read), taking their current state as unchanged.
    package func watch(_ paths: [String]) {
        self.paths = paths
        signatures = paths.map(Self.signature)
        let directories = Array(Set(paths.map(FileSystem.directoryName))).sorted()
        #if os(Linux)
        // Adding a directory already watched returns its watch again (no second one).
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        for directory in directories { _ = inotify_add_watch(descriptor, directory, mask) }
        #elseif canImport(Darwin)
        for fd in watched { _ = Glue.close(fd) }
        watched = []
        for directory in directories { register(directory, flags: NOTE_WRITE) }
        for path in paths where signatures[paths.firstIndex(of: path)!] != nil {
            register(path, flags: NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_ATTRIB)
        }
        #endif
    }

    /// Which watched files changed since the last call (or ``watch(_:)``); call ``drain()`` first.
    package func changes() -> [String] {
        let now = paths.map(Self.signature)
        let changed = paths.indices.filter { now[$0] != signatures[$0] }.map { paths[$0] }
        if !changed.isEmpty { watch(paths) }
        return changed
    }

    /// Takes every pending event from the kernel (their content does not matter: the files' signatures say what
    /// changed), so that the descriptor is not readable any more.
    package func drain() {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ Glue.read(descriptor, $0.baseAddress!, 4096) }) > 0 {}
        #elseif canImport(Darwin)
        var events = [kevent](repeating: kevent(), count: 16)
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        while keventCall(descriptor, nil, 0, &events, Int32(events.count), &zero) > 0 {}
        #endif
    }

    #if canImport(Darwin)
    /// Adds `path`'s vnode to the kqueue (`EV_ADD | EV_CLEAR`: reported once per batch of changes).
    private func register(_ path: String, flags: Int32) {
        let fd = open(path, O_EVTONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        watched.append(fd)
        var event = kevent(
            ident: UInt(fd), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
            fflags: UInt32(truncatingIfNeeded: flags), data: 0, udata: nil)
        _ = keventCall(descriptor, &event, 1, nil, 0, nil)
    }
    #endif

    private static func signature(_ path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Signature(
            device: Signature.number(info.st_dev), inode: Signature.number(info.st_ino), size: Int64(info.st_size),
            seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
}

#if canImport(Darwin)
/// The `kevent` function (it shares its name with its struct: an explicit function type picks it, as
/// swift-subprocess's Sources/Subprocess/Platforms/Subprocess+BSD.swift does).
private let keventCall:
    @convention(c) (
        Int32, UnsafePointer<kevent>?, Int32, UnsafeMutablePointer<kevent>?, Int32, UnsafePointer<timespec>?
    ) -> Int32 = kevent
#endif

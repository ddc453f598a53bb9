import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file watcher of `run --watch`: its descriptor is one of the loop's; a change is reported once the changes
/// have settled for 50 ms (an editor's save can be several events: truncate, write, rename, attributes).
extension Supervisor {
    /// A watcher of `paths`, made before anything is launched; refused when the system gives none (too many open
    /// files, or inotify's instance limit).
    package static func watcher(of paths: [String]) throws(Failure) -> FileWatcher {
        guard let watcher = FileWatcher(paths: paths) else {
            throw Failure(step: "cannot watch the profiles", code: errno)
        }
        return watcher
    }

    /// Calls `onChange` with the files that changed each time `watcher` sees a change, once the changes have settled.
    package func watch(_ watcher: FileWatcher, onChange: @escaping ([String]) -> Void) {
        self.watcher = (watcher, onChange)
    }

    /// The watcher's descriptor is readable: its events are read, and the settling starts again.
    func watcherChanged() {
        guard let watcher else { return }
        watcher.watcher.drain()
        settleDeadline = clock.now + .milliseconds(50)
    }

    /// The changes have settled: `onChange` with the files whose content changed, if any.
    func settled() {
        guard let watcher else { return }
        let changed = watcher.watcher.changes()
        if !changed.isEmpty { watcher.onChange(changed) }
    }
}

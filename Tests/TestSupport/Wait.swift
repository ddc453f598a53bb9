import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for an event the tests can see: a file that appears or holds a text, a screen that shows a line, a process
/// that ends. Never for a time: no test sleeps for a while hoping something happened meanwhile.
///
/// Each wait has a limit, ``limit``, only so that a test whose event never comes fails (on what it checks next)
/// instead of hanging; nothing counts on it passing. The events without a notification a test can block on (a file's
/// content, a tmux screen) are looked at again every few milliseconds: the one pause of the tests, between two looks,
/// in which the waiting task gives its thread back to the pool.
package enum Wait {
    /// How long a wait lasts at most before giving up: far beyond any event's time, even on a loaded machine.
    package static let limit: Duration = .seconds(30)

    /// Returns true as soon as `condition` holds, looking again every `every`; false if it still does not after
    /// `limit` (or once the test is cancelled).
    ///
    /// Between two looks the task sleeps (`Task.sleep`): its thread goes back to Swift's cooperative pool, which has
    /// one thread per core and runs the other tests meanwhile. A blocking sleep there would hold a core's thread idle
    /// (what Swift concurrency forbids: every thread of the pool must make progress).
    @discardableResult
    package static func until(
        limit: Duration = Wait.limit, every interval: Duration = .milliseconds(5), _ condition: () throws -> Bool
    ) async rethrows -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while true {
            if try condition() { return true }
            if clock.now >= deadline || Task.isCancelled { return false }
            try? await Task.sleep(for: interval)
        }
    }

    /// Returns true once `path` exists (a readiness file a child writes).
    @discardableResult
    package static func forFile(_ path: String, limit: Duration = Wait.limit) async -> Bool {
        await until(limit: limit) { FileManager.default.fileExists(atPath: path) }
    }

    /// The file at `path` once it holds exactly `text` (or what it holds when the limit comes).
    @discardableResult
    package static func forContent(_ text: String, in path: String, limit: Duration = Wait.limit) async -> String {
        var content = ""
        await until(limit: limit) {
            content = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return content == text
        }
        return content
    }

    /// Waits for the child `pid` (running `program`) to end and returns its wait status: blocked in `wait4` on a
    /// thread of its own (not one of the pool's), woken by the end itself. A child still running after `limit` is
    /// sent SIGKILL (the test then fails on how it ended).
    package static func forExit(of pid: pid_t, program: String, limit: Duration = Wait.limit) async -> Int32 {
        let watchdog = DispatchSource.makeTimerSource()
        watchdog.schedule(deadline: .now() + .seconds(Int(limit.components.seconds)))
        watchdog.setEventHandler { kill(pid, SIGKILL) }
        watchdog.resume()
        defer { watchdog.cancel() }
        let test = TestCosts.currentTest
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Subprocess.reap(pid, program, test: test)) }
        }
    }
}

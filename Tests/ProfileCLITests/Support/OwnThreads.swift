import Foundation
import Testing

/// The tests of a suite that waits for events (a screen, a file, a signal's effect) run on threads of their own, not
/// on Swift's cooperative pool: `@Suite(.timeLimit(.minutes(20)), .ownThreads)`.
///
/// The pool has one thread per core and runs every test. A test that waits blocking holds one of its two threads idle
/// (what Swift concurrency forbids); a test that waits with `Task.sleep` on the pool resumes behind every test queued
/// meanwhile, minutes later on two cores, when the child it was watching has long ended (a signal sent too late). On
/// ``ThreadPerJobExecutor`` it waits and resumes on a thread of its own, and the pool runs the others.
struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreads {
    static var ownThreads: Self { OwnThreads() }
}

/// A task executor that runs each job it is given on a new thread: a job that blocks (waits for a child, sleeps
/// between two looks at a screen) holds only its own thread.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}

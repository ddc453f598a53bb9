import Foundation
import Testing

/// The tests of a suite that waits for events (a screen, a file, a signal's effect) run on threads of their own, not
/// on Swift's cooperative pool: `@Suite(.timeLimit(.minutes(20)), .ownThreads)`.
///
/// The pool has one thread per core and runs every test. A test that waits blocking holds one of its two threads idle
/// (what Swift concurrency forbids); a test that waits with `Task.sleep` on the pool resumes behind every test queued
/// meanwhile, minutes later on two cores, when the child it was watching has long ended (a signal sent too late). On
/// ``ThreadPerJobExecutor`` it waits and resumes on a thread of its own, and the pool runs the others.
package struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    package init() {}

    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Task executors are in the Swift 6 runtime: `withTaskExecutorPreference` is `@available(macOS 15.0, iOS 18.0,
        // watchOS 11.0, tvOS 18.0, visionOS 2.0, *)` in the toolchain's _Concurrency.swiftinterface. Before: the pool.
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) { try await function() }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreads {
    package static var ownThreads: Self { OwnThreads() }
}

/// A task executor that runs each job it is given on a new thread: a job that blocks (waits for a child, sleeps
/// between two looks at a screen) holds only its own thread.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
package final class ThreadPerJobExecutor: TaskExecutor {
    package static let shared = ThreadPerJobExecutor()

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread.detachNewThread { job.runSynchronously(on: executor) }
    }
}

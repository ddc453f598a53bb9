import Dispatch
import Foundation
import Testing

@testable import ProfilePlatform

@Suite struct ParallelTests {
    /// Every index is in exactly one chunk, and the results come back in chunk order.
    @Test(arguments: [0, 1, 31, 32, 33, 64, 255, 256, 1000, 4099])
    func everyIndexRunsExactlyOnceAndInOrder(count: Int) async {
        let results = await Parallel.map(count, minimumPerChunk: 1) { range in Array(range) }
        #expect(results.flatMap { $0 } == Array(0..<count))
    }

    /// The chunks cover `0..<count` in order, without gaps or overlaps, each at least as large as asked (or one chunk),
    /// a few per processor.
    @Test(arguments: [0, 1, 31, 32, 33, 64, 255, 256, 1000, 4099])
    func chunksCoverEveryIndexOnce(count: Int) {
        let chunks = Parallel.chunks(count, minimumPerChunk: 32)
        #expect(chunks.flatMap { Array($0) } == Array(0..<count))
        #expect(chunks.count <= max(1, Parallel.processorCount * 4))
        if chunks.count > 1 { #expect(chunks.allSatisfy { $0.count >= 32 }) }
        let sizes = Set(chunks.map(\.count))
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
    }

    /// A chunk that falls behind leaves the others to the rest: while the first chunk waits for every other chunk to be
    /// done, they all finish (run one after another, they would wait for it forever). The first chunk waits on a
    /// semaphore the last of the others signals: an event, not a time.
    ///
    /// The chunks run on threads of the test's own (``ThreadExecutor``, preferred by the tasks of `Parallel.map`'s
    /// group, which inherit it), not on the cooperative pool: a chunk that blocks there would take a thread from the
    /// other tests (two on this machine). The limit on the wait is only there so that a regression (the chunks run one
    /// after another) fails instead of hanging.
    @Test(.enabled(if: Parallel.processorCount > 1, "needs more than one processor"))
    func aSlowChunkDoesNotHoldBackTheRest() async {
        let chunks = Parallel.chunks(2000, minimumPerChunk: 1)
        let others = Counter(target: chunks.count - 1)
        let executor = ThreadExecutor(threads: Parallel.processorCount)
        defer { executor.shutdown() }
        let waitedFor = await withTaskExecutorPreference(executor) {
            await Parallel.map(2000, minimumPerChunk: 1) { range -> Int in
                guard range.lowerBound == 0 else {
                    others.add()
                    return 0
                }
                others.waitForTarget()
                return others.value
            }
        }
        #expect(waitedFor[0] == chunks.count - 1)
    }

    /// A counter the chunks share, and a semaphore signalled when it reaches `target`.
    private final class Counter: Sendable {
        private let queue = DispatchQueue(label: "ParallelTests.Counter")
        private let reached = DispatchSemaphore(value: 0)
        private nonisolated(unsafe) var count = 0
        private let target: Int

        init(target: Int) { self.target = target }

        func add() {
            let now = queue.sync {
                count += 1
                return count
            }
            if now == target { reached.signal() }
        }

        var value: Int { queue.sync { count } }

        /// Returns once `target` chunks are counted (or after a minute: the test then fails on the count).
        func waitForTarget() { _ = reached.wait(timeout: .now() + .seconds(60)) }
    }
}

/// A task executor with threads of its own: jobs run there, off the cooperative pool, so a job that blocks holds one of
/// these threads and no thread of the other tests. `shutdown()` ends the threads once the work is done.
private final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    init(threads: Int) {
        for index in 0..<max(2, threads) {
            let thread = Thread { [self] in work() }
            thread.name = "ParallelTests.ThreadExecutor \(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

import Dispatch
import Foundation
import TestSupport
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
    /// The chunks run on threads of their own (``ThreadPerJobExecutor``, preferred by the tasks of `Parallel.map`'s
    /// group, which inherit it), not on the cooperative pool: a chunk that blocks there would take a thread from the
    /// other tests (two on this machine). The limit on the wait is only there so that a regression (the chunks run one
    /// after another) fails instead of hanging. Task executors are `@available(macOS 15.0, iOS 18.0, …)` in the
    /// toolchain's `_Concurrency.swiftinterface`: Swift Testing skips the test where `@available` is not met.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(.enabled(if: Parallel.processorCount > 1, "needs more than one processor"))
    func aSlowChunkDoesNotHoldBackTheRest() async {
        let chunks = Parallel.chunks(2000, minimumPerChunk: 1)
        let others = Counter(target: chunks.count - 1)
        let waitedFor = await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
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

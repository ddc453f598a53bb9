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
    /// done, they all finish (run one after another, they would wait for it forever). The wait ends as soon as they
    /// are done; its limit (60 s) only has to outlast the other tests that hold the pool's threads meanwhile (with
    /// two processors, one blocking test and this chunk leave the others no thread: 10 s was once not enough).
    @Test(.enabled(if: Parallel.processorCount > 1, "needs more than one processor"))
    func aSlowChunkDoesNotHoldBackTheRest() async {
        let chunks = Parallel.chunks(2000, minimumPerChunk: 1)
        let done = Counter()
        let waitedFor = await Parallel.map(2000, minimumPerChunk: 1) { range -> Int in
            guard range.lowerBound == 0 else {
                done.add(1)
                return 0
            }
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(60)
            while done.value < chunks.count - 1, clock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
            return done.value
        }
        #expect(waitedFor[0] == chunks.count - 1)
    }

    /// A counter the chunks share (serialised by a queue).
    private final class Counter: Sendable {
        private let queue = DispatchQueue(label: "ParallelTests.Counter")
        private nonisolated(unsafe) var count = 0
        func add(_ amount: Int) { queue.sync { count += amount } }
        var value: Int { queue.sync { count } }
    }
}

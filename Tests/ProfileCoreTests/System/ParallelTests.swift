import Dispatch
import Testing

@testable import ProfileCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ParallelTests {
    /// Counts how often each index ran (each slot is written by one thread at a time: the index's own).
    private final class Visits: @unchecked Sendable {
        let counts: UnsafeMutableBufferPointer<Int>
        init(_ count: Int) {
            counts = .allocate(capacity: count)
            counts.initialize(repeating: 0)
        }
        deinit { counts.deallocate() }
    }

    @Test(arguments: [0, 1, 31, 32, 33, 64, 255, 256, 1000, 4099])
    func everyIndexRunsExactlyOnce(count: Int) {
        let visits = Visits(count)
        Parallel.forEach(count, minimumPerChunk: 1) { index in visits.counts[index] += 1 }
        #expect(visits.counts.allSatisfy { $0 == 1 })
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

    /// A thread that falls behind leaves the rest of the chunks to the others: while index 0 waits (up to 10 s) for
    /// every index outside its chunk to be done, another thread does them all (statically split between two
    /// threads, half of them would wait for it).
    @Test(.enabled(if: Parallel.processorCount > 1, "needs more than one processor"))
    func aSlowIndexDoesNotHoldBackTheRest() {
        let count = 2000
        let outside = count - Parallel.chunks(count, minimumPerChunk: 1)[0].count
        let done = Counter()
        let waitedFor = Counter()
        Parallel.forEach(count, minimumPerChunk: 1) { index in
            guard index == 0 else {
                done.increment()
                return
            }
            for _ in 0..<10_000 where done.value < outside { usleep(1000) }
            waitedFor.add(done.value)
        }
        #expect(waitedFor.value >= outside)
    }

    private final class Counter: @unchecked Sendable {
        private var count = 0
        private let queue = DispatchQueue(label: "ParallelTests.Counter")
        func increment() { add(1) }
        func add(_ amount: Int) { queue.sync { count += amount } }
        var value: Int { queue.sync { count } }
    }
}

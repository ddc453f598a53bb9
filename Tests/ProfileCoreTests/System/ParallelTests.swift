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
        Parallel.forEach(count, minimumPerThread: 1) { index in visits.counts[index] += 1 }
        #expect(visits.counts.allSatisfy { $0 == 1 })
    }

    /// A thread that falls behind leaves the rest of the indices to the others: while index 0 waits (up to 10 s) for
    /// every index outside its chunk (at most 16) to be done, another thread does them all (statically split, half of
    /// them would wait for it).
    @Test(.enabled(if: Parallel.processorCount > 1, "needs more than one processor"))
    func aSlowIndexDoesNotHoldBackTheRest() {
        let count = 2000
        let done = Counter()
        var waitedFor = 0
        Parallel.forEach(count, minimumPerThread: 1, maximumThreads: 2) { index in
            guard index == 0 else {
                done.increment()
                return
            }
            for _ in 0..<10_000 where done.value < count - 16 { usleep(1000) }
            waitedFor = done.value
        }
        #expect(waitedFor >= count - 16)
    }

    private final class Counter: @unchecked Sendable {
        private var count = 0
        private var lock = pthread_mutex_t()
        init() { pthread_mutex_init(&lock, nil) }
        func increment() {
            pthread_mutex_lock(&lock)
            count += 1
            pthread_mutex_unlock(&lock)
        }
        var value: Int {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            return count
        }
    }
}

import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent pieces of work on every processor, with Dispatch (`DispatchQueue.concurrentPerform`: the
/// toolchain's own thread pool, the same on Linux and on Apple's systems), no threads of our own.
enum Parallel {
    /// `body(index)` for every index in `0..<count`, each exactly once, concurrently; returns when all are done.
    /// Small counts run on the calling thread. `body` must only touch what belongs to its index.
    static func forEach(_ count: Int, minimumPerChunk: Int = 32, _ body: (Int) -> Void) {
        let chunks = chunks(count, minimumPerChunk: minimumPerChunk)
        forEach(chunks) { chunk in
            for index in chunks[chunk] { body(index) }
        }
    }

    /// `0..<count` cut into consecutive ranges of nearly equal size, each of at least `minimumPerChunk` indices
    /// (one range when the work is small, none when `count` is 0): a few per processor, so that one that falls
    /// behind (a busy processor, pages to fault in) leaves the rest to the others. What a chunk gathers across its
    /// indices (a table of its own, merged afterwards) needs no lock.
    static func chunks(_ count: Int, minimumPerChunk: Int = 32) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let wanted = max(1, min(processorCount * 4, count / max(1, minimumPerChunk)))
        let (size, extra) = count.quotientAndRemainder(dividingBy: wanted)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(wanted)
        var start = 0
        for chunk in 0..<wanted {
            let end = start + size + (chunk < extra ? 1 : 0)
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// `body(chunk)` for every index of `chunks`, concurrently (on the calling thread when there is one chunk or one
    /// processor); returns when all are done.
    ///
    /// `body` is not `@Sendable`: the callers hand each chunk its own slots of a result buffer and read them once this
    /// returns (Dispatch joins the iterations before `concurrentPerform` returns). That promise is checked by the
    /// callers' tests (ParallelTests, LintEquivalenceTests), not by the compiler; the "one path" issue replaces it with
    /// a task group whose results the compiler checks.
    static func forEach(_ chunks: [Range<Int>], _ body: (Int) -> Void) {
        guard chunks.count > 1, processorCount > 1 else {
            for chunk in chunks.indices { body(chunk) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = SharedBody(body)
            DispatchQueue.concurrentPerform(iterations: chunks.count) { chunk in shared.body(chunk) }
        }
    }

    /// The body of ``forEach(_:_:)-(_,_)``, handed to Dispatch's threads.
    private final class SharedBody: @unchecked Sendable {
        let body: (Int) -> Void
        init(_ body: @escaping (Int) -> Void) { self.body = body }
    }

    /// The processors online (at least 1).
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent pieces of work on every processor with structured concurrency (a task group on the toolchain's
/// own executor, the same on Linux and Apple's systems): no threads of our own, and what crosses between tasks is
/// `Sendable`, checked by the compiler.
package enum Parallel {
    /// `body(chunk)` for consecutive chunks of `0..<count` (``chunks(_:minimumPerChunk:)``), concurrently; their results
    /// in chunk order. One chunk (small work) runs in the calling task. What a chunk gathers across its indices (a
    /// table of its own, merged afterwards) needs no lock.
    package static func map<Result: Sendable>(
        _ count: Int, minimumPerChunk: Int = 32, _ body: @escaping @Sendable (Range<Int>) -> Result
    ) async -> [Result] {
        let chunks = chunks(count, minimumPerChunk: minimumPerChunk)
        guard chunks.count > 1 else { return chunks.map(body) }
        return await withTaskGroup(of: (Int, Result).self) { group in
            for (index, chunk) in chunks.enumerated() {
                group.addTask { (index, body(chunk)) }
            }
            var results = [Result?](repeating: nil, count: chunks.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
    }

    /// `0..<count` cut into consecutive ranges of nearly equal size, each of at least `minimumPerChunk` indices
    /// (one range when the work is small, none when `count` is 0): a few per processor, so that one that falls
    /// behind (a busy processor, pages to fault in) leaves the rest to the others.
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

    /// The processors online (at least 1): how many chunks are worth making.
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs independent pieces of work on several threads (POSIX threads: no Foundation, no Dispatch).
enum Parallel {
    /// `body(index)` for every index in `0..<count`, each exactly once, on up to `maximumThreads` threads (the
    /// calling thread is one of them); returns when all are done. Small counts run on the calling thread.
    /// `body` must only touch what belongs to its index.
    ///
    /// The threads take the indices in small chunks, in order, as they become free: one that falls behind (a busy
    /// processor, pages to fault in) leaves the rest to the others instead of making them wait at the end.
    static func forEach(
        _ count: Int, minimumPerThread: Int = 32, maximumThreads: Int = 8, _ body: @escaping (Int) -> Void
    ) {
        forEach(count, minimumPerThread: minimumPerThread, maximumThreads: maximumThreads) { index, _ in body(index) }
    }

    /// The same, with `body(index, thread)` told which thread runs it (`0..<maximumThreads`; the calling thread is 0):
    /// what a thread gathers across its indices (a table of its own, merged afterwards) needs no lock.
    static func forEach(
        _ count: Int, minimumPerThread: Int = 32, maximumThreads: Int = 8,
        _ body: @escaping (_ index: Int, _ thread: Int) -> Void
    ) {
        let threads = min(maximumThreads, processorCount, count / max(1, minimumPerThread))
        guard threads > 1 else {
            for index in 0..<count { body(index, 0) }
            return
        }
        // Small enough to even out the end, large enough that taking a chunk (a lock) costs nothing next to it.
        let chunk = max(1, min(16, count / (threads * 16)))
        let work = Work(count: count, chunk: chunk, body: body)
        var started: [Thread] = []
        for thread in 1..<threads {
            if let running = Thread.start(work, number: thread) { started.append(running) }
        }
        work.run(thread: 0)
        for thread in started { thread.join() }
    }

    /// The processors this process may use (at least 1).
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// The indices still to do, handed out a chunk at a time, and what to do with each.
    private final class Work: @unchecked Sendable {
        let count: Int
        let chunk: Int
        let body: (Int, Int) -> Void
        /// The first index not handed out yet; guarded by `lock`.
        private var next = 0
        private let lock: UnsafeMutablePointer<pthread_mutex_t>

        init(count: Int, chunk: Int, body: @escaping (Int, Int) -> Void) {
            self.count = count
            self.chunk = chunk
            self.body = body
            lock = .allocate(capacity: 1)
            lock.initialize(to: pthread_mutex_t())
            pthread_mutex_init(lock, nil)
        }

        deinit {
            pthread_mutex_destroy(lock)
            lock.deinitialize(count: 1)
            lock.deallocate()
        }

        /// The next chunk of indices, or nil when every index is handed out.
        private func take() -> Range<Int>? {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            guard next < count else { return nil }
            let range = next..<min(count, next + chunk)
            next = range.upperBound
            return range
        }

        /// Runs chunks until none is left, as thread `thread`.
        func run(thread: Int) {
            while let range = take() {
                for index in range { body(index, thread) }
            }
        }
    }

    /// A started thread, to join.
    private struct Thread {
        let handle: pthread_t

        /// What a started thread runs: the work, as thread `number`.
        private final class Start {
            let work: Work
            let number: Int
            init(_ work: Work, _ number: Int) {
                self.work = work
                self.number = number
            }
        }

        static func start(_ work: Work, number: Int) -> Thread? {
            let context = Unmanaged.passRetained(Start(work, number)).toOpaque()
            #if canImport(Darwin)
            var handle: pthread_t?
            #else
            var handle = pthread_t()
            #endif
            let result = pthread_create(
                &handle, nil,
                { raw in
                    let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
                    start.work.run(thread: start.number)
                    return nil
                }, context)
            guard result == 0 else {
                Unmanaged<Start>.fromOpaque(context).release()
                return nil
            }
            #if canImport(Darwin)
            return Thread(handle: handle!)
            #else
            return Thread(handle: handle)
            #endif
        }

        func join() {
            pthread_join(handle, nil)
        }
    }
}

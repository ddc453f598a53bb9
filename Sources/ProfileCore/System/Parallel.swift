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
    static func forEach(_ count: Int, minimumPerThread: Int = 32, maximumThreads: Int = 8, _ body: @escaping (Int) -> Void) {
        let threads = min(maximumThreads, processorCount, count / max(1, minimumPerThread))
        guard threads > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        let work = Work(count: count, stride: threads, body: body)
        var started: [Thread] = []
        for first in 1..<threads {
            if let thread = Thread.start(work, first: first) { started.append(thread) } else { work.run(first: first) }
        }
        work.run(first: 0)
        for thread in started { thread.join() }
    }

    /// The processors this process may use (at least 1).
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// The indices `first`, `first + stride`, ... of one thread, and what to do with each.
    private final class Work: @unchecked Sendable {
        let count: Int
        let stride: Int
        let body: (Int) -> Void

        init(count: Int, stride: Int, body: @escaping (Int) -> Void) {
            self.count = count
            self.stride = stride
            self.body = body
        }

        func run(first: Int) {
            var index = first
            while index < count {
                body(index)
                index += stride
            }
        }
    }

    /// A started thread, to join.
    private struct Thread {
        let handle: pthread_t

        private final class Start {
            let work: Work
            let first: Int
            init(work: Work, first: Int) {
                self.work = work
                self.first = first
            }
        }

        static func start(_ work: Work, first: Int) -> Thread? {
            let context = Unmanaged.passRetained(Start(work: work, first: first)).toOpaque()
            #if canImport(Darwin)
            var handle: pthread_t?
            #else
            var handle = pthread_t()
            #endif
            let result = pthread_create(&handle, nil, { raw in
                let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
                start.work.run(first: start.first)
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

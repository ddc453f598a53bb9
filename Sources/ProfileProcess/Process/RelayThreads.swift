import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The supervisor's output relays that run on threads of their own: each reads the pipe `profile` made for one of the
/// child's output streams with blocking reads, passes the bytes through its redactor and writes them to a target that
/// never blocks (``Relay/targetMayBlock`` is false: a non-blocking descriptor, a regular file).
///
/// Why threads: a line-at-a-time logger writes a line per system call. A `poll` loop pays a `poll` and a `read` per
/// wake-up, and once a pipe has been polled, Linux wakes its readers on every write, not only on the write that finds
/// it empty (fs/pipe.c, `anon_pipe_write`: `was_empty || pipe->poll_usage`); a blocking `read` is one system call and
/// the pipe is never polled (`Benchmarks/README.md`, "a poll loop's floor"). The supervisor's loop keeps everything
/// else: signals, deadlines, the watcher, the pseudo-terminal and the terminal's input, and the relays whose targets
/// may block (a blocked write must be on the thread the ending signals interrupt).
///
/// - **Bounded, never stuck.** A thread reads only while everything it read is written; when its target is full it
///   waits with `poll` for the target, for ``SignalPipe/endingDescriptor`` (readable for good once `profile` is
///   ending) and for the drain pipe (readable once ``finish()`` asks the threads to end).
/// - **Made before the spawn.** A thread the system refuses refuses the launch (``start(_:ending:)``): no output goes
///   unmasked. Each starts with the supervisor's signals blocked (SIGCHLD too), so that their handler runs on the
///   loop's thread only, never beside it.
/// - **The child's end** (``finish()``): each source is made non-blocking, the drain pipe is written, and each thread
///   gets SIGURG, for which a handler that does nothing is installed meanwhile, without `SA_RESTART` (SIGURG is
///   ignored by default, and nobody sends it to `profile`: it has no socket with out-of-band data). A `read` blocked
///   on an empty pipe returns EINTR; one that starts after it finds the pipe non-blocking (Linux fs/pipe.c `pipe_read`
///   and XNU bsd/kern/sys_pipe.c `pipe_read` test `O_NONBLOCK`/`FNONBLOCK` each time round, before they sleep). The
///   previous disposition of SIGURG is put back once the threads are joined, before any other child starts, so a
///   command inherits the one `profile` had (ignored stays ignored). The thread reads what the pipe
///   still holds (what a background process writes after that is not read), writes it, waiting for the target as
///   long as it takes unless `profile` is ending (then only what the target takes now), and ends; the supervisor
///   joins it and closes the source.
/// - **A target that fails** (a full disk, EPIPE when SIGPIPE is ignored): the thread ends at once and tells the loop
///   (``SignalPipe/wake()``), which joins it and closes the source (``collectEnded()``): the command's next write to
///   that stream fails, as in a pipeline whose reader ended, instead of filling the pipe and waiting for ever.
final class RelayThreads {
    /// The drain pipe: written by ``finish()``, watched by the threads, emptied once they are joined.
    private let drain: (read: Int32, write: Int32)
    /// The signals the threads block (the supervisor's).
    private let blocked: [Int32]
    private var running: [Work] = []

    /// Opens the drain pipe; nil when the system refuses one (errno says why).
    init?(blocking blocked: [Int32]) {
        guard let drain = Glue.pipe(nonBlocking: true) else { return nil }
        self.drain = drain
        self.blocked = blocked
    }

    /// Starts a thread for `relay` (whose target must not block: ``Relay/targetMayBlock``), which watches `ending`
    /// (``SignalPipe/endingDescriptor``). 0, or the error number when the system refuses a thread (EAGAIN: too many
    /// threads or not enough memory for its stack).
    func start(_ relay: Relay, ending: Int32) -> Int32 {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocked { sigaddset(&mask, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &mask, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let work = Work(relay: relay, ending: ending, drain: drain.read)
        let argument = Unmanaged.passRetained(work).toOpaque()
        // The start routine's parameter is optional on Linux and not on Darwin (`void *(*)(void *)` imported with and
        // without nullability; swift-nio's NIOPosix/ThreadPosix.swift passes one closure to both the same way), and
        // so is the handle (`pthread_t` is an integer in glibc, a pointer in Darwin and musl).
        #if canImport(Glibc)
        var handle = pthread_t()
        #else
        var handle: pthread_t? = nil
        #endif
        let result = pthread_create(
            &handle, nil,
            { argument in
                Unmanaged<Work>.fromOpaque((argument as UnsafeMutableRawPointer?)!).takeRetainedValue().run()
                return nil
            }, argument)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(argument).release()
            return result
        }
        #if canImport(Glibc)
        work.thread = handle
        #else
        work.thread = handle!
        #endif
        running.append(work)
        return 0
    }

    /// Joins the threads that ended on their own (their source ended, or their target failed: ``SignalPipe/wake()``
    /// said so) and closes their sources.
    func collectEnded() {
        running.removeAll { work in
            guard work.hasEnded.isSet else { return false }
            pthread_join(work.thread!, nil)
            if work.relay.ownsSource { _ = Glue.close(work.relay.source) }
            return true
        }
    }

    /// Ends the threads (the child ended, or never started): each drains its source without blocking, writes what it
    /// read and ends (above); then each is joined and its source closed.
    func finish() {
        guard !running.isEmpty else { return }
        for work in running {
            _ = fcntl(work.relay.source, F_SETFL, fcntl(work.relay.source, F_GETFL) | O_NONBLOCK)
        }
        var byte: UInt8 = 0
        _ = Glue.write(drain.write, &byte, 1)
        let previous = SignalDisposition.set(SIGURG, to: { _ in }, restarting: false)
        for work in running { pthread_kill(work.thread!, SIGURG) }
        for work in running {
            pthread_join(work.thread!, nil)
            if work.relay.ownsSource { _ = Glue.close(work.relay.source) }
        }
        previous.restore(SIGURG)
        running.removeAll()
        while Glue.read(drain.read, &byte, 1) > 0 {}
    }

    /// What one thread does.
    private final class Work {
        let relay: Relay
        let ending: Int32
        let drain: Int32
        /// The thread, once started (the supervisor's thread sets and reads it).
        var thread: pthread_t?
        /// Set by the thread as it ends, before ``SignalPipe/wake()``; read by the loop (for every thread, whichever
        /// woke it).
        let hasEnded = SharedFlag()
        /// `profile` is ending: the ending descriptor was readable.
        var isEnding = false
        /// ``RelayThreads/finish()`` asked: the drain pipe was readable, or a read found the source non-blocking.
        var isDraining = false

        init(relay: Relay, ending: Int32, drain: Int32) {
            self.relay = relay
            self.ending = ending
            self.drain = drain
        }

        func run() {
            loop()
            hasEnded.set()
            SignalPipe.wake()
        }

        private func loop() {
            while !relay.targetFailed {
                if relay.wantsOutput {
                    if !waitForTarget() { return }
                    continue
                }
                if relay.sourceEnded { return }
                if relay.readAvailable() == 0, relay.sourceWasEmpty {
                    // Only ``finish()`` makes the source non-blocking: the pipe is empty, the child gone.
                    isDraining = true
                    relay.end()
                }
            }
        }

        /// Waits until the target takes more (and writes it), or a state changes. False when the thread should end
        /// now: `profile` is ending and the child is gone (what the target took now was written, the rest dropped).
        private func waitForTarget() -> Bool {
            var entries = [pollfd(fd: relay.target, events: Int16(POLLOUT), revents: 0)]
            if !isEnding { entries.append(pollfd(fd: ending, events: Int16(POLLIN), revents: 0)) }
            if !isDraining { entries.append(pollfd(fd: drain, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&entries, nfds_t(entries.count), -1)
            if ready < 0 && errno != EINTR && errno != EAGAIN { return false }
            for entry in entries.dropFirst() where entry.revents != 0 {
                if entry.fd == ending { isEnding = true } else { isDraining = true }
            }
            if entries[0].revents != 0 || (isEnding && isDraining) { relay.writeAvailable() }
            return !(isEnding && isDraining)
        }
    }

    /// A Boolean one thread sets and another reads, under a `pthread_mutex_t` (`Synchronization`'s `Atomic` needs
    /// macOS 15; the package supports 13).
    private final class SharedFlag {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private var value = false

        init() { pthread_mutex_init(mutex, nil) }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        func set() {
            pthread_mutex_lock(mutex)
            value = true
            pthread_mutex_unlock(mutex)
        }

        var isSet: Bool {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return value
        }
    }
}

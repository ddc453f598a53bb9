import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One direction of what the supervisor passes on: the child's output to `profile`'s (through a ``StreamRedactor``),
/// or the terminal's input to the child's pseudo-terminal. A bounded buffer: the source is read only while the buffer
/// is empty (what one read gives, plus what the redactor holds back), and the buffer is written when the target can
/// take it. Nothing here waits: a read or write that would block returns to whoever drives the relay, the
/// supervisor's `poll` loop or one of ``RelayThreads`` (which reads a pipe with blocking reads, and waits for its target
/// with `poll`).
///
/// `profile`'s own output is written through a non-blocking descriptor of its own where the system gives one
/// (``Supervisor``'s `writableCopy(of:)`: a terminal, a pipe on Linux); a regular file never blocks either. Elsewhere
/// (a socket, a pipe on Darwin) writes block, and a reader that stops reading holds them until a signal ends them
/// (``SignalPipe``: the ending signals interrupt them, and a short write returns to the loop): such a relay is driven
/// by the loop, on the thread the signals reach, starts no write while a signal waits to be read
/// (``SignalPipe/hasArrivals``), and once `profile` is ending, writes are small enough never to block.
final class Relay {
    let source: Int32
    let target: Int32
    /// Whether the source is the relay's own (a pipe end to close at the end), not the terminal nor the
    /// pseudo-terminal.
    let ownsSource: Bool
    var redactor: StreamRedactor?
    /// Bytes waiting for the target, from `written` on.
    private var pending: [UInt8] = []
    private var written = 0
    /// The source ended (EOF, or EIO from a pseudo-terminal whose other side is closed) or failed.
    private(set) var sourceEnded = false
    /// The target cannot take more (a full disk, EPIPE when SIGPIPE is ignored, EIO): what is left is dropped and the
    /// source is read no more; whoever drives the relay closes it (the command's next write to it fails, as in a
    /// pipeline whose reader ended), and `profile` says so on its standard error (``fail(_:)``).
    private(set) var targetFailed = false
    /// What the relay passes on, for that message: `standard output`; nil for the terminal's input.
    let stream: String?
    /// `profile` is ending (a signal asked it to): a write never waits any more. Each write to a target that may block
    /// (``targetMayBlock``) is at most `PIPE_BUF`'s POSIX minimum (512 bytes), which a pipe that `poll` says is
    /// writable takes without blocking (XNU reports a pipe writable with at least `PIPE_BUF` free, bsd/kern/sys_pipe.c
    /// line 1288, and `PIPE_BUF` is 512 in bsd/sys/syslimits.h; Linux with a free page), and the final flush writes
    /// only while the target is writable now.
    var ending = false

    /// The last read found the source empty and non-blocking (EAGAIN).
    private(set) var sourceWasEmpty = false
    /// Whether a write to the target may block: it is neither non-blocking (O_NONBLOCK) nor a regular file. Such a
    /// relay yields to signals and, when ending, writes little at a time (above); the others never need to.
    let targetMayBlock: Bool

    /// The size of one read: what `cat` reads at once (coreutils' `io_blksize`, 128 KiB).
    static let readSize = 1 << 17
    /// The buffer reads go into, the relay's own for its lifetime (a relay may run on a thread of its own): a buffer
    /// rather than an array, so that no read pays for the array's exclusivity checks and reference counting.
    private let scratch: UnsafeMutableRawBufferPointer

    /// The `count` bytes the last read gave (what ``readAvailable()`` returned), until the next read.
    func lastRead(_ count: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: scratch[..<count]) }

    /// A relay; nil when the system has no memory for its buffer (`malloc` refused: the launch is refused, where
    /// `allocate` would trap).
    init?(source: Int32, target: Int32, ownsSource: Bool, redactor: StreamRedactor?, stream: String?) {
        guard let buffer = malloc(Self.readSize) else { return nil }
        scratch = UnsafeMutableRawBufferPointer(start: buffer, count: Self.readSize)
        self.source = source
        self.target = target
        self.ownsSource = ownsSource
        self.redactor = redactor
        self.stream = stream
        targetMayBlock = Self.mayBlock(target)
    }

    deinit { free(scratch.baseAddress) }

    /// Whether a write to `descriptor` may wait: not when it is non-blocking, nor a regular file (POSIX: O_NONBLOCK
    /// has no effect on regular files, whose writes do not wait for a reader).
    static func mayBlock(_ descriptor: Int32) -> Bool {
        if fcntl(descriptor, F_GETFL) & O_NONBLOCK != 0 { return false }
        var info = stat()
        return !(fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    /// Whether the loop should wait for the source to be readable.
    var wantsInput: Bool { !sourceEnded && written == pending.count }
    /// Whether the loop should wait for the target to be writable.
    var wantsOutput: Bool { written < pending.count && !targetFailed }
    /// Whether everything read was written (or cannot be) and the source ended.
    var isDone: Bool { sourceEnded && (written == pending.count || targetFailed) }

    /// Reads what the source holds now (one read; nothing when it would block), passes it through the redactor into
    /// the buffer and tries to write it. Returns how many bytes were read (0: none; ``lastRead(_:)`` shows them, for
    /// the caller's look at typed input).
    @discardableResult
    func readAvailable() -> Int {
        guard wantsInput else { return 0 }
        let count = Glue.read(source, scratch.baseAddress!, Self.readSize)
        sourceWasEmpty = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        if count < 0 {
            if errno == EINTR || sourceWasEmpty { return 0 }
            end()
            return 0
        }
        if count == 0 {
            end()
            return 0
        }
        let chunk = lastRead(count)
        if redactor != nil {
            redactor!.process(chunk) { send($0) }
        } else {
            send(chunk)
        }
        return count
    }

    /// Reads (``readAvailable()``), and reads on without going back to `poll` while the source gives more and
    /// everything read so far was written (at most ``readsInARow`` reads; no more once a signal waits to be read): a
    /// source written line by line has usually been written to again by the time a chunk is passed on, and a `poll`
    /// per read was a third of the system calls of a line-at-a-time logger's relay. (Gathering those reads into one
    /// write was tried: with no write between them, each read found a line or two, and a pass made twice the system
    /// calls.)
    func readOn() {
        var reads = 0
        while reads < Self.readsInARow && wantsInput && !(reads > 0 && SignalPipe.hasArrivals) {
            if readAvailable() == 0 { return }
            reads += 1
        }
    }

    /// The most reads of one source between two `poll`s.
    static let readsInARow = 8

    /// Writes `piece` now, as much as the target takes, when nothing waits before it; keeps the rest.
    private func send(_ piece: UnsafeRawBufferPointer) {
        var offset = 0
        if written == pending.count, !targetFailed, !(ending && targetMayBlock), let base = piece.baseAddress {
            if written > 0 {
                pending.removeAll(keepingCapacity: true)
                written = 0
            }
            while offset < piece.count && !(targetMayBlock && SignalPipe.hasArrivals) {
                let requested = piece.count - offset
                let count = Glue.write(target, base + offset, requested)
                if count < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
                    fail(errno)
                    return
                }
                offset += count
                // A short write: the target is full (non-blocking) or a signal interrupted it: back to the loop.
                if count < requested { break }
            }
        }
        if offset < piece.count { pending.append(contentsOf: piece[offset...]) }
    }

    /// Writes what the buffer holds, as much as the target takes now (nothing while a signal waits to be read, unless
    /// `evenWithASignal`).
    func writeAvailable(evenWithASignal: Bool = false) {
        while written < pending.count && !targetFailed {
            if targetMayBlock && SignalPipe.hasArrivals && !ending && !evenWithASignal { return }  // the signal first
            let size = ending && targetMayBlock ? min(512, pending.count - written) : pending.count - written
            let count = pending.withUnsafeBytes { Glue.write(target, $0.baseAddress! + written, size) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
                fail(errno)
                return
            }
            written += count
            if (ending && targetMayBlock) || count < size { return }  // one write per `poll` when ending; a short one
        }
    }

    /// The target failed with `code`: see ``targetFailed``. The message goes straight to descriptor 2 (this may run on a
    /// relay's thread), once per relay.
    private func fail(_ code: Int32) {
        targetFailed = true
        pending = []
        written = 0
        guard let stream else { return }
        let message = Array(
            ("profile: error: cannot write the command's \(stream): \(FileSystem.errorString(code)) (the command's next "
                + "writes to it fail)\n").utf8)
        message.withUnsafeBytes { _ = Glue.write(2, $0.baseAddress!, $0.count) }
    }

    /// The source ended (or is given up): what the redactor holds back joins the buffer (masked if it completes a
    /// secret; otherwise the bytes it kept are not a secret's whole value).
    func end() {
        sourceEnded = true
        guard redactor != nil else { return }
        var held: [UInt8] = []
        redactor!.finish(into: &held)
        redactor = nil
        pending.append(contentsOf: held)
        if !(ending && targetMayBlock) { writeAvailable() }
    }

    /// Ends the relay now (the child is gone): what the source still holds and the buffer are written, waiting for
    /// the target as long as it takes, unless `profile` is ending (then only what the target takes now); the source
    /// is closed when it is the relay's.
    func flushAndClose() {
        while writeAll(), !sourceEnded {
            if readAvailable() == 0 && !sourceEnded { break }  // nothing more now (a background process holds it)
        }
        if !sourceEnded { end() }
        _ = writeAll()
        if ownsSource { _ = Glue.close(source) }
    }

    /// Writes the whole buffer, waiting with `poll` for the target to take it; once `profile` is ending (an ending
    /// signal arrived meanwhile too), only what the target takes now. True when everything was written.
    private func writeAll() -> Bool {
        while wantsOutput {
            if SignalPipe.hasEndingArrival { ending = true }
            var target = pollfd(fd: self.target, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&target, 1, ending ? 0 : -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let before = written
            writeAvailable(evenWithASignal: true)
            if written == before && ending { return false }
        }
        return !targetFailed
    }
}

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
/// take it, as the supervisor's `poll` says. Nothing here waits: a read or write that would block returns to the loop.
///
/// `profile`'s own output is written through a non-blocking descriptor of its own where the system gives one
/// (``Supervisor``'s `writableCopy(of:)`: a terminal, a pipe on Linux); elsewhere with blocking writes, which a reader
/// that stops reading holds until a signal ends them (``SignalPipe``: the ending signals interrupt them, and a short
/// write returns to the loop). No write starts while a signal waits to
/// be read (``SignalPipe/hasArrivals``), and once `profile` is ending, writes are small enough never to block.
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
    /// The target cannot take more (EPIPE and the like): what is left is dropped.
    private(set) var targetFailed = false
    /// `profile` is ending (a signal asked it to): a write never waits any more. Each write is at most `PIPE_BUF`'s
    /// POSIX minimum (512 bytes), which a pipe that `poll` says is writable takes without blocking (XNU reports a pipe
    /// writable with at least `PIPE_BUF` free, bsd/kern/sys_pipe.c line 1288, and `PIPE_BUF` is 512 in
    /// bsd/sys/syslimits.h; Linux with a free page), and the final flush writes only while the target is writable now.
    var ending = false

    /// The size of one read: what `cat` reads at once (coreutils' `io_blksize`, 128 KiB).
    static let readSize = 1 << 17
    /// The one buffer reads go into (the loop serves one relay at a time).
    nonisolated(unsafe) private static var scratch = [UInt8](repeating: 0, count: readSize)

    /// Linux: a pipe of the relay's own that the source pipe's bytes are copied into (`tee`) to be read and checked,
    /// while the source keeps them until the checked bytes are moved to the target (`splice`): one copy of the output
    /// instead of two (``readThroughScanPipe()``). Nil: every byte is read and written (Darwin, the pseudo-terminal,
    /// no pipe was given, or the target refused a splice).
    private var scan: (read: Int32, write: Int32)?
    /// While reading through the scan pipe: how many bytes of the chunk read last have left the source (moved to the
    /// target, or read and dropped because they were written from the checked copy or masked).
    private var consumed = 0
    /// The source did not give bytes it held while the chunk was passed on (``drop(_:)``).
    private var sourceFailed = false
    /// Whether the last chunk was large (at least ``bulkSize``): only then is the next read through the scan pipe,
    /// whose extra system call costs more than copying a few lines saves.
    private var bulk = true
    /// 16 KiB: a quarter of the system's default pipe.
    static let bulkSize = 1 << 14

    init(
        source: Int32, target: Int32, ownsSource: Bool, redactor: StreamRedactor?,
        scan: (read: Int32, write: Int32)? = nil
    ) {
        self.source = source
        self.target = target
        self.ownsSource = ownsSource
        self.redactor = redactor
        self.scan = scan
    }

    deinit { dropScanPipe() }

    /// Closes the scan pipe: from now on the source is read and written.
    private func dropScanPipe() {
        guard let scan else { return }
        _ = Glue.close(scan.read)
        _ = Glue.close(scan.write)
        self.scan = nil
    }

    /// Whether the loop should wait for the source to be readable.
    var wantsInput: Bool { !sourceEnded && written == pending.count }
    /// Whether the loop should wait for the target to be writable.
    var wantsOutput: Bool { written < pending.count && !targetFailed }
    /// Whether everything read was written (or cannot be) and the source ended.
    var isDone: Bool { sourceEnded && (written == pending.count || targetFailed) }

    /// Reads what the source holds now (one read; nothing when it would block), passes it through the redactor into
    /// the buffer and tries to write it. Returns the bytes read (for the caller's look at typed input), empty when none.
    @discardableResult
    func readAvailable() -> ArraySlice<UInt8> {
        guard wantsInput else { return [] }
        #if os(Linux)
        if scan != nil && redactor != nil && !ending && bulk { return readThroughScanPipe() }
        #endif
        let count = Self.scratch.withUnsafeMutableBytes { Glue.read(source, $0.baseAddress!, Self.readSize) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return [] }
            end()
            return []
        }
        if count == 0 {
            end()
            return []
        }
        bulk = count >= Self.bulkSize
        Self.scratch.withUnsafeBytes { bytes in
            let chunk = UnsafeRawBufferPointer(rebasing: bytes[..<count])
            if redactor != nil {
                redactor!.process(chunk) { send($0) }
            } else {
                send(chunk)
            }
        }
        return Self.scratch[..<count]
    }

    #if os(Linux)
    /// ``readAvailable()`` through the scan pipe: the bytes the source holds now are copied into the scan pipe (the
    /// source keeps them), read from there and passed through the redactor; each piece of its output that is a run
    /// of the chunk's own bytes is moved from the source to the target (what comes before it in the source was masked
    /// or written already, and is read and dropped first); anything else (a mask, bytes held back from an earlier
    /// chunk, or the rest of a piece the target did not take whole) is written as on the copying path; the chunk's
    /// bytes not moved (held back, masked, or written from the copy) are read and dropped at the end. So the source's
    /// front is always the first byte not yet checked, and only checked bytes leave it for the target, in the
    /// redactor's order. When the source is not a pipe (EINVAL), the copying path takes over.
    ///
    /// The copy and the bytes moved are the same pages, and the bytes cannot change in between when the child wrote
    /// them with `write` (the kernel copied them into the pipe). A child that hands the pipe its own memory with
    /// `vmsplice(2)` and changes that memory before `profile` has passed it on changes what is moved after its check,
    /// which it cannot do on the copying path.
    private func readThroughScanPipe() -> ArraySlice<UInt8> {
        guard let scan else { return [] }
        let count = PipeSplice.tee(from: source, to: scan.write, count: Self.readSize)
        if count < 0 {
            if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { return [] }
            dropScanPipe()
            return readAvailable()
        }
        if count == 0 {
            end()
            return []
        }
        // The copy holds exactly `count` bytes (the scan pipe is empty between chunks): read them all.
        var copied = 0
        while copied < count {
            let got = Self.scratch.withUnsafeMutableBytes {
                Glue.read(scan.read, $0.baseAddress! + copied, count - copied)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                // Never seen; the copying path reads the same bytes from the source.
                dropScanPipe()
                return readAvailable()
            }
            copied += got
        }
        bulk = count >= Self.bulkSize
        consumed = 0
        sourceFailed = false
        Self.scratch.withUnsafeBytes { bytes in
            let chunk = UnsafeRawBufferPointer(rebasing: bytes[..<count])
            redactor!.process(chunk) { send($0, from: chunk) }
        }
        if !sourceFailed { _ = drop(count - consumed) }
        if sourceFailed { end() }
        return Self.scratch[..<count]
    }

    /// Sends `piece` of the redactor's output: moved from the source when it is a run of `chunk` (the bytes read
    /// through the scan pipe) and nothing waits before it, else written (``send(_:)``).
    private func send(_ piece: UnsafeRawBufferPointer, from chunk: UnsafeRawBufferPointer) {
        guard let base = piece.baseAddress, let chunkBase = chunk.baseAddress, base >= chunkBase,
            base + piece.count <= chunkBase + chunk.count, scan != nil,
            written == pending.count, !targetFailed, !ending, !SignalPipe.hasArrivals
        else { return send(piece) }
        let start = base - chunkBase
        guard drop(start - consumed) else { return send(piece) }
        var moved = 0
        while moved < piece.count && !SignalPipe.hasArrivals {
            let count = PipeSplice.splice(from: source, to: target, count: piece.count - moved)
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
                if errno == EINVAL {
                    // The target takes no splice (a file opened with O_APPEND, a file system without it): write
                    // from now on.
                    dropScanPipe()
                    break
                }
                targetFailed = true
                return
            }
            guard count > 0 else { break }
            moved += count
            consumed += count
        }
        if moved < piece.count { send(UnsafeRawBufferPointer(rebasing: piece[moved...])) }
    }

    /// Reads and drops the next `count` bytes of the source (the scan pipe's copy of them was checked and they were
    /// written or masked). False when the source failed to give bytes it holds (never seen): nothing more is moved
    /// from it (the scan pipe is closed, the rest of the chunk is written from the copy) and the chunk's end ends the
    /// relay, as a failed read does.
    private func drop(_ count: Int) -> Bool {
        guard !sourceFailed else { return false }
        var left = count
        while left > 0 {
            let got = Self.dropped.withUnsafeMutableBytes { Glue.read(source, $0.baseAddress!, min(left, $0.count)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                sourceFailed = true
                dropScanPipe()
                return false
            }
            left -= got
            consumed += got
        }
        return true
    }

    /// Where ``drop(_:)`` reads to.
    nonisolated(unsafe) private static var dropped = [UInt8](repeating: 0, count: 1 << 16)
    #endif

    /// Reads (``readAvailable()``), and reads on without going back to `poll` while the source gives more and
    /// everything read so far was written (at most ``readsInARow`` reads; no more once a signal waits to be read): a
    /// source written line by line has usually been written to again by the time a chunk is passed on, and a `poll`
    /// per read was a third of the system calls of a line-at-a-time logger's relay. (No slice of the read buffer
    /// outlives a read here: the next read then writes into the same buffer instead of a copy of it.)
    func readOn() {
        var reads = 0
        while reads < Self.readsInARow && wantsInput && !(reads > 0 && SignalPipe.hasArrivals) {
            if readAvailable().isEmpty { return }
            reads += 1
        }
    }

    /// The most reads of one source between two `poll`s.
    static let readsInARow = 8

    /// Writes `piece` now, as much as the target takes, when nothing waits before it; keeps the rest.
    private func send(_ piece: UnsafeRawBufferPointer) {
        var offset = 0
        if written == pending.count, !targetFailed, !ending, let base = piece.baseAddress {
            pending.removeAll(keepingCapacity: true)
            written = 0
            while offset < piece.count && !SignalPipe.hasArrivals {
                let requested = piece.count - offset
                let count = Glue.write(target, base + offset, requested)
                if count < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
                    targetFailed = true
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
            if SignalPipe.hasArrivals && !ending && !evenWithASignal { return }  // the loop reads the signal first
            let size = ending ? min(512, pending.count - written) : pending.count - written
            let count = pending.withUnsafeBytes { Glue.write(target, $0.baseAddress! + written, size) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
                targetFailed = true
                return
            }
            written += count
            if ending || count < size { return }  // one write per `poll` when ending; a short write: back to it
        }
    }

    /// The source ended: what the redactor holds back joins the buffer (masked if it completes a secret; otherwise
    /// the bytes it kept are not a secret's whole value).
    private func end() {
        sourceEnded = true
        guard redactor != nil else { return }
        var held: [UInt8] = []
        redactor!.finish(into: &held)
        redactor = nil
        pending.append(contentsOf: held)
        if !ending { writeAvailable() }
    }

    /// Ends the relay now (the child is gone): what the source still holds and the buffer are written, waiting for
    /// the target as long as it takes, unless `profile` is ending (then only what the target takes now); the source
    /// is closed when it is the relay's.
    func flushAndClose() {
        while writeAll(), !sourceEnded {
            if readAvailable().isEmpty && !sourceEnded { break }  // nothing more now (a background process holds it)
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

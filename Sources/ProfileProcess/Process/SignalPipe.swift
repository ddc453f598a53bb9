import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals as bytes on a pipe (the self-pipe of POSIX event loops): a handler writes each signal's number to a
/// non-blocking pipe, whose other end the supervisor's `poll` loop reads. POSIX on both systems, no descriptor opened
/// after ``init()`` (Dispatch's signal sources open one `signalfd` per signal on Linux, lazily, and trap when the system
/// refuses it one), nothing blocked: the command starts with the mask `profile` had.
///
/// A signal `profile` inherited ignored stays ignored (no handler: the command inherits it ignored, as through `exec`);
/// ``catches(_:)`` says which ones are caught. The ending signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT) are installed
/// without `SA_RESTART`, so that a write to `profile`'s own output blocked by a reader that stopped reading returns
/// (EINTR) and the loop sees them; the others restart.
package final class SignalPipe {
    /// The end the loop reads (non-blocking, close-on-exec).
    package let descriptor: Int32
    /// A descriptor that becomes readable, for good, when one of the signals that end a run (SIGINT, SIGTERM,
    /// SIGHUP) arrives: ``hasEndingArrival`` for `poll` (a thread of ``RelayThreads`` waiting for its target watches it). Nobody
    /// reads it.
    let endingDescriptor: Int32
    private var caught = Set<Int32>()

    /// The signals whose arrival ends a supervised run (they interrupt blocked writes).
    package static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Opens the pipe, nil when the system refuses one (errno says why). Handlers are installed by ``catch(_:)``.
    package init?() {
        guard let signals = Glue.pipe(nonBlocking: true) else { return nil }
        guard let ending = Glue.pipe(nonBlocking: true) else {
            let code = errno
            _ = Glue.close(signals.read)
            _ = Glue.close(signals.write)
            errno = code
            return nil
        }
        descriptor = signals.read
        signalPipeWriteEnd = signals.write
        endingDescriptor = ending.read
        endingPipeWriteEnd = ending.write
    }

    /// Gives each of `signals` the handler that writes it to the pipe, unless it is ignored now (it stays ignored).
    package func `catch`(_ signals: [Int32]) {
        for signal in signals {
            let ignored = SignalDisposition.of(signal)?.isIgnored ?? false
            // SIGCHLD is needed even when ignored: an ignored SIGCHLD also makes the kernel reap the children.
            if ignored && signal != SIGCHLD { continue }
            SignalDisposition.set(signal, to: writeSignal, restarting: !Self.ending.contains(signal))
            caught.insert(signal)
        }
    }

    /// Whether `signal` has the pipe's handler (it was not ignored).
    package func catches(_ signal: Int32) -> Bool { caught.contains(signal) }

    /// Whether a signal arrived that ``take()`` has not read yet (set by the handler): a relay starts no blocking
    /// write then, so that the loop reads it first.
    static var hasArrivals: Bool { signalArrivals != 0 }

    /// Whether one of the signals that end a run (SIGINT, SIGTERM, SIGHUP) arrived (set by the handler, never cleared).
    static var hasEndingArrival: Bool { endingArrival != 0 }

    /// What ``wake()`` writes in the pipe, among the signals' numbers: no signal has the number 0.
    package static let wakeUp: Int32 = 0

    /// Wakes the loop from another thread: ``wakeUp`` comes out of ``take()`` (a full pipe drops it, but then the loop
    /// has unread bytes and will look).
    static func wake() {
        var byte: UInt8 = 0
        _ = Glue.write(signalPipeWriteEnd, &byte, 1)
    }

    /// The signals that arrived since the last call, in order (a signal sent twice before it is read may be once), and
    /// ``wakeUp`` for each ``wake()``.
    package func take() -> [Int32] {
        signalArrivals = 0
        var signals: [Int32] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress!, 64) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return signals }
            signals += bytes[..<count].map { Int32($0) }
        }
    }
}

/// The pipe's write end, for the handler (set before any handler is installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
/// The write end of ``SignalPipe/endingDescriptor``'s pipe, for the handler.
nonisolated(unsafe) private var endingPipeWriteEnd: Int32 = -1
/// Set by the handler, cleared by ``SignalPipe/take()``: a signal waits in the pipe.
nonisolated(unsafe) private var signalArrivals: Int32 = 0
/// Set by the handler for SIGINT, SIGTERM and SIGHUP.
nonisolated(unsafe) private var endingArrival: Int32 = 0

/// The handler: writes the signal's number, keeping errno (async-signal-safe: `write` only). A full pipe drops the
/// byte; the loop then has unread bytes already and will look.
private func writeSignal(_ signal: Int32) {
    let saved = errno
    signalArrivals = 1
    var byte = UInt8(truncatingIfNeeded: signal)
    if signal == SIGINT || signal == SIGTERM || signal == SIGHUP {
        endingArrival = 1
        _ = Glue.write(endingPipeWriteEnd, &byte, 1)
    }
    _ = Glue.write(signalPipeWriteEnd, &byte, 1)
    errno = saved
}

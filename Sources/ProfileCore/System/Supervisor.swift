import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `profile` staying the parent of the command it launches (`run --redact`, `run --watch`): the child's standard
/// output and error pass through a ``StreamRedactor`` (a pseudo-terminal when `profile`'s own output is a terminal),
/// signals sent to `profile` reach the child, and the child can be stopped (SIGTERM, then SIGKILL after a grace
/// period) and started again. Everything runs on the main queue (Dispatch sources: signals, the child's output, the
/// terminal's input), so nothing waits by polling.
///
/// Signals: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH and SIGCHLD get a handler that does nothing
/// and, on Linux, are blocked in this thread before Dispatch starts a thread (which inherit the mask), so that only
/// Dispatch's sources see them; the children start with the mask and the default actions this process had
/// (`POSIX_SPAWN_SETSIGMASK`, `POSIX_SPAWN_SETSIGDEF`). A SIGINT or SIGQUIT from the terminal reaches the child from
/// the terminal itself, as with exec (in pipe mode the child stays in `profile`'s process group; in terminal mode
/// `profile`'s terminal is raw and the child's pseudo-terminal makes the signal); one sent by another process is
/// forwarded.
@MainActor
package final class Supervisor {
    /// The redactor each of the child's output streams goes through; nil: the child writes where `profile` writes.
    /// A change applies from the next child started.
    package var redactor: StreamRedactor?
    /// What to do when the child has ended and its output is written.
    package var onExit: (ChildProcess.Termination) -> Void = { _ in }
    /// What to do after a signal sent to `profile` was passed on (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
    package var onSignal: (Int32) -> Void = { _ in }

    private var child: pid_t = 0
    private var relays: [Relay] = []
    private var rawTerminal: RawTerminal?
    private var pseudoTerminal: PseudoTerminal?
    private var input: DispatchSourceRead?
    private var sources: [DispatchSourceSignal] = []
    private var killTimer: DispatchSourceTimer?
    private var watchSources: [DispatchSourceRead] = []
    private var previousMask = sigset_t()

    private static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH, SIGCHLD]
    /// The signals passed on to the child.
    private static let forwarded: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    /// One of the child's output streams: read from `source`'s descriptor, redacted, written to `target`.
    private final class Relay {
        let descriptor: Int32
        let target: Int32
        var redactor: StreamRedactor
        var source: DispatchSourceRead?
        var ended = false

        init(descriptor: Int32, target: Int32, redactor: StreamRedactor) {
            self.descriptor = descriptor
            self.target = target
            self.redactor = redactor
        }
    }

    /// A supervisor whose children's output goes through `redactor` (nil: untouched). Takes over the signals.
    package init(redactor: StreamRedactor?) {
        self.redactor = redactor
        var held = sigset_t()
        sigemptyset(&held)
        for signal in Self.handled {
            var action = sigaction()
            // <sys/signal.h> on Darwin names the handler `__sigaction_u.__sa_handler`; glibc's <bits/sigaction.h>
            // `__sigaction_handler.sa_handler` (as ChildProcess).
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in }
            #else
            action.__sigaction_handler.sa_handler = { _ in }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
            sigaddset(&held, signal)
        }
        #if os(Linux)
        pthread_sigmask(SIG_BLOCK, &held, &previousMask)
        #else
        pthread_sigmask(SIG_BLOCK, nil, &previousMask)
        #endif
        for signal in Self.handled {
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { self.received(signal) } }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a child is running.
    package var isRunning: Bool { child != 0 }

    /// Starts `path` with `arguments` as its argv and exactly `environment`; its output goes through the redactor
    /// (a pseudo-terminal for standard output when `profile`'s is a terminal). Fails, launching nothing, when the
    /// file cannot be executed.
    package func start(_ path: String, arguments: [String], environment: EnvironmentTable) -> Launcher.Failure? {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Self.handled { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &previousMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)

        var parentEnds: [(descriptor: Int32, target: Int32)] = []
        var childEnds: [Int32] = []
        if redactor != nil {
            let outputIsTerminal = isatty(1) == 1
            if outputIsTerminal, pseudoTerminal == nil {
                pseudoTerminal = PseudoTerminal()
            }
            if outputIsTerminal, let terminal = pseudoTerminal {
                // A new session whose first terminal opened becomes its controlling terminal.
                flags |= Self.setsid
                terminal.copyWindowSize(from: 1)
                posix_spawn_file_actions_addopen(&actions, 1, terminal.secondaryPath, O_RDWR, 0)
                if isatty(0) == 1 { posix_spawn_file_actions_adddup2(&actions, 1, 0) }
                parentEnds.append((terminal.primary, 1))
                if isatty(2) == 1 {
                    posix_spawn_file_actions_adddup2(&actions, 1, 2)
                } else if let pipe = Self.newPipe() {
                    posix_spawn_file_actions_adddup2(&actions, pipe.write, 2)
                    parentEnds.append((pipe.read, 2))
                    childEnds.append(pipe.write)
                }
            } else {
                for target: Int32 in [1, 2] {
                    guard let pipe = Self.newPipe() else { continue }
                    posix_spawn_file_actions_adddup2(&actions, pipe.write, target)
                    parentEnds.append((pipe.read, target))
                    childEnds.append(pipe.write)
                }
            }
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        // With a pseudo-terminal, the child is this executable again (`terminalExec`): it makes the pseudo-terminal
        // its controlling terminal, then executes the command. One path on both systems; Darwin needs it.
        var spawned = (path: path, arguments: arguments)
        if flags & Self.setsid != 0, let own = Launcher.ownExecutable() {
            spawned = (own, [own, Self.terminalExec, path] + arguments)
        }
        let argv = CStringArray(spawned.arguments)
        let envp = CStringArray(environment: environment)
        var pid = pid_t()
        var code = posix_spawn(&pid, spawned.path, &actions, &attributes, argv.pointer, envp.pointer)
        if code == ENOEXEC {
            let shell = CStringArray(["/bin/sh", path] + arguments.dropFirst())
            code = posix_spawn(&pid, "/bin/sh", &actions, &attributes, shell.pointer, envp.pointer)
            if code != 0 { code = ENOEXEC }
        }
        for descriptor in childEnds { _ = Glue.close(descriptor) }
        guard code == 0 else {
            for end in parentEnds where end.descriptor != pseudoTerminal?.primary { _ = Glue.close(end.descriptor) }
            return Launcher.Failure(command: arguments.first ?? path, code: code)
        }
        child = pid
        for end in parentEnds { relay(end.descriptor, to: end.target) }
        if pseudoTerminal != nil, input == nil, isatty(0) == 1 { passInput() }
        return nil
    }

    /// Stops the child: `signal` now (SIGTERM; nil: it was sent already), SIGKILL when it is still running after
    /// `grace`.
    package func stop(grace: Duration, sending signal: Int32? = SIGTERM) {
        guard child != 0 else { return }
        if let signal { kill(child, signal) }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        let (seconds, attoseconds) = grace.components
        timer.schedule(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        let pid = child
        timer.setEventHandler {
            MainActor.assumeIsolated {
                if self.child == pid { kill(pid, SIGKILL) }
            }
        }
        timer.resume()
        killTimer?.cancel()
        killTimer = timer
    }

    /// Calls `onChange` with the files that changed each time `watcher` sees a change, once the changes have settled
    /// for 50 ms (an editor's save can be several events: truncate, write, rename, attributes).
    package func watch(_ watcher: FileWatcher, onChange: @escaping @MainActor ([String]) -> Void) {
        let source = DispatchSource.makeReadSource(fileDescriptor: watcher.descriptor, queue: .main)
        var pending: DispatchWorkItem?
        source.setEventHandler {
            MainActor.assumeIsolated {
                watcher.drain()
                pending?.cancel()
                let work = DispatchWorkItem {
                    MainActor.assumeIsolated {
                        let changed = watcher.changes()
                        if !changed.isEmpty { onChange(changed) }
                    }
                }
                pending = work
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50), execute: work)
            }
        }
        watchSources.append(source)
        source.resume()
    }

    /// Serves the main queue for ever: the handlers end the process.
    package func serve() -> Never {
        dispatchMain()
    }

    /// Gives the terminal back, then ends this process with `termination`: the same exit status, or death by the same
    /// signal (re-raised on itself), as the child.
    package func end(_ termination: ChildProcess.Termination) -> Never {
        restoreTerminal()
        switch termination {
        case .exited(let status): exit(status)
        case .signaled(let signal): ChildProcess.die(of: signal)
        }
    }

    /// Restores the terminal's attributes (raw mode ends).
    package func restoreTerminal() {
        rawTerminal?.restore()
        rawTerminal = nil
    }

    // MARK: - Events

    private func received(_ signal: Int32) {
        switch signal {
        case SIGCHLD:
            reap()
        case SIGWINCH:
            pseudoTerminal?.copyWindowSize(from: 1)
        default:
            guard child != 0 else {
                onSignal(signal)
                return
            }
            // The terminal's own SIGINT and SIGQUIT reached the child in its process group (pipe mode); in terminal
            // mode the child is in its own session and gets every signal from here.
            let fromTerminal = (signal == SIGINT || signal == SIGQUIT) && pseudoTerminal == nil
            if !fromTerminal || !Self.isTerminalForeground() { kill(child, signal) }
            onSignal(signal)
        }
    }

    private func reap() {
        guard child != 0 else { return }
        var status: Int32 = 0
        let reaped = waitpid(child, &status, WNOHANG)
        guard reaped == child else { return }
        child = 0
        killTimer?.cancel()
        killTimer = nil
        // What the child wrote before it ended is still in the pipes (or the pseudo-terminal): write it all.
        for relay in relays {
            drain(relay)
            finish(relay)
        }
        relays = []
        let signal = status & 0x7F
        onExit(signal != 0 && signal != 0x7F ? .signaled(signal) : .exited((status >> 8) & 0xFF))
    }

    /// Reads the child's stream on `descriptor` as it comes and writes it, redacted, to `target`.
    private func relay(_ descriptor: Int32, to target: Int32) {
        guard let redactor else { return }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        #if os(Linux)
        // A larger pipe: fewer wake-ups for a child that writes a lot (F_SETPIPE_SZ, <fcntl.h> on Linux).
        _ = fcntl(descriptor, 1031, 1 << 20)
        _ = fcntl(target, 1031, 1 << 20)  // our own output, when it is a pipe (fails harmlessly otherwise)
        #endif
        let relay = Relay(descriptor: descriptor, target: target, redactor: redactor)
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { self.drain(relay) } }
        relay.source = source
        relays.append(relay)
        source.resume()
    }

    private static let bufferSize = 1 << 20
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    /// Reads what `relay`'s descriptor holds now and writes it redacted.
    private func drain(_ relay: Relay) {
        guard !relay.ended else { return }
        while true {
            let count = buffer.withUnsafeMutableBytes { Glue.read(relay.descriptor, $0.baseAddress!, Self.bufferSize) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                // EOF, or EIO from a pseudo-terminal whose child side is closed.
                if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { finish(relay) }
                return
            }
            let target = relay.target
            buffer.withUnsafeBytes {
                relay.redactor.process(UnsafeRawBufferPointer(rebasing: $0[..<count])) { Self.writeAll(target, $0) }
            }
            if count < Self.bufferSize { return }
        }
    }

    private func finish(_ relay: Relay) {
        guard !relay.ended else { return }
        relay.ended = true
        let target = relay.target
        relay.redactor.finish { Self.writeAll(target, $0) }
        relay.source?.cancel()
        relay.source = nil
        if relay.descriptor != pseudoTerminal?.primary { _ = Glue.close(relay.descriptor) }
    }

    /// The terminal's input, in raw mode, to the pseudo-terminal.
    private func passInput() {
        guard let terminal = pseudoTerminal else { return }
        rawTerminal = RawTerminal(0)
        let primary = terminal.primary
        let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated {
                var bytes = [UInt8](repeating: 0, count: 4096)
                let count = bytes.withUnsafeMutableBytes { Glue.read(0, $0.baseAddress!, 4096) }
                if count > 0 {
                    Self.writeAll(primary, Array(bytes[..<count]))
                } else if count == 0 {
                    self.input?.cancel()
                }
            }
        }
        input = source
        source.resume()
    }

    // MARK: - The child's controlling terminal

    /// The first argument that makes `profile` the child of ``start(_:arguments:environment:)`` in terminal mode:
    /// `profile __terminal-exec PATH ARGV0 ARGS…` (``terminalExec(_:)``). Not a command: `main` answers it before
    /// reading the command line.
    package nonisolated static let terminalExec = "__terminal-exec"

    /// The child's side of terminal mode, in the child (a session leader whose standard output is the
    /// pseudo-terminal): takes the pseudo-terminal as its controlling terminal, then executes `PATH` with the argv
    /// that follows and this process's environment (the profile's, given to the spawn). Returns only on failure,
    /// with why.
    package nonisolated static func terminalExec(_ arguments: ArraySlice<String>) -> Launcher.Failure {
        guard let path = arguments.first, arguments.count > 1 else {
            return Launcher.Failure(command: Self.terminalExec, code: EINVAL)
        }
        _ = PseudoTerminal.becomeControllingTerminal(1)
        return Launcher.exec(path: path, arguments: Array(arguments.dropFirst()), environment: .current())
    }

    // MARK: - Helpers

    /// `POSIX_SPAWN_SETSID`: 0x80 in glibc's <spawn.h> (2.26 and later, under `__USE_GNU`, which the Glibc module
    /// does not define), 0x0400 in Darwin's <spawn.h>.
    #if canImport(Darwin)
    private static let setsid = Int32(POSIX_SPAWN_SETSID)
    #else
    private static let setsid: Int32 = 0x80
    #endif

    /// A pipe whose ends are closed on exec (the child's end is duplicated onto its descriptor, which keeps it).
    private static func newPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard makePipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    /// Writes all of `bytes` to `descriptor`, retrying after signals and partial writes (waiting while a non-blocking
    /// descriptor is full); gives up when it is closed.
    nonisolated static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Writes all of `buffer` to `descriptor` (the same, without a copy).
    nonisolated static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = Glue.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&entry, 1, -1)
                    continue
                }
                return
            }
            offset += written
        }
    }

    /// Whether this process is in the foreground process group of its controlling terminal (as ``ChildProcess``).
    nonisolated private static func isTerminalForeground() -> Bool {
        let fd = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { _ = Glue.close(fd) }
        return tcgetpgrp(fd) == getpgrp()
    }
}

/// libc's `pipe`.
private func makePipe(_ ends: inout [Int32]) -> Int32 {
    ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
}

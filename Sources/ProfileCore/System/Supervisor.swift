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
/// period) and started again.
///
/// One task serves it (``serve(_:)``), taking one event at a time from an `AsyncStream` that Dispatch sources on a
/// private queue feed: signals, the child's output, the terminal's input, the file watcher, timers. Nothing waits by
/// polling, and the supervisor's state is only touched by that task: the sources' handlers post an event and, for a
/// descriptor, suspend their source until the task has read it (so a level-triggered source does not post again
/// meanwhile), which the task resumes. A source is released only after its cancel handler has run (it cannot be
/// suspended then). The main thread waits; `dispatchMain()` is not used (its `pthread_exit` costs 50 ms in the static
/// Linux executable, and the thread then waits in `sigsuspend` with every signal unblocked).
///
/// Signals: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH and SIGCHLD get a handler that does nothing
/// and, on Linux, are blocked in the main thread (Dispatch's own threads block every signal: `_dispatch_sigmask` in
/// swift-corelibs-libdispatch), so that only Dispatch's sources (`signalfd`) see them; on Darwin, kqueue's
/// `EVFILT_SIGNAL` sees a signal even when a handler takes it. The children start with the mask and the default
/// actions this process had (`POSIX_SPAWN_SETSIGMASK`, `POSIX_SPAWN_SETSIGDEF`). A SIGINT or SIGQUIT from the
/// terminal reaches the child from the terminal itself, as with exec (in pipe mode the child stays in `profile`'s
/// process group; in terminal mode `profile`'s terminal is raw and the child's pseudo-terminal makes the signal); one
/// sent by another process is forwarded.
package final class Supervisor {
    /// The redactor each of the child's output streams goes through; nil: the child writes where `profile` writes.
    /// A change applies from the next child started.
    package var redactor: StreamRedactor?
    /// What to do when the child has ended and its output is written.
    package var onExit: (ChildProcess.Termination) -> Void = { _ in }
    /// What to do after a signal sent to `profile` was passed on (SIGINT, SIGTERM, SIGHUP, SIGQUIT).
    package var onSignal: (Int32) -> Void = { _ in }

    private var child: pid_t = 0
    private var rawTerminal: RawTerminal?
    private var pseudoTerminal: PseudoTerminal?
    private var inputStarted = false
    /// Whether `profile` stopped itself because the child was stopped from its terminal (``suspend()``).
    private var suspended = false
    private var killTimer: DispatchSourceTimer?
    private var previousMask = sigset_t()

    /// The queue every source posts from, and the events they post, read by ``serve(_:)``'s task.
    private let queue = DispatchQueue(label: "profile.supervisor")
    private let events: AsyncStream<Event>
    private let post: AsyncStream<Event>.Continuation
    private var signalSources: [DispatchSourceSignal] = []

    /// The descriptors watched, by number: what each one is for, and its source.
    private var channels: [Int: Channel] = [:]
    private var nextChannel = 0

    private static let handled: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH, SIGCHLD, SIGCONT,
    ]

    private enum Event: Sendable {
        /// A signal sent to `profile`.
        case signal(Int32)
        /// A channel's descriptor can be read (its source is suspended until the task resumes it).
        case readable(Int)
        /// A channel's source was cancelled and let go of its descriptor.
        case closed(Int)
        /// A file watcher's changes have settled (the channel, the number of the change that asked).
        case settled(Int, Int)
        /// The grace period of the child with this pid is over.
        case graceOver(pid_t)
    }

    /// A watched descriptor.
    private final class Channel {
        enum Role {
            /// One of the child's output streams: redacted (``redactor``), written to `target`.
            case relay(target: Int32)
            /// The terminal's input, passed to the pseudo-terminal.
            case input
            /// A file watcher: `onChange` with the files that changed, 50 ms after the last event.
            case watcher(FileWatcher, onChange: ([String]) -> Void)
        }
        let id: Int
        let descriptor: Int32
        let role: Role
        let source: DispatchSourceRead
        var ended = false
        /// A relay's redactor (it holds back what may be the start of a secret).
        var redactor: StreamRedactor?
        /// A watcher's events so far: the one whose settling is awaited.
        var changes = 0

        init(id: Int, descriptor: Int32, role: Role, source: DispatchSourceRead) {
            self.id = id
            self.descriptor = descriptor
            self.role = role
            self.source = source
        }
    }

    /// A supervisor whose children's output goes through `redactor` (nil: untouched). Takes over the signals: call it
    /// on the main thread, before anything else starts a thread.
    package init(redactor: StreamRedactor?) {
        self.redactor = redactor
        (events, post) = AsyncStream.makeStream(of: Event.self)
        var held = sigset_t()
        sigemptyset(&held)
        for signal in Self.handled {
            SignalNumber.catchWithoutAction(signal)
            sigaddset(&held, signal)
        }
        #if os(Linux)
        pthread_sigmask(SIG_BLOCK, &held, &previousMask)
        #else
        pthread_sigmask(SIG_BLOCK, nil, &previousMask)
        #endif
        let post = self.post
        for signal in Self.handled {
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { post.yield(.signal(signal)) }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Serves `supervisor` for ever in a task (its handlers end the process); the calling thread waits.
    package static func serve(_ supervisor: sending Supervisor) -> Never {
        ProcessExit.afterTask {
            for await event in supervisor.events { supervisor.handle(event) }
            return ExitStatus.success  // not reached: the stream never finishes
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
        // With a pseudo-terminal, the child is this executable again (``TerminalSession``), which leads the new
        // session and starts the command in it. One path on both systems.
        var spawned = (path: path, arguments: arguments)
        if flags & Self.setsid != 0, let own = Launcher.ownExecutable() {
            spawned = (own, [own, TerminalSession.command, path] + arguments)
        }
        let envp = CStringArray(environment: environment)
        var pid = pid_t()
        let code = Launcher.fallingBackToShell(spawned.path, arguments: spawned.arguments) { path, argv in
            posix_spawn(&pid, path, &actions, &attributes, argv.pointer, envp.pointer)
        }
        for descriptor in childEnds { _ = Glue.close(descriptor) }
        guard code == 0 else {
            for end in parentEnds where end.descriptor != pseudoTerminal?.primary { _ = Glue.close(end.descriptor) }
            return Launcher.Failure(command: arguments.first ?? path, code: code)
        }
        child = pid
        if let redactor {
            for end in parentEnds {
                _ = fcntl(end.descriptor, F_SETFL, fcntl(end.descriptor, F_GETFL) | O_NONBLOCK)
                #if os(Linux)
                // A larger pipe: fewer wake-ups for a child that writes a lot (F_SETPIPE_SZ, <fcntl.h> on Linux).
                _ = fcntl(end.descriptor, 1031, 1 << 20)
                _ = fcntl(end.target, 1031, 1 << 20)  // our own output, when it is a pipe (fails harmlessly otherwise)
                #endif
                attach(end.descriptor, .relay(target: end.target)).redactor = redactor
            }
        }
        if pseudoTerminal != nil, !inputStarted, isatty(0) == 1 {
            inputStarted = true
            rawTerminal = RawTerminal(0)
            attach(0, .input)
        }
        return nil
    }

    /// Stops the child: `signal` now (SIGTERM; nil: it was sent already), SIGKILL when it is still running after
    /// `grace`.
    package func stop(grace: Duration, sending signal: Int32? = SIGTERM) {
        guard child != 0 else { return }
        if let signal { kill(child, signal) }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let (seconds, attoseconds) = grace.components
        timer.schedule(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        let pid = child
        let post = self.post
        timer.setEventHandler { post.yield(.graceOver(pid)) }
        timer.resume()
        killTimer?.cancel()
        killTimer = timer
    }

    /// Calls `onChange` with the files that changed each time `watcher` sees a change, once the changes have settled
    /// for 50 ms (an editor's save can be several events: truncate, write, rename, attributes).
    package func watch(_ watcher: FileWatcher, onChange: @escaping ([String]) -> Void) {
        attach(watcher.descriptor, .watcher(watcher, onChange: onChange))
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

    private func handle(_ event: Event) {
        switch event {
        case .signal(let signal): received(signal)
        case .readable(let id):
            guard let channel = channels[id] else { return }
            if !channel.ended { read(channel) }
            channel.source.resume()
        case .closed(let id):
            channels[id] = nil
        case .settled(let id, let change):
            guard let channel = channels[id], case .watcher(let watcher, let onChange) = channel.role,
                channel.changes == change
            else { return }
            let changed = watcher.changes()
            if !changed.isEmpty { onChange(changed) }
        case .graceOver(let pid):
            guard child == pid else { return }
            // In terminal mode the command is the pseudo-terminal's foreground process group, under the session's
            // leader (``TerminalSession``): that whole group goes too, or a command that ignores SIGTERM and the
            // SIGHUP of its session's end would outlive the kill. TIOCGPGRP on the primary side: Linux; XNU answers it
            // on the controller itself (`ptyioctl`, bsd/kern/tty_dev.c).
            if let primary = pseudoTerminal?.primary {
                let group = tcgetpgrp(primary)
                if group > 0, group != getpgrp() { kill(-group, SIGKILL) }
            }
            kill(pid, SIGKILL)
        }
    }

    private func received(_ signal: Int32) {
        switch signal {
        case SIGCHLD:
            reap()
        case SIGWINCH:
            pseudoTerminal?.copyWindowSize(from: 1)
        case SIGCONT:
            continued()
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
        // In terminal mode a child stopped by its terminal is reported too (WUNTRACED): `profile` follows it.
        let reaped = waitpid(child, &status, WNOHANG | (pseudoTerminal != nil ? WUNTRACED : 0))
        guard reaped == child else { return }
        // WIFSTOPPED and WSTOPSIG: the low byte 0x7F, the signal in the next (<sys/wait.h> on Darwin and glibc).
        if status & 0xFF == 0x7F {
            suspend()
            return
        }
        child = 0
        killTimer?.cancel()
        killTimer = nil
        // What the child wrote before it ended is still in the pipes (or the pseudo-terminal): write it all.
        for channel in channels.values where channel.redactor != nil && !channel.ended {
            read(channel)
            finish(channel)
        }
        let signal = status & 0x7F
        onExit(signal != 0 && signal != 0x7F ? .signaled(signal) : .exited((status >> 8) & 0xFF))
    }

    /// The child stopped (terminal mode only: ``TerminalSession`` stops itself when the command was stopped from its
    /// pseudo-terminal, Ctrl-Z): `profile` gives its own terminal back and stops itself with SIGTSTP, so that the
    /// shell sees the job stopped and prints its prompt, as without `--redact` (sudo does the same in its pty mode).
    private func suspend() {
        suspended = true
        restoreTerminal()
        kill(getpid(), SIGTSTP)
    }

    /// `profile` was continued (SIGCONT). After ``suspend()``: in the terminal's foreground (`fg`), it takes the
    /// terminal again (raw mode, the window size) and continues the child; still in the background (`bg`), it stops
    /// again (SIGTTOU), as a background job that needs its terminal does, until `fg`.
    private func continued() {
        guard suspended else { return }
        guard Self.isTerminalForeground() else {
            kill(getpid(), SIGTTOU)
            return
        }
        suspended = false
        if inputStarted { rawTerminal = RawTerminal(0) }
        pseudoTerminal?.copyWindowSize(from: 1)
        if child != 0 { kill(child, SIGCONT) }
    }

    // MARK: - Channels

    /// Watches `descriptor` for `role`. Its source's handler suspends it and posts `.readable`; the task reads and
    /// resumes it. Its cancel handler closes the descriptor (a pipe of the child's; not the pseudo-terminal, which
    /// serves the next child too, nor standard input or a watcher) and posts `.closed`.
    @discardableResult
    private func attach(_ descriptor: Int32, _ role: Channel.Role) -> Channel {
        let id = nextChannel
        nextChannel += 1
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        let post = self.post
        var closes = false
        if case .relay = role { closes = descriptor != pseudoTerminal?.primary }
        source.setEventHandler { [source] in
            source.suspend()
            post.yield(.readable(id))
        }
        source.setCancelHandler {
            if closes { _ = Glue.close(descriptor) }
            post.yield(.closed(id))
        }
        let channel = Channel(id: id, descriptor: descriptor, role: role, source: source)
        channels[id] = channel
        source.resume()
        return channel
    }

    /// Reads what `channel`'s descriptor holds now and does what its role says.
    private func read(_ channel: Channel) {
        switch channel.role {
        case .relay(let target):
            if drain(channel, to: target) { finish(channel) }
        case .input:
            guard let primary = pseudoTerminal?.primary else { return }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = bytes.withUnsafeMutableBytes { Glue.read(0, $0.baseAddress!, 4096) }
            if count > 0 {
                Self.writeAll(primary, Array(bytes[..<count]))
                if Self.interrupts(bytes[..<count], terminal: primary) { onSignal(SIGINT) }
            } else if count == 0 {
                channel.ended = true
                channel.source.cancel()
            }
        case .watcher(let watcher, _):
            watcher.drain()
            channel.changes += 1
            let (id, change, post) = (channel.id, channel.changes, self.post)
            queue.asyncAfter(deadline: .now() + .milliseconds(50)) { post.yield(.settled(id, change)) }
        }
    }

    private static let bufferSize = 1 << 20
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)

    /// Reads what a relay's descriptor holds now and writes it through its redactor to `target`. True at the end of
    /// the stream (EOF, or EIO from a pseudo-terminal whose child side is closed).
    private func drain(_ channel: Channel, to target: Int32) -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes {
                Glue.read(channel.descriptor, $0.baseAddress!, Self.bufferSize)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) }
            buffer.withUnsafeBytes {
                channel.redactor?.process(UnsafeRawBufferPointer(rebasing: $0[..<count])) { Self.writeAll(target, $0) }
            }
            if count < Self.bufferSize { return false }
        }
    }

    /// Ends a relay: what its redactor holds back is written, its source cancelled (it is released once the cancel
    /// handler has run, never while suspended).
    private func finish(_ channel: Channel) {
        guard !channel.ended, case .relay(let target) = channel.role else { return }
        channel.ended = true
        channel.redactor?.finish { Self.writeAll(target, $0) }
        channel.source.cancel()
    }

    /// Whether `input`, typed into the pseudo-terminal `primary`, holds its interrupt character (Ctrl-C: `c_cc[VINTR]`
    /// while `ISIG` is on), which makes the pseudo-terminal send SIGINT to the command. Without `--redact`, `profile`
    /// would have had the same SIGINT from its own terminal, which is raw meanwhile: ``onSignal`` is told, as if.
    /// `tcgetattr` on a pseudo-terminal's primary side reads the terminal's attributes (Linux; XNU's `ptyioctl` in
    /// bsd/kern/tty_dev.c while the child side is open). `VINTR` is 0 in glibc's <bits/termios-c_cc.h> and 8 in
    /// XNU's <sys/termios.h>; a disabled character is `_POSIX_VDISABLE`: '\0' in glibc's <bits/posix_opt.h>, 0xFF in
    /// XNU's <sys/_types/_posix_vdisable.h>.
    private static func interrupts(_ input: ArraySlice<UInt8>, terminal primary: Int32) -> Bool {
        var attributes = termios()
        guard tcgetattr(primary, &attributes) == 0, attributes.c_lflag & tcflag_t(ISIG) != 0 else { return false }
        let interrupt = withUnsafeBytes(of: attributes.c_cc) { $0[Int(VINTR)] }
        #if canImport(Darwin)
        let disabled: UInt8 = 0xFF
        #else
        let disabled: UInt8 = 0
        #endif
        return interrupt != disabled && input.contains(interrupt)
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

    /// Writes all of `bytes` to `descriptor` (``Glue/writeAll(_:_:)``); gives up when it is closed.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glue.writeAll(descriptor, $0) }
    }

    /// Writes all of `buffer` to `descriptor` (the same, without a copy).
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) {
        Glue.writeAll(descriptor, buffer)
    }

    /// Whether this process is in the foreground process group of its controlling terminal (as ``ChildProcess``).
    private static func isTerminalForeground() -> Bool {
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

import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `profile` staying the parent of the command it launches (`run --redact`, `run --watch`): the child's standard
/// output and error pass through a ``StreamRedactor`` (a pseudo-terminal when `profile`'s own output is a terminal),
/// signals sent to `profile` reach the command, and the command can be stopped (SIGTERM, then SIGKILL after a grace
/// period) and started again.
///
/// - **Fail closed.** Everything a launch needs (pipes, pseudo-terminal, the signal pipe, the terminal's descriptor) is
///   made before the child is spawned; when the system refuses one, nothing is launched and the caller gets a
///   ``Failure`` (exit status ``ExitStatus/systemError``, EX_OSERR). Nothing needed is opened afterwards, so no later
///   refusal can pass a secret through unmasked or stop the loop.
/// - **One `poll` loop** (``serve(_:)``) on the main thread: the signal pipe (``SignalPipe``), the file watcher, the
///   deadlines (the grace period, a watcher's settling), and the relays it drives (the pseudo-terminal's, the
///   terminal's input, and any whose target may block), each relay's source while its bounded buffer is empty and its
///   target while it holds bytes. The child's output pipes whose targets never block (a terminal, a pipe on Linux, a
///   file) are read by ``RelayThreads``, a thread each with blocking reads: a line-at-a-time logger then costs one
///   system call a line instead of a `poll` and a `read`. Input and output progress independently; nothing waits but
///   `poll`, or a thread's blocking `read`, which the child's end interrupts.
/// - **The whole command.** The command runs in a process group of its own (``Spawn/Group/own``; in terminal mode,
///   ``TerminalSession`` leads a session and gives the command a group): a restart, the final stop and the grace
///   period's SIGKILL go to the group, as watchexec and nodemon do, so `sh -c 'server & wait'` leaves no server.
///   Job control: ``Supervisor+JobControl.swift``.
/// - **The parent's world is left alone**: only the pipes created here are made non-blocking; `profile`'s own
///   descriptors keep their flags and sizes; a signal `profile` inherited ignored stays ignored for the command, and the
///   command starts with the signal mask `profile` had, as through `exec`.
package final class Supervisor {
    /// Why a supervised launch was refused before anything started.
    package struct Failure: Error, Sendable {
        /// What could not be made (`cannot create a pipe`).
        package var step: String
        /// The errno.
        package var code: Int32
        package init(step: String, code: Int32) {
            self.step = step
            self.code = code
        }
        /// EX_OSERR.
        package var exitStatus: Int32 { ExitStatus.systemError }
        /// `cannot supervise the command: cannot create a pipe: Too many open files (nothing was launched)`.
        package var message: String {
            "cannot supervise the command: \(step): \(FileSystem.errorString(code)) (nothing was launched)"
        }
    }

    /// Why a child could not be started: the command itself (126, 127), or a set-up step (EX_OSERR).
    package enum StartFailure: Error, Sendable {
        case launch(Launcher.Failure)
        case setUp(Failure)

        package var message: String {
            switch self {
            case .launch(let failure): return failure.message
            case .setUp(let failure): return failure.message
            }
        }
        package var exitStatus: Int32 {
            switch self {
            case .launch(let failure): return failure.exitStatus
            case .setUp(let failure): return failure.exitStatus
            }
        }
    }

    /// The redactor each of the child's output streams goes through; nil: the child writes where `profile` writes.
    /// A change applies from the next child started.
    package var redactor: StreamRedactor?
    /// What to do when the child has ended and its output is written.
    package var onExit: (Termination) -> Void = { _ in }
    /// What to do after a signal sent to `profile` was passed on (SIGINT, SIGTERM, SIGHUP, SIGQUIT), or when the
    /// terminal's Ctrl-C reached the command rather than `profile` (typed into the pseudo-terminal, or the command
    /// died of SIGINT while it had the terminal).
    package var onSignal: (Int32) -> Void = { _ in }

    /// The child, which leads its process group (0: none).
    var child: pid_t = 0
    /// A stop was asked for the running child (its group is killed when the grace period ends).
    var stopping = false
    /// The group of a child that ended during a stop while others of its group still ran: the end is reported once
    /// the group is empty or killed.
    var lingering: (group: pid_t, termination: Termination)?
    /// The relays the loop drives: the pseudo-terminal's, and those whose targets may block.
    var relays: [Relay] = []
    /// The output relays that run on threads of their own (the others).
    let outputThreads: RelayThreads
    var input: Relay?
    var pseudoTerminal: PseudoTerminal?
    var rawTerminal: RawTerminal?
    /// `profile`'s controlling terminal (`/dev/tty`), when it has one: a command in pipe mode gets its foreground.
    let controllingTerminal: Int32
    /// Whether the running child's group was given `profile`'s terminal (pipe mode, `profile` in the foreground).
    var handedTerminal = false
    /// Whether `profile` stopped itself because the child was stopped from its terminal.
    var suspended = false
    /// Whether the running child is ``TerminalSession`` in a pseudo-terminal (`--redact` with a terminal).
    var terminalMode = false
    /// Whether the running child's stops are followed (terminal mode, or its group was given the terminal).
    var followsStops = false
    let signals: SignalPipe
    /// The signal mask `profile` started with: the command's.
    let originalMask: sigset_t

    /// A non-blocking descriptor of `profile`'s own output and error, by number (see ``writableCopy(of:)``).
    var targets: [Int32: Int32] = [:]

    var graceDeadline: ContinuousClock.Instant?
    var lingerCheck: ContinuousClock.Instant?
    var watcher: (watcher: FileWatcher, onChange: ([String]) -> Void)?
    var settleDeadline: ContinuousClock.Instant?
    let clock = ContinuousClock()

    /// The signals that end a supervised run (the command is stopped, SIGKILL after the grace period).
    package static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// One of them arrived: relays no longer wait for their targets.
    var ending = false

    /// The signals `profile` catches while it supervises.
    static let handled: [Int32] = SignalPipe.ending + [SIGUSR1, SIGUSR2, SIGWINCH, SIGCHLD, SIGCONT]

    /// A supervisor whose children's output goes through `redactor` (nil: untouched). Takes over the signals (on the
    /// main thread, before anything else starts a thread); refused when the system gives no descriptor for it.
    package init(redactor: StreamRedactor?) throws(Failure) {
        self.redactor = redactor
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        originalMask = mask
        guard let signals = SignalPipe() else { throw Failure(step: "cannot create a pipe", code: errno) }
        self.signals = signals
        guard let threads = RelayThreads(blocking: Self.handled) else {
            throw Failure(step: "cannot create a pipe", code: errno)
        }
        outputThreads = threads
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if terminal < 0 && (errno == EMFILE || errno == ENFILE) {
            throw Failure(step: "cannot open the terminal", code: errno)
        }
        controllingTerminal = terminal
        signals.catch(Self.handled)
        // SIGCHLD is how the loop learns that the command ended: blocked by `profile`'s parent, it would leave the loop
        // waiting for ever. Unblocked on this thread only; the command starts with the mask `profile` had.
        var childSignal = sigset_t()
        sigemptyset(&childSignal)
        sigaddset(&childSignal, SIGCHLD)
        pthread_sigmask(SIG_UNBLOCK, &childSignal, nil)
    }

    /// Serves `supervisor` for ever on this thread (its handlers end the process).
    package static func serve(_ supervisor: Supervisor) -> Never {
        while true { supervisor.turn() }
    }

    /// Whether a child is running.
    package var isRunning: Bool { child != 0 || lingering != nil }

    /// Starts `path` with `arguments` as its argv and exactly `environment`; its output goes through the redactor
    /// (a pseudo-terminal for standard output when `profile`'s is a terminal). Fails, launching nothing, when the
    /// file cannot be executed or a descriptor cannot be made.
    package func start(_ path: String, arguments: [String], environment: EnvironmentTable) -> StartFailure? {
        var spawn = Spawn(mask: originalMask)
        spawn.group = .own
        var spawned = (path: path, arguments: arguments)
        var made: [(read: Int32, write: Int32, target: Int32)] = []
        func closeMade() {
            for pipe in made {
                _ = Glue.close(pipe.read)
                _ = Glue.close(pipe.write)
            }
        }
        terminalMode = false
        if redactor != nil {
            if isatty(1) == 1 {
                if pseudoTerminal == nil {
                    guard let terminal = PseudoTerminal() else {
                        return .setUp(Failure(step: "cannot open a pseudo-terminal", code: errno))
                    }
                    _ = fcntl(terminal.primary, F_SETFL, fcntl(terminal.primary, F_GETFL) | O_NONBLOCK)
                    pseudoTerminal = terminal
                }
                terminalMode = true
            }
            for target: Int32 in terminalMode ? (isatty(2) == 1 ? [] : [2]) : [1, 2] {
                guard let pipe = Glue.pipe(nonBlocking: false) else {
                    let code = errno
                    closeMade()
                    return .setUp(Failure(step: "cannot create a pipe", code: code))
                }
                made.append((pipe.read, pipe.write, target))
            }
            if let terminal = pseudoTerminal, terminalMode {
                // A new session whose first terminal opened becomes its controlling terminal; the child is this
                // executable again (``TerminalSession``), which leads it and starts the command in it.
                guard let own = Launcher.ownExecutable() else {
                    closeMade()
                    return .setUp(Failure(step: "cannot find profile's own executable", code: ENOENT))
                }
                spawned = (own, [own, TerminalSession.command, path] + arguments)
                spawn.group = .newSession
                terminal.copyWindowSize(from: 1)
                spawn.descriptors.append((1, .open(terminal.secondaryPath)))
                if isatty(0) == 1 { spawn.descriptors.append((0, .duplicate(1))) }
                if isatty(2) == 1 { spawn.descriptors.append((2, .duplicate(1))) }
            }
            for pipe in made { spawn.descriptors.append((pipe.target, .duplicate(pipe.write))) }
            for target: Int32 in [1, 2] where targets[target] == nil {
                guard let copy = Self.writableCopy(of: target) else {
                    let code = errno
                    closeMade()
                    return .setUp(Failure(step: "cannot open profile's output again", code: code))
                }
                targets[target] = copy
            }
        }
        // The relays, made before the spawn: the pipes' whose targets never block read on threads of their own, the
        // loop drives the others, the pseudo-terminal's and the terminal's input.
        var looping: [Relay] = []
        var newInput: Relay?
        // Refuses the launch: the threads end (their pipes' write ends closed), every pipe end is closed, from the
        // one at `unused` on those no relay has.
        func abandon(_ failure: Failure, unused: Int = made.count) -> StartFailure {
            for pipe in made { _ = Glue.close(pipe.write) }
            for pipe in made[unused...] { _ = Glue.close(pipe.read) }
            outputThreads.finish()
            for relay in looping where relay.ownsSource { _ = Glue.close(relay.source) }
            return .setUp(failure)
        }
        if let redactor {
            for (index, pipe) in made.enumerated() {
                guard
                    let relay = Relay(
                        source: pipe.read, target: targets[pipe.target] ?? pipe.target, ownsSource: true,
                        redactor: redactor, stream: pipe.target == 1 ? "standard output" : "standard error")
                else { return abandon(Failure(step: "cannot allocate a buffer", code: ENOMEM), unused: index) }
                if relay.targetMayBlock {
                    looping.append(relay)
                    continue
                }
                let code = outputThreads.start(relay, ending: signals.endingDescriptor)
                if code != 0 { return abandon(Failure(step: "cannot start a thread", code: code), unused: index) }
            }
            if terminalMode, let terminal = pseudoTerminal {
                guard
                    let relay = Relay(
                        source: terminal.primary, target: targets[1] ?? 1, ownsSource: false, redactor: redactor,
                        stream: "output")
                else { return abandon(Failure(step: "cannot allocate a buffer", code: ENOMEM)) }
                looping.append(relay)
                if input == nil, isatty(0) == 1 {
                    guard
                        let relay = Relay(
                            source: 0, target: terminal.primary, ownsSource: false, redactor: nil, stream: nil)
                    else { return abandon(Failure(step: "cannot allocate a buffer", code: ENOMEM)) }
                    newInput = relay
                }
            }
        }
        if !terminalMode, controllingTerminal >= 0 {
            // Pipe mode: the command's group takes the terminal's foreground if `profile` has it.
            handedTerminal = TerminalForeground.isGroup(getpgrp(), on: controllingTerminal)
        } else {
            handedTerminal = false
        }
        let started = spawn.start(spawned.path, arguments: spawned.arguments, environment: environment)
        for pipe in made { _ = Glue.close(pipe.write) }
        let pid: pid_t
        switch started {
        case .failure(let failure):
            outputThreads.finish()
            for relay in looping where relay.ownsSource { _ = Glue.close(relay.source) }
            handedTerminal = false
            return .launch(failure)
        case .success(let started): pid = started
        }
        child = pid
        stopping = false
        followsStops = terminalMode || handedTerminal
        if handedTerminal {
            // The child does the same before it reads the terminal (``continueEarlyStop``): whichever comes first.
            TerminalForeground.give(controllingTerminal, to: pid)
        }
        for relay in looping {
            if relay.ownsSource { _ = fcntl(relay.source, F_SETFL, fcntl(relay.source, F_GETFL) | O_NONBLOCK) }
            relay.ending = ending
            relays.append(relay)
        }
        if let newInput {
            rawTerminal = RawTerminal(0)
            input = newInput
        }
        return nil
    }

    /// Stops the child: `signal` to its process group now (SIGTERM; nil: it was sent already), SIGKILL to the group
    /// when it is still running after `grace`.
    package func stop(grace: Duration, sending signal: Int32? = SIGTERM) {
        guard child != 0 || lingering != nil else { return }
        if let signal, child != 0 { signalCommand(signal) }
        stopping = true
        graceDeadline = clock.now + grace
    }

    /// Gives the terminal back, then ends this process with `termination`: the same exit status, or death by the same
    /// signal (re-raised on itself), as the child.
    package func end(_ termination: Termination) -> Never {
        restoreTerminal()
        switch termination {
        case .exited(let status): exit(status)
        case .signaled(let signal): ChildProcess.die(of: signal)
        }
    }

    /// Restores the terminal: raw mode ends, and the foreground comes back to `profile`'s group.
    package func restoreTerminal() {
        rawTerminal?.restore()
        rawTerminal = nil
        takeTerminalBack()
    }

    // MARK: - The loop

    private enum Slot {
        case signals, watcher
        case source(Relay)
        case target(Relay)
    }

    /// The loop's `poll` set and what each of its entries stands for: rebuilt each pass, in the same storage (a
    /// pass of a line-at-a-time logger's relay is a few system calls; four arrays made and freed per pass were a
    /// tenth of its cost).
    private var pollSet: [pollfd] = []
    private var pollSlots: [Slot] = []

    /// Waits for the next events (or deadline) and handles them.
    private func turn() {
        pollSet.removeAll(keepingCapacity: true)
        pollSlots.removeAll(keepingCapacity: true)
        add(signals.descriptor, POLLIN, .signals)
        if let watcher { add(watcher.watcher.descriptor, POLLIN, .watcher) }
        for relay in relays { add(relay, reading: true) }
        if let input { add(input, reading: !suspended) }
        let ready = poll(&pollSet, nfds_t(pollSet.count), timeout())
        if ready > 0 {
            var signalled = false
            for index in pollSet.indices where pollSet[index].revents != 0 {
                switch pollSlots[index] {
                case .signals: signalled = true
                case .watcher: watcherChanged()
                case .source(let relay) where relay === input:
                    let count = relay.readAvailable()
                    if count > 0, let primary = pseudoTerminal?.primary,
                        Self.interrupts(relay.lastRead(count), terminal: primary)
                    {
                        onSignal(SIGINT)
                    }
                case .source(let relay): relay.readOn()
                case .target(let relay): relay.writeAvailable()
                }
            }
            relays.removeAll { relay in
                // Done, or its target failed: closing the source makes the command's next write to it fail.
                guard relay.isDone || relay.targetFailed else { return false }
                if relay.ownsSource { _ = Glue.close(relay.source) }
                return true
            }
            if let relay = input, relay.isDone { input = nil }
            if signalled {
                for signal in signals.take() { received(signal) }
                reap()  // a SIGCHLD byte may have been dropped by a full pipe: reaping is cheap
            }
        }
        fireDeadlines()
    }

    private func add(_ descriptor: Int32, _ events: Int32, _ slot: Slot) {
        pollSet.append(pollfd(fd: descriptor, events: Int16(events), revents: 0))
        pollSlots.append(slot)
    }

    /// `relay`'s source when it wants input and `reading` (the terminal's input is not read while `profile` is
    /// suspended), its target when it has bytes for it.
    private func add(_ relay: Relay, reading: Bool) {
        if reading && relay.wantsInput { add(relay.source, POLLIN, .source(relay)) }
        if relay.wantsOutput { add(relay.target, POLLOUT, .target(relay)) }
    }

    /// Milliseconds to the nearest deadline (rounded up), -1 without one.
    private func timeout() -> Int32 {
        guard let nearest = Self.earlier(Self.earlier(graceDeadline, lingerCheck), settleDeadline) else { return -1 }
        let (seconds, attoseconds) = (nearest - clock.now).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }

    private static func earlier(
        _ first: ContinuousClock.Instant?, _ second: ContinuousClock.Instant?
    ) -> ContinuousClock.Instant? {
        guard let first, let second else { return first ?? second }
        return min(first, second)
    }

    private func fireDeadlines() {
        guard graceDeadline != nil || lingerCheck != nil || settleDeadline != nil else { return }
        let now = clock.now
        if let deadline = settleDeadline, deadline <= now {
            settleDeadline = nil
            settled()
        }
        if let deadline = graceDeadline, deadline <= now {
            graceDeadline = nil
            graceOver()
        }
        if let deadline = lingerCheck, deadline <= now {
            lingerCheck = nil
            checkLingering()
        }
    }

    // MARK: - The child

    /// Sends `signal` to the command's whole process group. In terminal mode that group is ``TerminalSession``'s
    /// alone (it leads its session), which passes the signal on to the command's group.
    func signalCommand(_ signal: Int32) {
        guard child != 0 else { return }
        kill(-child, signal)
    }

    /// The grace period is over: SIGKILL to the command's group (and, in terminal mode, to the pseudo-terminal's
    /// foreground group, the command's, under the session leader).
    private func graceOver() {
        if let primary = pseudoTerminal?.primary {
            // TIOCGPGRP on the primary side: Linux; XNU answers it on the controller itself (`ptyioctl`,
            // bsd/kern/tty_dev.c).
            let group = tcgetpgrp(primary)
            if group > 0, group != getpgrp() { kill(-group, SIGKILL) }
        }
        if child != 0 {
            kill(-child, SIGKILL)
            kill(child, SIGKILL)
        }
        if let lingering {
            kill(-lingering.group, SIGKILL)
            lingerCheck = clock.now
        }
    }

    /// Reaps the child if it changed state: a stop is followed (job control), an end is reported once its output is
    /// written.
    func reap() {
        guard child != 0 else { return }
        var status: Int32 = 0
        let reaped = waitpid(child, &status, WNOHANG | (followsStops ? WUNTRACED : 0))
        guard reaped == child else { return }
        let termination: Termination
        switch WaitStatus(status) {
        case .stopped(let signal):
            stopped(by: signal)
            return
        case .ended(let ended): termination = ended
        }
        let group = child
        child = 0
        // What the child wrote before it ended is still in the pipes (or the pseudo-terminal): write it all.
        for relay in relays { relay.flushAndClose() }
        relays.removeAll()
        outputThreads.finish()
        let hadTerminal = handedTerminal
        takeTerminalBack()
        // The terminal's Ctrl-C went to the command's group only (it had the terminal): `profile` acts as if it had
        // received it too, as a shell does when its foreground job dies of SIGINT.
        if hadTerminal, termination == .signaled(SIGINT) || termination == .signaled(SIGQUIT),
            case .signaled(let signal) = termination
        {
            onSignal(signal)
        }
        if stopping, ProcessGroup.isRunning(group) {
            // Others of the command's group still run (`sh -c 'server & wait'` whose shell ended first): they get the
            // rest of the grace period, then SIGKILL; the end is reported once the group is empty.
            lingering = (group, termination)
            lingerCheck = clock.now + .milliseconds(20)
            return
        }
        finishExit(termination)
    }

    private func checkLingering() {
        guard let lingering else { return }
        if ProcessGroup.isRunning(lingering.group) {
            lingerCheck = clock.now + .milliseconds(20)
            return
        }
        self.lingering = nil
        finishExit(lingering.termination)
    }

    private func finishExit(_ termination: Termination) {
        stopping = false
        graceDeadline = nil
        onExit(termination)
    }

    // MARK: - Helpers

    /// A descriptor that writes where `descriptor` does without ever blocking, opened anew so that the file
    /// description `profile` shares with its parent keeps its flags (O_NONBLOCK on it would change the parent's too): a
    /// terminal by its name (`ttyname`, POSIX), a pipe or FIFO on Linux through `/proc/self/fd/N` (a new open file
    /// description of the same pipe). Anything else (a regular file, which never blocks; a socket; a pipe on Darwin)
    /// is written as it is, and a blocked write there is interrupted by the ending signals. Nil when the system
    /// refuses a descriptor (errno says why).
    private static func writableCopy(of descriptor: Int32) -> Int32? {
        var path: String?
        if isatty(descriptor) == 1, let name = ttyname(descriptor) {
            path = String(cString: name)
        } else {
            #if os(Linux)
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFIFO { path = "/proc/self/fd/\(descriptor)" }
            #endif
        }
        guard let path else { return descriptor }
        let copy = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        if copy >= 0 { return copy }
        return errno == EMFILE || errno == ENFILE ? nil : descriptor
    }
}

import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals and job control of a supervised command.
///
/// - Signals sent to `profile` (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2) go to the command's process
///   group. The terminal's own signals never reach `profile` while the command runs: in pipe mode the command's group
///   has the terminal's foreground (when `profile` had it), in terminal mode `profile`'s terminal is raw and the
///   command's pseudo-terminal makes them. So whatever `profile` receives came from another process, and is passed on.
/// - Ctrl-Z stops the command's group; `profile` sees it stopped (`WUNTRACED`), takes its terminal back and stops
///   itself (SIGTSTP), so that the shell sees the job stopped and prints its prompt (sudo does the same in its pty
///   mode). `fg` continues `profile`, which gives the terminal to the command again and continues its group; `bg`
///   continues the command in the background (terminal mode: `profile` needs its terminal, so it stops again with
///   SIGTTOU until `fg`).
extension Supervisor {
    func received(_ signal: Int32) {
        switch signal {
        case SignalPipe.wakeUp:
            outputThreads.collectEnded()
        case SIGCHLD:
            reap()
        case SIGWINCH:
            pseudoTerminal?.copyWindowSize(from: 1)
        case SIGCONT:
            continued()
        default:
            if Self.ending.contains(signal) {
                // `profile` ends: no write waits any more (a reader that stopped reading cannot hold it).
                ending = true
                for relay in relays { relay.ending = true }
            }
            guard child != 0 else {
                onSignal(signal)
                return
            }
            signalCommand(signal)
            onSignal(signal)
        }
    }

    /// The child stopped. A command that read or wrote the terminal before its group was given it (the spawn and
    /// `tcsetpgrp` race) gets it now and goes on; any other stop (Ctrl-Z; in terminal mode ``TerminalSession`` stops
    /// itself when the command stopped) stops `profile` too.
    func stopped(by signal: Int32) {
        if handedTerminal, signal == SIGTTIN || signal == SIGTTOU,
            !TerminalForeground.isGroup(child, on: controllingTerminal),
            TerminalForeground.give(controllingTerminal, to: child)
        {
            kill(-child, SIGCONT)
            return
        }
        showOutputBeforeStopping()
        suspended = true
        rawTerminal?.restore()
        rawTerminal = nil
        takeTerminalBack()
        kill(getpid(), SIGTSTP)
    }

    /// Shows what the command wrote before it stopped — the pseudo-terminal's `^Z` echo among it — before the shell
    /// prints `Stopped`: each output relay reads what its source holds and writes it out, as far as the target takes
    /// it now. The pseudo-terminal echoes the suspend character after it has signalled the group, and the echo
    /// reaches its primary side from a kernel worker: that side is given up to 50 ms to show it (seen under load: the
    /// `^Z` came out after `fg`).
    func showOutputBeforeStopping() {
        for relay in relays {
            var wait: Int32 = relay.source == pseudoTerminal?.primary ? 50 : 0
            var ready = pollfd(fd: relay.source, events: Int16(POLLIN), revents: 0)
            while relay.wantsInput, poll(&ready, 1, wait) > 0, ready.revents & Int16(POLLIN) != 0 {
                if relay.readAvailable() == 0 { break }
                relay.writeAvailable(evenWithASignal: true)
                ready.revents = 0
                wait = 0
            }
            relay.writeAvailable(evenWithASignal: true)
        }
    }

    /// `profile` was continued (SIGCONT). After a stop: in the terminal's foreground (`fg`), it gives the terminal to
    /// the command again (pipe mode) or takes it again (terminal mode: raw mode, the window size), and continues the
    /// command's group; in the background (`bg`), pipe mode continues the command there, terminal mode stops again
    /// (SIGTTOU) until `fg`.
    func continued() {
        guard suspended else { return }
        let foreground = TerminalForeground.isThisProcess()
        if terminalMode && !foreground {
            kill(getpid(), SIGTTOU)
            return
        }
        suspended = false
        if input != nil { rawTerminal = RawTerminal(0) }
        pseudoTerminal?.copyWindowSize(from: 1)
        if child != 0 {
            if foreground && controllingTerminal >= 0 && !terminalMode {
                handedTerminal = TerminalForeground.give(controllingTerminal, to: child)
            }
            kill(-child, SIGCONT)
        }
    }

    /// Makes `profile`'s group the terminal's foreground again, if it had given it to the command.
    func takeTerminalBack() {
        guard handedTerminal else { return }
        handedTerminal = false
        TerminalForeground.give(controllingTerminal, to: getpgrp())
    }

    /// Whether `input`, typed into the pseudo-terminal `primary`, holds its interrupt character (Ctrl-C: `c_cc[VINTR]`
    /// while `ISIG` is on), which makes the pseudo-terminal send SIGINT to the command. Without `--redact`, `profile`
    /// would have had the same SIGINT from its own terminal, which is raw meanwhile: ``onSignal`` is told, as if.
    /// `tcgetattr` on a pseudo-terminal's primary side reads the terminal's attributes (Linux; XNU's `ptyioctl` in
    /// bsd/kern/tty_dev.c while the child side is open). `VINTR` is 0 in glibc's <bits/termios-c_cc.h> and 8 in
    /// XNU's <sys/termios.h>; a disabled character is `_POSIX_VDISABLE`: '\0' in glibc's <bits/posix_opt.h>, 0xFF in
    /// XNU's <sys/_types/_posix_vdisable.h>.
    static func interrupts(_ input: UnsafeRawBufferPointer, terminal primary: Int32) -> Bool {
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
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal for a child whose output `profile` filters (`run --redact` when its own output is a terminal):
/// the child writes to a terminal (colours, line buffering, window size as without `profile`), `profile` reads the
/// other side.
///
/// Opened with POSIX's `posix_openpt`, `grantpt`, `unlockpt` and `ptsname` on Darwin (<stdlib.h>); on Linux with what
/// glibc's own versions do (the Glibc module leaves them out: <stdlib.h> declares them under `__USE_XOPEN2K`): open
/// `/dev/ptmx`, unlock with `TIOCSPTLCK`, name `/dev/pts/N` from `TIOCGPTN` (`grantpt` has nothing to do with devpts).
/// No `libutil` (`openpty`) is needed.
package struct PseudoTerminal: Sendable {
    /// The side `profile` reads and writes.
    package let primary: Int32
    /// The path of the child's side (`/dev/pts/N`, `/dev/ttysNNN`), opened in the child after `setsid` so that it
    /// becomes the child's controlling terminal.
    package let secondaryPath: String

    /// Opens a pseudo-terminal, nil when the system has none left.
    package init?() {
        #if os(Linux)
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard primary >= 0 else { return nil }
        // <asm-generic/ioctls.h>: TIOCSPTLCK _IOW('T', 0x31, int), TIOCGPTN _IOR('T', 0x30, unsigned int).
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(primary, 0x4004_5431, &unlock) == 0, ioctl(primary, 0x8004_5430, &number) == 0 else {
            _ = Glue.close(primary)
            return nil
        }
        self.primary = primary
        self.secondaryPath = "/dev/pts/\(number)"
        #else
        let primary = posix_openpt(O_RDWR | O_NOCTTY)
        guard primary >= 0 else { return nil }
        guard grantpt(primary) == 0, unlockpt(primary) == 0, let name = ptsname(primary) else {
            _ = Glue.close(primary)
            return nil
        }
        _ = fcntl(primary, F_SETFD, FD_CLOEXEC)
        self.primary = primary
        self.secondaryPath = String(cString: name)
        #endif
    }

    /// Makes the terminal on `descriptor` the controlling terminal of this process, which must lead a session that
    /// has none (or has this one already: Linux then succeeds without a change). `TIOCSCTTY` with argument 0: on
    /// Linux `0x540E` (<asm-generic/ioctls.h>), on Darwin `_IO('t', 97)` (XNU's <sys/ttycom.h>), which is
    /// `IOC_VOID | 't' << 8 | 97`, `0x2000_7461` (<sys/ioccom.h>: `IOC_VOID` is `0x20000000`, `_IO(g, n)` is
    /// `_IOC(IOC_VOID, g, n, 0)`).
    ///
    /// The child of `run --redact` in terminal mode calls it before it executes the command
    /// (`TerminalSession`): on Darwin, `posix_spawn` opens the pseudo-terminal before it makes the new session
    /// (XNU's `exec_handle_file_actions` runs before `setsid_internal` in `bsd/kern/kern_exec.c`), so the open alone
    /// does not give a controlling terminal there; on Linux (glibc starts the session first) it already has one.
    package static func becomeControllingTerminal(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        let request: UInt = 0x2000_7461
        #else
        let request: UInt = 0x540E
        #endif
        return ioctl(descriptor, request, Int32(0)) == 0
    }

    /// Gives the pseudo-terminal the window size of the terminal `from` (a SIGWINCH then reaches the child's
    /// foreground process group, from the kernel).
    package func copyWindowSize(from descriptor: Int32) {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return }
        _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
    }
}

/// A terminal put in raw mode while `profile` passes its input to a child's pseudo-terminal, restored afterwards:
/// the child's own terminal (the pseudo-terminal) does the line editing, echo and Ctrl-C.
package struct RawTerminal: Sendable {
    private let descriptor: Int32
    private let saved: termios

    /// Puts the terminal on `descriptor` in raw mode (`cfmakeraw`, as `script` and `ssh` do), nil when it is not a
    /// terminal.
    package init?(_ descriptor: Int32) {
        var attributes = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &attributes) == 0 else { return nil }
        self.descriptor = descriptor
        saved = attributes
        cfmakeraw(&attributes)
        _ = tcsetattr(descriptor, TCSAFLUSH, &attributes)
    }

    /// Gives the terminal back its attributes.
    package func restore() {
        var attributes = saved
        _ = tcsetattr(descriptor, TCSAFLUSH, &attributes)
    }
}

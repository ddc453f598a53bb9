import ProfilePlatform

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way `profile` starts a child and stays its parent (`run --each`, the supervisor of `--redact` and `--watch`,
/// the terminal session): `posix_spawn`, with what `exec` would give the command and nothing else.
///
/// - Signals as through `exec` (POSIX `execve`): a signal this process catches starts with its default action, one it
///   ignores stays ignored, and the mask is the one given (the mask `profile` started with).
/// - A script without `#!` runs through `/bin/sh` (``Launcher/fallingBackToShell(_:arguments:argv:_:)``).
/// - The process group: `profile`'s own, a new one led by the child (`POSIX_SPAWN_SETPGROUP` with group 0), or a new
///   session (`POSIX_SPAWN_SETSID`, whose first terminal opened becomes its controlling terminal).
/// - Descriptors: each of `descriptors` duplicated onto a number, or a path opened there.
package struct Spawn {
    /// Where the child's process group is.
    package enum Group {
        /// `profile`'s own (`run --each`: the terminal's signals reach both).
        case parents
        /// A new group that the child leads: a signal sent to the group reaches everything the command started.
        case own
        /// A new session (and group) that the child leads.
        case newSession
    }

    /// What a descriptor of the child is.
    package enum Descriptor {
        /// A copy of this descriptor of `profile`'s.
        case duplicate(Int32)
        /// This path, opened for reading and writing.
        case open(String)
    }

    package var group: Group = .parents
    /// The child's descriptors that differ from `profile`'s, by number, in order.
    package var descriptors: [(number: Int32, Descriptor)] = []
    /// The signal mask the child starts with.
    package var mask: sigset_t

    /// A spawn whose child starts with `mask` (the mask `profile` had before it blocked anything).
    package init(mask: sigset_t) {
        self.mask = mask
    }

    /// Starts `path` with `arguments` as its argv (`arguments[0]` as typed) and exactly `environment`; its pid, or why
    /// it could not be started (nothing was).
    package func start(
        _ path: String, arguments: [String], environment: EnvironmentTable
    ) -> Result<pid_t, Launcher.Failure> {
        // Darwin's <spawn.h>: `typedef void *posix_spawnattr_t` (and `posix_spawn_file_actions_t`), imported as an
        // optional raw pointer that `..._init` allocates; glibc's are structs. As swift-tools-support-core's
        // Sources/TSCBasic/Process/Process.swift spells both (`launch()`).
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
        var mask = self.mask
        var defaults = Self.caughtSignals()
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        switch group {
        case .parents: break
        case .own:
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        case .newSession: flags |= Self.setsid
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        for (number, descriptor) in descriptors {
            switch descriptor {
            case .duplicate(let source): posix_spawn_file_actions_adddup2(&actions, source, number)
            case .open(let path): posix_spawn_file_actions_addopen(&actions, number, path, O_RDWR, 0)
            }
        }
        let envp = CStringArray(environment: environment)
        var pid = pid_t()
        let code = Launcher.fallingBackToShell(path, arguments: arguments) { path, argv in
            posix_spawn(&pid, path, &actions, &attributes, argv.pointer, envp.pointer)
        }
        guard code == 0 else { return .failure(Launcher.Failure(command: arguments.first ?? path, code: code)) }
        return .success(pid)
    }

    /// The signals this process catches (a handler, not `SIG_DFL` nor `SIG_IGN`: ``SignalDisposition/isCaught``):
    /// `exec` would give them their default action.
    private static func caughtSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal: Int32 in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
            if SignalDisposition.of(signal)?.isCaught == true { sigaddset(&set, signal) }
        }
        return set
    }

    /// `POSIX_SPAWN_SETSID`: 0x80 in glibc's <spawn.h> (2.26 and later, under `__USE_GNU`, which the Glibc module
    /// does not define), 0x0400 in XNU's bsd/sys/spawn.h.
    #if canImport(Darwin)
    private static let setsid = Int32(POSIX_SPAWN_SETSID)
    #else
    private static let setsid: Int32 = 0x80
    #endif
}

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished process left: its exit status (or the signal that ended it) and what it printed.
package struct ProcessResult {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    package var signaled: Bool = false
    package var pid: Int32 = 0
}

/// Runs programs for the tests, the way a user's shell would: exactly the environment given, default signal
/// handling, no descriptor of the test process.
package enum Subprocess {
    /// Runs `executable` with `arguments` in `directory`, with exactly `environment` (plus a default PATH when it has
    /// none), and waits for it.
    ///
    /// posix_spawn and wait4, not Foundation's Process: Process can miss the exit of a child that leaves a daemon
    /// behind, as `tmux new-session -d` does. Output goes to files, so nothing can block on a pipe;
    /// `mergingStandardError` sends standard error into `stdout` too, interleaved as written.
    ///
    /// The child starts with no blocked signals and every signal at its default action. The test runner's threads
    /// block most signals, and a spawned process inherits that mask: a tmux server started that way never received
    /// the SIGTERM of `kill-server` and outlived every test run.
    package static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        stdin: String? = nil, mergingStandardError: Bool = false
    ) throws -> ProcessResult {
        var env = environment
        if env["PATH"] == nil { env["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        let scratch = try TemporaryDirectory(prefix: "profile-run")
        let input = scratch.path("in")
        let output = scratch.path("out")
        let errors = scratch.path("err")
        try scratch.write("in", stdin ?? "")

        let pid = try spawn(
            executable, arguments, in: directory, environment: env, stdin: input, stdout: output,
            stderr: mergingStandardError ? nil : errors)
        let status = reap(pid, executable)
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        let code = signaled ? status & 0x7F : (status >> 8) & 0xFF
        let outData = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        let errData = mergingStandardError ? Data() : (try? Data(contentsOf: URL(fileURLWithPath: errors))) ?? Data()
        return ProcessResult(
            status: code, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), signaled: signaled, pid: pid)
    }

    /// Waits for the child `pid` (blocked in `wait4`, woken by its end) and returns its wait status; the CPU time it
    /// used is recorded for `test` (``TestCosts``).
    package static func reap(_ pid: pid_t, _ executable: String, test: String = TestCosts.currentTest) -> Int32 {
        let started = ContinuousClock.now
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        TestCosts.record(executable: executable, test: test, usage: usage, wall: ContinuousClock.now - started)
        return status
    }

    /// Starts `executable` the way ``run(_:_:in:environment:stdin:mergingStandardError:)`` does (in `directory`, no
    /// descriptor of the test process, no blocked signal, default signal actions), with standard input, output and
    /// error on the files named (`stderr` nil: into `stdout`), and returns its pid without waiting.
    package static func spawn(
        _ executable: String, _ arguments: [String], in directory: String?, environment: [String: String],
        stdin: String, stdout: String, stderr: String?
    ) throws -> pid_t {
        try spawn(
            executable, arguments, in: directory, environment: environment,
            streams: [
                .open(stdin, O_RDONLY), .open(stdout, O_WRONLY | O_CREAT | O_TRUNC),
                stderr.map { .open($0, O_WRONLY | O_CREAT | O_TRUNC) } ?? .duplicate(1),
            ])
    }

    /// Where a child's descriptor 0, 1 or 2 comes from: a file opened for it (with those `open` flags), or a
    /// descriptor duplicated onto it (one of the test's, or one of the child's lower ones).
    package enum Stream {
        case open(String, Int32)
        case duplicate(Int32)
    }

    /// Starts `executable` with its descriptors 0, 1 and 2 from `streams`, in `directory`, with exactly `environment`,
    /// and returns its pid without waiting.
    package static func spawn(
        _ executable: String, _ arguments: [String], in directory: String?, environment: [String: String],
        streams: [Stream]
    ) throws -> pid_t {
        #if canImport(Darwin)
        // Darwin closes every other descriptor itself with POSIX_SPAWN_CLOEXEC_DEFAULT (below); bash changes directory.
        return try spawnThroughBash(
            executable, arguments, in: directory, environment: environment, streams: streams, closeInherited: "")
        #else
        if let pid = spawnDirectly(executable, arguments, in: directory, environment: environment, streams: streams) {
            return pid
        }
        // bash (dash cannot name descriptors above 9) closes the inherited descriptors, reading its own in /proc.
        let closeInherited = """
            for f in /proc/$$/fd/*; do n=${f##*/}; case $n in *[!0-9]*|0|1|2) ;; *) eval "exec $n>&-" ;; esac; done

            """
        return try spawnThroughBash(
            executable, arguments, in: directory, environment: environment, streams: streams,
            closeInherited: closeInherited)
        #endif
    }

    /// Through a bash trampoline, which runs `closeInherited`, changes directory, then execs the program: same pid.
    /// What bash does where the program cannot run is kept: 126 for a directory it cannot enter, 127 for a program
    /// not found, a script without `#!` run by the shell.
    private static func spawnThroughBash(
        _ executable: String, _ arguments: [String], in directory: String?, environment: [String: String],
        streams: [Stream], closeInherited: String
    ) throws -> pid_t {
        let trampoline =
            closeInherited + """
                [ -z "$0" ] || cd -- "$0" || exit 126
                exec "$@"
                """
        let pid = try spawn(
            "/bin/bash", ["/bin/bash", "-c", trampoline, directory ?? "", executable] + arguments, environment,
            streams: streams, directory: nil)
        guard let pid else { throw POSIXError(.EIO) }
        return pid
    }

    #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29) and `posix_spawn_file_actions_addclosefrom_np` (2.34):
    /// <spawn.h> declares them under `__USE_GNU`, which Swift's Glibc module does not define, so they are looked up by
    /// name; nil with an older C library.
    private typealias AddChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private struct GNUActions: @unchecked Sendable {
        var changeDirectory: AddChangeDirectory
        var closeFrom: AddCloseFrom
    }
    private static let gnuActions: GNUActions? = {
        let handle = dlopen(nil, RTLD_NOW)
        guard let changeDirectory = dlsym(handle, "posix_spawn_file_actions_addchdir_np"),
            let closeFrom = dlsym(handle, "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return GNUActions(
            changeDirectory: unsafeBitCast(changeDirectory, to: AddChangeDirectory.self),
            closeFrom: unsafeBitCast(closeFrom, to: AddCloseFrom.self))
    }()

    /// Spawns the program itself, as the trampoline would exec it (about 3 ms of bash less per child): glibc's file
    /// actions change directory and close the inherited descriptors, and a name without a slash is looked up on the
    /// child's `PATH` as bash's `exec` does. nil where only the trampoline can do what bash does: an older C library,
    /// a program not found, one the kernel refuses to execute, a directory that cannot be entered.
    private static func spawnDirectly(
        _ executable: String, _ arguments: [String], in directory: String?, environment: [String: String],
        streams: [Stream]
    ) -> pid_t? {
        guard gnuActions != nil, let path = lookUp(executable, path: environment["PATH"] ?? "", from: directory)
        else { return nil }
        return try? spawn(
            path, [executable] + arguments, asBashLeavesIt(environment, directory: directory), streams: streams,
            directory: directory ?? "")
    }

    /// `environment` as the trampoline's bash hands it to the program it execs: `PWD` the directory (the test's own
    /// without one), `OLDPWD` the test's directory after `cd`, `SHLVL` as given (0 when not a number). A user's
    /// shell exports them too; the tests were written with them there (a `sh` child adds a `PWD` it lacks).
    private static func asBashLeavesIt(_ environment: [String: String], directory: String?) -> [String: String] {
        var environment = environment
        let current = FileManager.default.currentDirectoryPath
        if let directory, !directory.isEmpty {
            environment["PWD"] = directory
            environment["OLDPWD"] = current
        } else {
            environment["PWD"] = current
        }
        environment["SHLVL"] = environment["SHLVL"].flatMap { Int($0) }.map(String.init) ?? "0"
        return environment
    }

    /// The file bash's `exec` runs for `name`: itself when it has a slash (relative to `directory`), else the first
    /// executable regular file of that name in a directory of `path`; nil when there is none.
    private static func lookUp(_ name: String, path: String, from directory: String?) -> String? {
        func runnable(_ candidate: String) -> Bool {
            var status = stat()
            return stat(candidate, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && access(candidate, X_OK) == 0
        }
        if name.contains("/") {
            let full = name.hasPrefix("/") || directory == nil ? name : directory! + "/" + name
            return runnable(full) ? name : nil
        }
        for folder in path.split(separator: ":", omittingEmptySubsequences: false) where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(name)"
            if runnable(candidate) { return candidate }
        }
        return nil
    }
    #endif

    /// posix_spawn of `path` with `argv` and `environment`, its descriptors 0-2 from `streams`, no blocked signal and
    /// every signal at its default action. `directory` non-nil (glibc only): the child changes into it (if not empty)
    /// and closes every descriptor above 2, by glibc's file actions. Throws what posix_spawn returns.
    private static func spawn(
        _ path: String, _ argv: [String], _ environment: [String: String], streams: [Stream], directory: String?
    ) throws -> pid_t? {
        // Darwin's <spawn.h> declares both as `void *` (imported as optional raw pointers, no zero-argument
        // initializer), glibc as structs: spelled per platform as swift-tools-support-core's
        // Sources/TSCBasic/Process/Process.swift does (lines 629-635 and 676-682).
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in streams.enumerated() {
            switch stream {
            case .open(let file, let flags):
                posix_spawn_file_actions_addopen(&actions, Int32(descriptor), file, flags, 0o644)
            case .duplicate(let source):
                posix_spawn_file_actions_adddup2(&actions, source, Int32(descriptor))
            }
        }
        #if !canImport(Darwin)
        if let directory, let gnuActions {
            if !directory.isEmpty { guard gnuActions.changeDirectory(&actions, directory) == 0 else { return nil } }
            guard gnuActions.closeFrom(&actions, 3) == 0 else { return nil }
        }
        #endif

        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        // Every signal that can be reset: SIGKILL and SIGSTOP cannot (swift-tools-support-core's Process.swift
        // leaves them out on Darwin, lines 645-650).
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        sigdelset(&allSignals, SIGKILL)
        sigdelset(&allSignals, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        // Every descriptor the test process may have open without close-on-exec must be closed in the child (other
        // tests run concurrently: a child, or a daemon like tmux's server, must not keep their files or sockets open).
        #if canImport(Darwin)
        // Darwin closes them itself with POSIX_SPAWN_CLOEXEC_DEFAULT (xnu bsd/sys/spawn.h, its Darwin-specific
        // flags: 0x4000), all but the three opened above, as swift-subprocess does on macOS
        // (Sources/_SubprocessCShims/process_shims.c, 1.0.2, lines 299-303).
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = argv.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        return pid
    }
}

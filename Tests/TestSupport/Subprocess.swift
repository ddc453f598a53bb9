import Foundation

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
    /// posix_spawn and waitpid, not Foundation's Process: Process can miss the exit of a child that leaves a daemon
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
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        let code = signaled ? status & 0x7F : (status >> 8) & 0xFF
        let outData = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        let errData = mergingStandardError ? Data() : (try? Data(contentsOf: URL(fileURLWithPath: errors))) ?? Data()
        return ProcessResult(
            status: code, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), signaled: signaled, pid: pid)
    }

    /// Starts `executable` the way ``run(_:_:in:environment:stdin:mergingStandardError:)`` does (through a bash
    /// trampoline that closes inherited descriptors and changes directory, no blocked signal, default signal
    /// actions), with standard input, output and error on the files named (`stderr` nil: into `stdout`), and returns
    /// its pid without waiting: same pid as the program once the trampoline execs.
    package static func spawn(
        _ executable: String, _ arguments: [String], in directory: String?, environment: [String: String],
        stdin: String, stdout: String, stderr: String?
    ) throws -> pid_t {
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
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let stderr {
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }

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
        let closeInherited = ""
        #else
        // Linux has no such flag: bash (dash cannot name descriptors above 9) closes them, reading its own
        // descriptors in /proc.
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        let closeInherited = """
            for f in /proc/$$/fd/*; do n=${f##*/}; case $n in *[!0-9]*|0|1|2) ;; *) eval "exec $n>&-" ;; esac; done

            """
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        // Through bash, which changes directory, then execs the program: same pid, portable.
        let trampoline =
            closeInherited + """
                [ -z "$0" ] || cd -- "$0" || exit 126
                exec "$@"
                """
        let command = ["/bin/bash", "-c", trampoline, directory ?? "", executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        return pid
    }
}

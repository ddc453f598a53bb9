import Foundation
import Testing

/// Runs the built binaries as a user would, and captures what they print.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var signaled: Bool = false
        var pid: Int32 = 0
    }

    /// The folder holding the built products (`profile`, `countries`).
    static let productsDirectory: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
        #endif
    }()

    /// The repository root (for its `profiles/`).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var profileBinary: String { productsDirectory.appendingPathComponent("profile").path }

    /// Runs `profile` with `arguments` in `directory`, with exactly `environment` (plus PATH when not given).
    @discardableResult
    static func profile(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], stdin: String? = nil
    ) throws -> Result {
        try run(profileBinary, arguments, in: directory, environment: environment, stdin: stdin)
    }

    /// Runs `executable` with posix_spawn and waitpid (Foundation's Process can miss the exit of a child that
    /// leaves a daemon behind, as `tmux new-session -d` does). Output goes to files, so nothing can block on a pipe.
    static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> Result {
        var env = environment
        if env["PATH"] == nil { env["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("profile-cli-\(UUID().uuidString)").path
        try Data((stdin ?? "").utf8).write(to: URL(fileURLWithPath: scratch + ".in"))
        defer {
            for suffix in [".in", ".out", ".err"] { try? FileManager.default.removeItem(atPath: scratch + suffix) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, scratch + ".in", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Through bash (dash cannot name descriptors above 9) that closes every descriptor the test process may have open without close-on-exec (other
        // tests run concurrently: a child, or a daemon like tmux's server, must not keep their files or sockets
        // open), changes directory, then execs the program: same pid, portable.
        let trampoline = """
            for f in /proc/$$/fd/*; do n=${f##*/}; case $n in *[!0-9]*|0|1|2) ;; *) eval "exec $n>&-" ;; esac; done
            [ -z "$0" ] || cd -- "$0" || exit 126
            exec "$@"
            """
        let command = ["/bin/bash", "-c", trampoline, directory ?? "", executable]
        let argv = (command + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        let code = signaled ? status & 0x7F : (status >> 8) & 0xFF
        let outData = (try? Data(contentsOf: URL(fileURLWithPath: scratch + ".out"))) ?? Data()
        let errData = (try? Data(contentsOf: URL(fileURLWithPath: scratch + ".err"))) ?? Data()
        return Result(
            status: code, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            signaled: signaled, pid: pid)
    }
}

/// A throwaway project folder with a `profiles/` directory, for end-to-end tests.
final class Project {
    let root: String

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("profile-e2e-\(UUID().uuidString)").path
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes a file through a close-on-exec descriptor: tests spawn processes concurrently, and a child that
    /// inherited a write descriptor to a script would make executing that script fail (ETXTBSY).
    func write(_ relative: String, _ text: String, executable: Bool = false) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, executable ? 0o755 : 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(fd, buffer.baseAddress, buffer.count)
                #else
                Darwin.write(fd, buffer.baseAddress, buffer.count)
                #endif
            }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            offset += written
        }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Runs `profile` in the project root (or a subfolder).
    @discardableResult
    func profile(_ arguments: [String], in sub: String = "", environment: [String: String] = [:], stdin: String? = nil) throws -> CLI.Result {
        let directory = sub.isEmpty ? root : path(sub)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try CLI.profile(arguments, in: directory, environment: environment, stdin: stdin)
    }
}

/// A child that prints what it received: one line per argument, then the environment, sorted.
let showChild = """
    #!/bin/sh
    for a in "$@"; do printf 'arg:%s\\n' "$a"; done
    env | LC_ALL=C sort | sed 's/^/env:/'
    """

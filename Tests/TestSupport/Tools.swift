import Foundation

/// The programs some tests drive (shells, tmux, git), found the way a developer's shell finds them: on `PATH`, then
/// where Homebrew installs them (`/opt/homebrew/bin` on Apple silicon, `/usr/local/bin` on Intel Macs), then
/// `/usr/bin` and `/bin`. A test that needs a missing one is skipped, with the reason in `swift test`'s output. With
/// `PROFILE_REQUIRE_SHELLS=1` (`.ci/run` sets it) the test `CompletionTests.requiredToolsAreInstalled` fails instead,
/// naming what is missing.
package enum Tools {
    /// Every tool some test needs: the completion and shell tests, and the interpolation parity tests (bash and dash).
    /// `bash-completion` is the package's loader script, not a command.
    package static let all = ["bash", "dash", "zsh", "fish", "tmux", "git", "bash-completion"]

    /// What a tool must be beyond its name: the shell-parity and completion tests were written against bash 5 (macOS's
    /// own `/bin/bash` is 3.2, so there it is Homebrew's), and bash-completion 2 needs bash 4.2 or later.
    package static let requirements = ["bash": "bash 5 or later"]

    /// Whether a missing tool fails the run instead of skipping its tests.
    package static var required: Bool { ProcessInfo.processInfo.environment["PROFILE_REQUIRE_SHELLS"] == "1" }

    /// Where tools are looked for, in order, each directory once.
    package static let searchDirectories: [String] = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        var directories: [String] = []
        for directory in path.split(separator: ":").map(String.init) + [
            "/opt/homebrew/bin", "/usr/local/bin", "/usr/bin", "/bin",
        ] where directory.hasPrefix("/") && !directories.contains(directory) {
            directories.append(directory)
        }
        return directories
    }()

    /// The executable named `name` (meeting its ``requirements``), or the bash-completion loader for
    /// `bash-completion`; nil when missing.
    package static func path(_ name: String) -> String? {
        if name == "bash-completion" { return bashCompletion }
        return found.withLock { found in
            if let known = found[name] { return known }
            let path = find(name, in: searchDirectories)
            found[name] = .some(path)
            return path
        }
    }

    /// The first executable `name` in `directories` that meets its ``requirements``.
    package static func find(_ name: String, in directories: [String]) -> String? {
        directories.lazy.map { "\($0)/\(name)" }.first { candidate in
            FileManager.default.isExecutableFile(atPath: candidate) && meetsRequirement(name, candidate)
        }
    }

    private static let found = Locked<[String: String?]>([:])

    /// Whether `path` is a `name` the tests can use: bash 5 or later for `bash`, anything for the others.
    private static func meetsRequirement(_ name: String, _ path: String) -> Bool {
        guard name == "bash" else { return true }
        let version = try? Subprocess.run(path, ["-c", "echo ${BASH_VERSINFO[0]}"])
        return Int(version?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? "").map { $0 >= 5 } ?? false
    }

    /// bash-completion's loader: through it bash completes other commands (git's subcommands after `--`). Debian's
    /// package, then Homebrew's `bash-completion@2` (Apple silicon, Intel).
    package static let bashCompletion: String? = [
        "/usr/share/bash-completion/bash_completion",
        "/opt/homebrew/etc/profile.d/bash_completion.sh",
        "/usr/local/etc/profile.d/bash_completion.sh",
    ].first { FileManager.default.isReadableFile(atPath: $0) }

    /// The tools of `names` that are missing, each with what it must be (`bash 5 or later`).
    package static func missing(_ names: [String]) -> [String] {
        names.filter { path($0) == nil }.map { requirements[$0] ?? $0 }
    }

    package static func available(_ names: String...) -> Bool { missing(names).isEmpty }

    /// A `PATH` for a session that runs the tools: the directories where they were found first (so a shell finds the
    /// same git and completion scripts the test checked), then `/usr/local/bin`, `/usr/bin` and `/bin`.
    package static var sessionPath: String {
        var directories: [String] = []
        for name in all where name != "bash-completion" {
            if let path = path(name) { directories.append((path as NSString).deletingLastPathComponent) }
        }
        var unique: [String] = []
        for directory in directories + ["/usr/local/bin", "/usr/bin", "/bin"] where !unique.contains(directory) {
            unique.append(directory)
        }
        return unique.joined(separator: ":")
    }

    /// A UTF-8 locale this system has, for `LANG` in a session that shows or quotes non-ASCII text. Asked of
    /// `locale -a`, not assumed (a locale the system lacks makes shells warn on standard error): `C.UTF-8` where it is
    /// listed (glibc lists `C.utf8`), else `en_US.UTF-8`, else the first UTF-8 locale listed, else `C`.
    package static let utf8Locale: String = {
        let listed = (try? Subprocess.run("/usr/bin/env", ["locale", "-a"]))?.stdout ?? ""
        let names = listed.split(separator: "\n").map(String.init)
        func normalized(_ name: String) -> String { name.lowercased().replacingOccurrences(of: "-", with: "") }
        for wanted in ["C.UTF-8", "en_US.UTF-8"] where names.contains(where: { normalized($0) == normalized(wanted) }) {
            return wanted
        }
        return names.first { normalized($0).hasSuffix(".utf8") } ?? "C"
    }()
}

/// A value behind a lock (tests run in parallel; the lookups above run from traits and test bodies alike).
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

import Foundation

/// The peers the tests require — programs (shells, tmux, git), Python modules, libraries — as `Tests/peers.txt` lists
/// them: the one list that `.ci/run` and the workflow's macOS job install from (`Scripts/peers.py install`). Programs
/// are found the way a developer's shell finds them: on `PATH`, then where Homebrew installs them (`/opt/homebrew/bin`
/// on Apple silicon, `/usr/local/bin` on Intel Macs), then `/usr/bin` and `/bin`. A test that needs a missing one is
/// skipped, with the reason in `swift test`'s output. With `PROFILE_REQUIRE_SHELLS=1` (`.ci/run` sets it) the test
/// `CompletionTests.requiredToolsAreInstalled` fails instead, naming what is missing.
package enum Tools {
    /// One line of `Tests/peers.txt`.
    package struct Peer: Sendable, Equatable {
        package var name: String
        /// `command`, `command:N`, `python`, `bash-completion`, `file:PATH` or `library:NAME`.
        package var kind: String
        /// `all`, `linux` or `macos`.
        package var on: String
        package var why: String

        /// Whether this system needs it.
        package var isNeededHere: Bool {
            #if os(macOS)
            on == "all" || on == "macos"
            #else
            on == "all" || on == "linux"
            #endif
        }

        /// The least major version a `command:N` must report (`bash` 5: macOS's own `/bin/bash` is 3.2).
        package var minimumVersion: Int? {
            kind.hasPrefix("command:") ? Int(kind.dropFirst("command:".count)) : nil
        }
    }

    /// Every peer of `Tests/peers.txt`, in its order.
    package static let peers: [Peer] = {
        let text = (try? String(contentsOfFile: TestPaths.repositoryPath("Tests/peers.txt"), encoding: .utf8)) ?? ""
        return parse(text)
    }()

    /// The peers of a `peers.txt` text: seven columns separated by spaces (the last, `why`, takes the rest of the
    /// line); `#` lines and blank lines skipped.
    package static func parse(_ text: String) -> [Peer] {
        text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.allSatisfy(\.isWhitespace) else { return nil }
            let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: true)
            guard fields.count == 7 else { return nil }
            return Peer(
                name: String(fields[0]), kind: String(fields[1]), on: String(fields[2]),
                why: fields[6].trimmingCharacters(in: .whitespaces))
        }
    }

    /// Every peer this system needs, by name: the commands, `bash-completion`, the Python modules and the files.
    package static var all: [String] { peers.filter(\.isNeededHere).map(\.name) }

    /// What a peer must be beyond its name, for the message naming it (`bash 5 or later`).
    package static func requirement(_ name: String) -> String {
        guard let peer = peers.first(where: { $0.name == name }) else { return "\(name) (not in Tests/peers.txt)" }
        if let minimum = peer.minimumVersion { return "\(name) \(minimum) or later" }
        return peer.kind == "python" ? "python module \(name)" : name
    }

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
    /// For a Python module, a file or a library of the list: its name, or the file's path, when present.
    package static func path(_ name: String) -> String? {
        if name == "bash-completion" { return bashCompletion }
        return found.withLock { found in
            if let known = found[name] { return known }
            let path = locate(name)
            found[name] = .some(path)
            return path
        }
    }

    private static func locate(_ name: String) -> String? {
        let kind = peers.first { $0.name == name }?.kind ?? "command"
        if kind == "python" {
            return pythonCanImport(name) ? name : nil
        } else if kind.hasPrefix("file:") {
            let file = String(kind.dropFirst("file:".count))
            return FileManager.default.isReadableFile(atPath: file) ? file : nil
        } else if kind.hasPrefix("library:") {
            let library = kind.dropFirst("library:".count)
            return pythonAnswers("import ctypes.util, sys; sys.exit(ctypes.util.find_library('\(library)') is None)")
                ? name : nil
        }
        let found = find(name, in: searchDirectories)
        return name == "python3" ? found.map(interpreter) : found
    }

    /// The interpreter that the `python3` at `path` runs: asked once (`sys.executable`), so that each later run skips
    /// whatever launcher stands in front of it (pyenv's shim is a bash script that runs pyenv: a tenth of a second of
    /// CPU a run); `path` itself when it does not answer.
    private static func interpreter(_ path: String) -> String {
        let answer = (try? Subprocess.run(path, ["-c", "import sys; print(sys.executable)"]))?.stdout ?? ""
        let executable = answer.trimmingCharacters(in: .newlines)
        return executable.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: executable) ? executable : path
    }

    /// A ``PythonServer`` on the interpreter `python3` runs, with the test process's environment (so python3 as the
    /// user's `PATH` finds it: a pyenv version, a virtual environment).
    package static func pythonServer() throws -> PythonServer {
        guard let python = path("python3") else { throw PythonServer.Failure(description: "python3 is missing") }
        return try PythonServer(python: python, environment: ProcessInfo.processInfo.environment)
    }

    /// ``PythonServers`` on that interpreter: one for each test that asks at the same time.
    package static func pythonServers() -> PythonServers {
        PythonServers { try pythonServer() }
    }

    /// Whether the `python3` on `PATH` imports `module`. The modules of `Tests/peers.txt` are tried together, in one
    /// python3 (``importablePeerModules``); another module in one of its own.
    package static func pythonCanImport(_ module: String) -> Bool {
        let listed = peers.contains { $0.kind == "python" && $0.name == module }
        return listed ? importablePeerModules.contains(module) : pythonAnswers("import \(module)")
    }

    /// The Python modules of `Tests/peers.txt` that the `python3` on `PATH` imports, each tried on its own (a failing
    /// import is that module's alone), all in one python3: a python3 per module took seconds of every run.
    private static let importablePeerModules: Set<String> = {
        guard let python = find("python3", in: searchDirectories) else { return [] }
        let modules = peers.filter { $0.kind == "python" }.map(\.name)
        let script = """
            import importlib, sys
            for name in sys.argv[1:]:
                try:
                    importlib.import_module(name)
                    print(name)
                except Exception:
                    pass
            """
        let output = (try? Subprocess.run(python, ["-c", script] + modules))?.stdout ?? ""
        return Set(output.split(separator: "\n").map(String.init))
    }()

    private static func pythonAnswers(_ script: String) -> Bool {
        guard let python = find("python3", in: searchDirectories) else { return false }
        return (try? Subprocess.run(python, ["-c", script]))?.status == 0
    }

    /// The first executable `name` in `directories` that meets its ``requirements``.
    package static func find(_ name: String, in directories: [String]) -> String? {
        directories.lazy.map { "\($0)/\(name)" }.first { candidate in
            FileManager.default.isExecutableFile(atPath: candidate) && meetsRequirement(name, candidate)
        }
    }

    private static let found = Locked<[String: String?]>([:])

    /// Whether `path` is a `name` the tests can use: for a `command:N`, `path --version` prints N or more as its first
    /// number (as `Scripts/peers.py` checks); anything for the others.
    private static func meetsRequirement(_ name: String, _ path: String) -> Bool {
        guard let minimum = peers.first(where: { $0.name == name })?.minimumVersion else { return true }
        let output = (try? Subprocess.run(path, ["--version"]))?.stdout ?? ""
        let digits = output.drop { !$0.isNumber }.prefix { $0.isNumber }
        return Int(digits).map { $0 >= minimum } ?? false
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
        names.filter { path($0) == nil }.map(requirement)
    }

    package static func available(_ names: String...) -> Bool { missing(names).isEmpty }

    /// A `PATH` for a session that runs the tools: the directories where they were found first (so a shell finds the
    /// same git and completion scripts the test checked), then `/usr/local/bin`, `/usr/bin` and `/bin`.
    package static var sessionPath: String {
        var directories: [String] = []
        for peer in peers where peer.isNeededHere && peer.kind.hasPrefix("command") {
            if let path = path(peer.name) { directories.append((path as NSString).deletingLastPathComponent) }
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

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 14, item 3: every file `profile` writes is written whole or not at all, whatever happens meanwhile. Signals
/// are sent to a real process at the moment of writing: debug builds honour `PROFILE_DEBUG_PAUSE_BEFORE_RENAME`,
/// which stops the writer after its temporary file is complete and before the rename until the test has opened and
/// closed a FIFO (see `DebugPause`).
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct AtomicWritesTests {
    static let original = "ORIGINAL CONTENT\n"
    static let catalog = "flags:\n  skipOnboarding: Start on the main screen\nvalues:\n  pageSize: {type: int}\n"
    static let scheme = XcodeUpdateTests.fixtures.appendingPathComponent("Weather.xcscheme").path

    func project(_ extra: [String: String] = [:]) throws -> Project {
        var files = [
            "profiles/_catalog.yml": Self.catalog,
            "profiles/p.yml": "flags: {skipOnboarding: true}\nenv: {FROM: p}\n",
            "profiles/q.yml": "values: {pageSize: 3}\nenv: {FROM: q}\n",
        ]
        files.merge(extra) { $1 }
        return try Project(files)
    }

    func text(_ project: Project, _ name: String) -> String? {
        try? String(contentsOfFile: project.path(name), encoding: .utf8)
    }

    /// Temporary files left in `directory` (they start with a dot and hold `profile-tmp`).
    func leftovers(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains("profile-tmp") }
    }

    // MARK: - Signals at the moment of writing

    @Test(arguments: [
        (SIGTERM, ["export", "json", "p", "--output", "out.json"], "out.json"),
        (SIGINT, ["generate", "swift", "--output", "Gen.swift"], "Gen.swift"),
        (SIGHUP, ["export", "xcscheme", "p", "--update", "App.xcscheme"], "App.xcscheme"),
    ])
    func aSignalWhileWritingLeavesTheOriginal(signal: Int32, arguments: [String], file: String) async throws {
        let original = file == "App.xcscheme" ? try String(contentsOfFile: Self.scheme, encoding: .utf8) : Self.original
        let project = try project([file: original])
        let writer = try PausedWriter(project, arguments)
        try await writer.waitUntilPaused()
        // The moment of writing: the temporary file is there, complete, beside the untouched target.
        #expect(leftovers(project.root).count == 1)
        #expect(kill(writer.pid, signal) == 0)
        writer.release()
        let end = await writer.wait()
        #expect(end.signaled && end.status == signal, "\(end)")
        #expect(text(project, file) == original)
        #expect(leftovers(project.root) == [])
    }

    @Test func initInterruptedHalfWayCompletesWhenRunAgain() async throws {
        let project = try Project(["README.md": "app\n"])
        let writer = try PausedWriter(project, ["init"], only: "base.yml")
        try await writer.waitUntilPaused()
        #expect(kill(writer.pid, SIGINT) == 0)
        writer.release()
        let end = await writer.wait()
        #expect(end.signaled && end.status == SIGINT, "\(end)")
        #expect(project.exists("profiles/_catalog.yml"))
        #expect(!project.exists("profiles/base.yml"))
        #expect(leftovers(project.path("profiles")) == [])

        let again = try project.profile(["init"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("kept profiles/_catalog.yml (already as `profile init` writes it)\n"))
        #expect(again.stdout.contains("created profiles/base.yml\ncreated profiles/example.yml\n"))
        #expect(try project.profile(["lint"]).status == 0)
        #expect(try project.profile(["init"]).status == 0)

        // Only a real conflict stops it, and then nothing is written.
        try project.write("profiles/base.yml", "description: mine\n")
        try FileManager.default.removeItem(atPath: project.path("profiles/example.yml"))
        let conflict = try project.profile(["init"])
        #expect(conflict.status == 73)
        #expect(conflict.stderr.contains("`profiles/base.yml` already exists"))
        #expect(!project.exists("profiles/example.yml"))
    }

    // MARK: - Nowhere to write

    @Test func aFileSizeLimitLeavesTheOriginal() throws {
        let project = try Project(["Gen.swift": Self.original])
        #expect(try project.profile(["init"]).status == 0)
        #expect(try project.profile(["generate", "swift"]).stdout.utf8.count > 1024)
        // `ulimit -f 1`: files of at most 1024 bytes; the output is larger (SIGXFSZ is ignored: EFBIG).
        let limited = try CLI.run(
            "/bin/bash", ["-c", "ulimit -f 1 && exec \"$0\" generate swift --output Gen.swift", CLI.profileBinary],
            in: project.root)
        #expect(limited.status == 73, "\(limited.stderr)")
        #expect(limited.stderr.contains("cannot write `Gen.swift`: File too large"))
        #expect(text(project, "Gen.swift") == Self.original)
        #expect(leftovers(project.root) == [])
    }

    /// A real full disk: a 4 KiB tmpfs in a private mount namespace (root only), holding the original file.
    @Test(.enabled(if: Self.canMountTmpfs, "needs root and Linux's `unshare -m` to mount a small tmpfs"))
    func aFullDiskLeavesTheOriginal() throws {
        let project = try Project(["disk/.keep": ""])
        #expect(try project.profile(["init"]).status == 0)
        let script = """
            mount -t tmpfs -o size=4k tmpfs disk || exit 99
            printf 'ORIGINAL CONTENT\\n' > disk/Gen.swift
            head -c 4096 /dev/zero > disk/filler 2>/dev/null
            "$0" generate swift --output disk/Gen.swift
            echo "status=$?"
            cat disk/Gen.swift
            ls -A disk
            """
        let result = try CLI.run(
            "/usr/bin/unshare", ["-m", "/bin/bash", "-c", script, CLI.profileBinary], in: project.root)
        #expect(result.stdout == "status=73\nORIGINAL CONTENT\nGen.swift\nfiller\n", "\(result.stderr)")
        #expect(result.stderr.contains("cannot write `disk/Gen.swift`: No space left on device"))
    }

    static var canMountTmpfs: Bool {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe =
            "d=$(mktemp -d) && mount -t tmpfs -o size=4k tmpfs \"$d\" && umount \"$d\"; r=$?; rmdir \"$d\"; exit $r"
        return (try? CLI.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", probe]).status) == 0
    }

    /// A directory no one may write in (root ignores permissions: then the immutable attribute, `chattr +i`).
    @Test(.enabled(if: Self.canMakeReadOnly, "root without Linux's `chattr +i` cannot make a read-only directory"))
    func aReadOnlyDirectoryLeavesTheOriginal() throws {
        let project = try project(["locked/Gen.swift": Self.original])
        try Self.setReadOnly(project.path("locked"), true)
        defer { try? Self.setReadOnly(project.path("locked"), false) }
        for arguments in [
            ["generate", "swift", "--output", "locked/Gen.swift"],
            ["export", "json", "p", "--output", "locked/Gen.swift"],
        ] {
            let result = try project.profile(arguments)
            #expect(result.status == 73)
            #expect(result.stderr.contains("cannot write `locked/Gen.swift`: "), "\(result.stderr)")
            #expect(text(project, "locked/Gen.swift") == Self.original)
        }
        let initialise = try project.profile(["init", "--directory", "locked"])
        #expect(initialise.status == 73)
        #expect(initialise.stderr.contains("`locked/profiles`"), "\(initialise.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path("locked")) == ["Gen.swift"])
    }

    static func setReadOnly(_ directory: String, _ readOnly: Bool) throws {
        if geteuid() == 0 {
            _ = try CLI.run("/usr/bin/chattr", [readOnly ? "+i" : "-i", directory])
        } else {
            chmod(directory, readOnly ? 0o555 : 0o755)
        }
    }

    static var canMakeReadOnly: Bool {
        guard geteuid() == 0 else { return true }
        guard let scratch = try? TemporaryDirectory(prefix: "profile-chattr") else { return false }
        defer { scratch.remove() }
        guard (try? CLI.run("/usr/bin/chattr", ["+i", scratch.path]).status) == 0 else { return false }
        let writable = FileManager.default.createFile(atPath: scratch.path("x"), contents: Data())
        _ = try? CLI.run("/usr/bin/chattr", ["-i", scratch.path])
        return !writable
    }

    // MARK: - What is not a regular file

    @Test func aFIFOIsWrittenThrough() throws {
        let project = try project()
        #expect(mkfifo(project.path("out.fifo"), 0o644) == 0)
        let reader = try Subprocess.spawn(
            "/bin/sh", ["-c", "cat out.fifo > got.json"], in: project.root, environment: ["PATH": "/usr/bin:/bin"],
            stdin: "/dev/null", stdout: "/dev/null", stderr: nil)
        let result = try project.profile(["export", "json", "p", "--output", "out.fifo"])
        var status: Int32 = 0
        waitpid(reader, &status, 0)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(text(project, "got.json") == (try project.profile(["export", "json", "p"])).stdout)
        var info = stat()
        #expect(lstat(project.path("out.fifo"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func standardOutputAndDevicesAreWrittenThrough() throws {
        let project = try project()
        let expected = try project.profile(["export", "json", "p"]).stdout
        #expect(try project.profile(["export", "json", "p", "--output", "/dev/stdout"]).stdout == expected)
        #expect(try project.profile(["generate", "swift", "--output", "/dev/stdout"]).stdout.hasPrefix("// Generated"))
        #expect(try project.profile(["export", "json", "p", "--output", "/dev/null"]).status == 0)
    }

    /// A device whose writes fail: `/dev/full` (Linux's: every write fails with ENOSPC).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
    func aDevicesWriteErrorIsReported() throws {
        let project = try project()
        let full = try project.profile(["export", "json", "p", "--output", "/dev/full"])
        #expect(full.status == 73)
        #expect(full.stderr == "profile: error: cannot write `/dev/full`: No space left on device\n")
    }

    // MARK: - A changing target

    @Test(arguments: [
        ["export", "json", "p", "--output", "out.json"], ["export", "xcscheme", "p", "--update", "out.json"],
    ])
    func aTargetSwappedForALinkIsNotFollowed(arguments: [String]) async throws {
        let original = try String(contentsOfFile: Self.scheme, encoding: .utf8)
        let project = try project(["out.json": original, "other.txt": "someone else's file\n"])
        let writer = try PausedWriter(project, arguments)
        try await writer.waitUntilPaused()
        try FileManager.default.removeItem(atPath: project.path("out.json"))
        #expect(symlink("other.txt", project.path("out.json")) == 0)
        writer.release()
        let end = await writer.wait()
        #expect(!end.signaled && end.status == 73, "\(end)")
        #expect(writer.stderr.contains("`out.json` was replaced by a symbolic link"), "\(writer.stderr)")
        #expect(text(project, "other.txt") == "someone else's file\n")
        #expect(leftovers(project.root) == [])
    }

    /// Two updates of one scheme at once: the first holds the lock until its rename; the second then finds the file
    /// changed and refuses. One complete result, never a mix.
    @Test func concurrentUpdatesLeaveOneCompleteResult() async throws {
        let original = try String(contentsOfFile: Self.scheme, encoding: .utf8)
        let project = try project(["App.xcscheme": original, "Alone.xcscheme": original, "Both.xcscheme": original])
        // The possible results, made one at a time.
        #expect(try project.profile(["export", "xcscheme", "p", "--update", "Alone.xcscheme"]).status == 0)
        #expect(try project.profile(["export", "xcscheme", "p", "--update", "Both.xcscheme"]).status == 0)
        #expect(try project.profile(["export", "xcscheme", "q", "--update", "Both.xcscheme"]).status == 0)
        let alone = text(project, "Alone.xcscheme")
        let both = text(project, "Both.xcscheme")

        let first = try PausedWriter(project, ["export", "xcscheme", "p", "--update", "App.xcscheme"])
        try await first.waitUntilPaused()
        let second = try PausedWriter(project, ["export", "xcscheme", "q", "--update", "App.xcscheme"], paused: false)
        first.release()
        let firstEnd = await first.wait()
        let secondEnd = await second.wait()
        #expect(firstEnd.status == 0 && !firstEnd.signaled, "\(first.stderr)")
        let result = text(project, "App.xcscheme")
        if secondEnd.status == 0 {
            #expect(result == both)  // the second read the first's result
        } else {
            #expect(secondEnd.status == 73)
            #expect(second.stderr.contains("`App.xcscheme` changed on disk after it was read"), "\(second.stderr)")
            #expect(result == alone)
        }
        #expect(leftovers(project.root) == [])
    }

    /// Without a pause, many times: whatever the interleaving, the file is always one of the complete results.
    @Test func racingUpdatesNeverMix() async throws {
        let original = try String(contentsOfFile: Self.scheme, encoding: .utf8)
        let project = try project([
            "P.xcscheme": original, "Q.xcscheme": original, "PQ.xcscheme": original,
            "QP.xcscheme": original,
        ])
        for (name, order) in [("P", ["p"]), ("Q", ["q"]), ("PQ", ["p", "q"]), ("QP", ["q", "p"])] {
            for profile in order {
                #expect(
                    try project.profile(["export", "xcscheme", profile, "--update", "\(name).xcscheme"]).status == 0)
            }
        }
        let complete = Set(["P", "Q", "PQ", "QP"].compactMap { text(project, "\($0).xcscheme") })
        for round in 0..<8 {
            try project.write("App.xcscheme", original)
            let writers = try ["p", "q"].map {
                try PausedWriter(project, ["export", "xcscheme", $0, "--update", "App.xcscheme"], paused: false)
            }
            var ends: [(status: Int32, signaled: Bool)] = []
            for writer in writers { ends.append(await writer.wait()) }
            #expect(ends.allSatisfy { !$0.signaled && ($0.status == 0 || $0.status == 73) }, "round \(round): \(ends)")
            #expect(ends.contains { $0.status == 0 })
            #expect(text(project, "App.xcscheme").map(complete.contains) == true, "round \(round)")
            #expect(leftovers(project.root) == [])
        }
    }
}

/// A `profile` process in the background, which the debug hook stops before its rename until ``release()``.
final class PausedWriter {
    let pid: pid_t
    private let scratch: TemporaryDirectory
    private var held: Int32 = -1

    init(_ project: Project, _ arguments: [String], only: String? = nil, paused: Bool = true) throws {
        scratch = try TemporaryDirectory(prefix: "profile-pause")
        var environment = ["PATH": "/usr/bin:/bin"]
        if paused {
            #expect(mkfifo(scratch.path("pause"), 0o600) == 0)
            environment["PROFILE_DEBUG_PAUSE_BEFORE_RENAME"] = scratch.path("pause")
            if let only { environment["PROFILE_DEBUG_PAUSE_ONLY"] = only }
        }
        pid = try Subprocess.spawn(
            CLI.profileBinary, arguments, in: project.root, environment: environment, stdin: "/dev/null",
            stdout: scratch.path("out"), stderr: scratch.path("err"))
    }

    /// Returns once the process waits in the hook (a writer can open the FIFO only while it has it open to read).
    func waitUntilPaused() async throws {
        var ended = false
        let paused = await Wait.until {
            held = open(scratch.path("pause"), O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            var status: Int32 = 0
            ended = held < 0 && waitpid(pid, &status, WNOHANG) == pid
            return held >= 0 || ended
        }
        if ended {
            Issue.record("the writer ended before it paused: \(stderr)")
            throw CancellationError()
        }
        if !paused {
            kill(pid, SIGKILL)
            Issue.record("the writer never paused")
            throw CancellationError()
        }
    }

    /// Lets the paused process go on.
    func release() {
        if held >= 0 { close(held) }
        held = -1
    }

    var stderr: String { (try? String(contentsOfFile: scratch.path("err"), encoding: .utf8)) ?? "" }

    /// Waits for the end (`Wait.forExit`): its exit status, or the signal that ended it.
    func wait() async -> (status: Int32, signaled: Bool) {
        release()
        let status = await Wait.forExit(of: pid, program: "profile")
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        return (signaled ? status & 0x7F : (status >> 8) & 0xFF, signaled)
    }

    deinit {
        release()
        scratch.remove()
    }
}

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 14, item 2: a FIFO, a socket or a device named like a profile, an overlay or the catalog (or a link to one),
/// and a file that may not be read, never block the tool (a FIFO used to wait forever for a writer, freezing `list`,
/// TAB completion and `run`). Each command answers at once, names the file (`path: error: …`), launches nothing and
/// exits 66, the status of an unreadable input (as for a missing profiles directory).
@Suite(.timeLimit(.minutes(20))) struct NonRegularFilesTests {
    func project() throws -> Project {
        let project = try Project([
            "profiles/ok.yml": "description: A profile\n",
            "profiles/other.yml": "description: Another\n",
        ])
        for fifo in ["profiles/x.yml", "profiles/other.local.yml", "profiles/_catalog.yml"] {
            #expect(mkfifo(project.path(fifo), 0o644) == 0)
        }
        return project
    }

    static let fifo = "it is a FIFO (named pipe), not a regular file"

    @Test func everyCommandAnswersAtOnce() throws {
        let project = try project()
        let list = try project.profile(["list"])
        #expect(list.status == 66)
        #expect(list.stdout.contains("ok"))
        #expect(list.stderr.contains("profiles/x.yml: error: cannot read this file: \(Self.fifo)"))
        let complete = try project.profile(["__complete", "profiles", ""])
        #expect(complete.status == 0)
        #expect(complete.stdout.contains("ok\tA profile"))
        for query in [["flags", ""], ["mock", ""], ["value", ""], ["value", "k="], ["env-names", ""]] {
            let answer = try project.profile(["__complete"] + query)
            #expect(answer.status == 0)
            #expect(answer.stdout == "")
        }
        let lint = try project.profile(["lint"])
        #expect(lint.status == 66)
        #expect(lint.stderr.contains("profiles/_catalog.yml: error: cannot read this file: \(Self.fifo)"))
        #expect(lint.stderr.contains("profiles/other.local.yml: error: cannot read this file: \(Self.fifo)"))
        let json = try project.profile(["lint", "--format", "json"])
        #expect(json.status == 66)
        #expect(json.stdout.contains(#""path": "profiles/x.yml""#))
        for name in ["x", "other", "ok"] {
            let run = try project.profile(["run", name, "--", "touch", project.path("LAUNCHED")])
            #expect(run.status == 66, "\(name): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: project.path("LAUNCHED")))
        }
    }

    /// A profile that is a unix socket (made by python3), or a link to `/dev/null`.
    @Test(.enabled(if: Tools.available("python3"), "needs python3 to create a unix socket"))
    func socketsAndDevices() throws {
        let project = try Project(["profiles/ok.yml": "description: A profile\n"])
        let bound = try CLI.run(
            "/usr/bin/env", ["python3", "-c", "import socket; socket.socket(socket.AF_UNIX).bind('sock.yml')"],
            in: project.path("profiles"))
        #expect(bound.status == 0, "\(bound.stderr)")
        #expect(symlink("/dev/null", project.path("profiles/null.yml")) == 0)
        #expect(symlink("/dev/null", project.path("profiles/ok.local.yml")) == 0)
        let list = try project.profile(["list"])
        #expect(list.status == 66)
        #expect(
            list.stderr.contains("profiles/sock.yml: error: cannot read this file: it is a socket, not a regular file"))
        #expect(
            list.stderr.contains(
                "profiles/null.yml: error: cannot read this file: it is a character device, not a regular file"))
        #expect(try project.profile(["__complete", "profiles", ""]).status == 0)
        let lint = try project.profile(["lint", "--format", "github"])
        #expect(lint.status == 66)
        #expect(lint.stdout.contains("::error file=profiles/sock.yml::cannot read this file: it is a socket"))
        for name in ["sock", "null", "ok"] {
            let run = try project.profile(["run", name, "--", "touch", project.path("LAUNCHED")])
            #expect(run.status == 66, "\(name): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: project.path("LAUNCHED")))
        }
    }

    /// A profile nobody may read. Root reads it anyway: as root, the commands run as `nobody` through `setpriv`
    /// (util-linux), and the case is skipped only when that is not possible.
    @Test(.enabled(if: getuid() != 0 || Tools.available("setpriv"), "running as root without setpriv"))
    func unreadableProfile() throws {
        let project = try Project(["profiles/ok.yml": "description: A profile\n", "profiles/secret.yml": "flags: {}\n"])
        #expect(chmod(project.root, 0o755) == 0)  // for `nobody`
        #expect(chmod(project.path("profiles/secret.yml"), 0) == 0)
        defer { chmod(project.path("profiles/secret.yml"), 0o644) }
        func profile(_ arguments: [String]) throws -> CLI.Result {
            guard getuid() == 0 else { return try project.profile(arguments) }
            return try CLI.run(
                Tools.path("setpriv")!,
                ["--reuid", "65534", "--regid", "65534", "--clear-groups", CLI.profileBinary] + arguments,
                in: project.root)
        }
        let run = try profile(["run", "secret", "--", "echo", "LAUNCHED"])
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr.contains("profiles/secret.yml: error: cannot read this file: Permission denied"))
        #expect(!run.stdout.contains("LAUNCHED"))
        #expect(try profile(["list"]).status == 66)
        #expect(try profile(["lint"]).status == 66)
        #expect(try profile(["__complete", "profiles", ""]).stdout.contains("ok\tA profile"))
    }

    /// A name longer than the file system takes says so, whether it names the profiles directory or a file to update.
    @Test func fileNamesTooLong() throws {
        let project = try Project(["profiles/ok.yml": "description: A profile\n"])
        let long = String(repeating: "n", count: 300)
        let directory = try project.profile(["list", "--profiles-dir", long])
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("is not a directory: the file name is too long for the file system"))
        let update = try project.profile(["export", "xcscheme", "ok", "--update", long + ".xcscheme"])
        #expect(update.status == 66)
        #expect(update.stderr.contains("\(long).xcscheme: error: cannot read this file: the file name is too long"))
    }
}

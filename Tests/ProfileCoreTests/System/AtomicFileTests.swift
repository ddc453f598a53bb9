import ProfilePlatform
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one writer of files (issue 14, item 3). Its behaviour under signals, a full disk and concurrent writers is
/// tested end to end through the binary (`AtomicWritesTests`); these are the rules a single process can show.
@Suite struct AtomicFileTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o7777
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// `export --update` rewrites a scheme in place: an executable or private file keeps its permissions.
    @Test func replacingAFileKeepsItsPermissions() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        let path = temporary.path("tool.sh")
        try AtomicFile.write(bytes("old\n"), to: path)
        chmod(path, 0o751)
        try AtomicFile.write(bytes("new\n"), to: path)
        #expect(mode(path) == 0o751)
        #expect(try FileSystem.read(path) == bytes("new\n"))
        #expect(try FileSystem.list(temporary.path) == ["tool.sh"])
    }

    /// Replacing a symbolic link replaces what it points to; the link stays a link (a relative one too).
    @Test func replacingASymbolicLinkWritesThroughIt() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        try temporary.createDirectory("real")
        let target = temporary.path("real/scheme.xcscheme")
        let link = temporary.path("linked.xcscheme")
        try AtomicFile.write(bytes("old\n"), to: target)
        #expect(symlink("real/scheme.xcscheme", link) == 0)
        try AtomicFile.write(bytes("new\n"), to: link)
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(try FileSystem.read(target) == bytes("new\n"))
        #expect(try FileSystem.list(temporary.path("real")) == ["scheme.xcscheme"])
    }

    @Test func creatingNeverReplaces() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        let path = temporary.path("once.yml")
        try AtomicFile.write(bytes("first\n"), to: path, if: .absent)
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(bytes("second\n"), to: path, if: .absent)
        }
        #expect(try FileSystem.read(path) == bytes("first\n"))
        // A dangling link is something too: it is not followed to create its target.
        #expect(symlink(temporary.path("elsewhere.yml"), temporary.path("dangling.yml")) == 0)
        #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.write(bytes("x\n"), to: temporary.path("dangling.yml"), if: .absent)
        }
        #expect(!FileSystem.exists(temporary.path("elsewhere.yml")))
        #expect(try FileSystem.list(temporary.path).sorted() == ["dangling.yml", "once.yml"])
    }

    /// Compare-and-rename: a file that no longer holds what the update was made from is kept, and the error carries
    /// what it holds (for the location of the first difference).
    @Test func holdingRefusesAChangedFile() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        let path = temporary.path("App.xcscheme")
        try AtomicFile.write(bytes("read\n"), to: path)
        try AtomicFile.write(bytes("updated\n"), to: path, if: .holding(bytes("read\n")))
        #expect(try FileSystem.read(path) == bytes("updated\n"))
        do {
            try AtomicFile.write(bytes("again\n"), to: path, if: .holding(bytes("read\n")))
            Issue.record("a changed file was replaced")
        } catch {
            #expect(error.current == bytes("updated\n"))
            #expect(error.description.contains("`\(path)` changed on disk"))
        }
        #expect(try FileSystem.read(path) == bytes("updated\n"))
        #expect(try FileSystem.list(temporary.path) == ["App.xcscheme"])
    }

    /// A directory that cannot hold the temporary file: the error names the target and nothing is left.
    @Test func aMissingDirectoryIsAnErrorNamingTheTarget() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        let path = temporary.path("missing/out.swift")
        do {
            try AtomicFile.write(bytes("x\n"), to: path)
            Issue.record("wrote into a missing directory")
        } catch {
            #expect(error.code == ENOENT)
            #expect(error.description.hasPrefix("cannot write `\(path)`: No such file or directory"))
        }
        #expect(try FileSystem.list(temporary.path) == [])
    }

    /// A character device is written through, not replaced by a regular file (and its errors are reported).
    @Test func aDeviceIsWrittenThrough() throws {
        try AtomicFile.write(bytes("discarded\n"), to: "/dev/null")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    /// A device's write error is reported: `/dev/full` (Linux's: every write fails with ENOSPC).
    @Test(.enabled(if: access("/dev/full", W_OK) == 0, "needs /dev/full (Linux)"))
    func aDevicesWriteErrorIsReported() throws {
        do {
            try AtomicFile.write(bytes("x\n"), to: "/dev/full")
            Issue.record("/dev/full took the bytes")
        } catch {
            #expect(error.code == ENOSPC)
        }
    }
}

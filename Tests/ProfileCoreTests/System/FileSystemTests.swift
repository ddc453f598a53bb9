import ProfileCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileSystemTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o7777
    }

    /// `export --update` rewrites a scheme in place: an executable or private file keeps its permissions.
    @Test func replacingAFileKeepsItsPermissions() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        let directory = temporary.path
        let path = directory + "/tool.sh"
        try FileSystem.write(Array("old\n".utf8), to: path)
        chmod(path, 0o751)
        try FileSystem.write(Array("new\n".utf8), to: path)
        #expect(mode(path) == 0o751)
        #expect(try FileSystem.read(path) == Array("new\n".utf8))
    }

    /// Replacing a symbolic link replaces what it points to; the link stays a link.
    @Test func replacingASymbolicLinkWritesThroughIt() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        let directory = temporary.path
        let target = directory + "/real.xcscheme"
        let link = directory + "/linked.xcscheme"
        try FileSystem.write(Array("old\n".utf8), to: target)
        #expect(symlink(target, link) == 0)
        try FileSystem.write(Array("new\n".utf8), to: link)
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        #expect(try FileSystem.read(target) == Array("new\n".utf8))
    }

    @Test func exclusiveWritingNeverReplaces() throws {
        let temporary = try TemporaryDirectory(prefix: "profile-fs")
        let directory = temporary.path
        let path = directory + "/once.yml"
        try FileSystem.write(Array("first\n".utf8), to: path, exclusive: true)
        #expect(throws: FileSystem.Failure.self) {
            try FileSystem.write(Array("second\n".utf8), to: path, exclusive: true)
        }
        #expect(try FileSystem.read(path) == Array("first\n".utf8))
    }
}

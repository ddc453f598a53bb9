#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ProfileCore
import Testing

@Suite struct FileSystemTests {
    private func temporaryDirectory() throws -> String {
        var template = Array("/tmp/profile-fs-XXXXXX".utf8CString)
        let made = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) })
        return String(cString: made)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o7777
    }

    /// `export --update` rewrites a scheme in place: an executable or private file keeps its permissions.
    @Test func replacingAFileKeepsItsPermissions() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/tool.sh"
        try FileSystem.write(Array("old\n".utf8), to: path)
        chmod(path, 0o751)
        try FileSystem.write(Array("new\n".utf8), to: path)
        #expect(mode(path) == 0o751)
        #expect(try FileSystem.read(path) == Array("new\n".utf8))
    }

    /// Replacing a symbolic link replaces what it points to; the link stays a link.
    @Test func replacingASymbolicLinkWritesThroughIt() throws {
        let directory = try temporaryDirectory()
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
        let directory = try temporaryDirectory()
        let path = directory + "/once.yml"
        try FileSystem.write(Array("first\n".utf8), to: path, exclusive: true)
        #expect(throws: FileSystem.Failure.self) {
            try FileSystem.write(Array("second\n".utf8), to: path, exclusive: true)
        }
        #expect(try FileSystem.read(path) == Array("first\n".utf8))
    }
}

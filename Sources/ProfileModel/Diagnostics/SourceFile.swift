import ProfilePlatform

/// The bytes of one file that was read, kept so that diagnostics can quote the offending line.
package final class SourceFile: Sendable {
    /// The path as it is shown to the user (relative to the working directory when possible).
    package let path: String
    /// The file's contents.
    package let bytes: [UInt8]

    /// Creates a source file from its display path and contents.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The text of the 1-based `line`, without its line terminator, or nil past the end of the file.
    package func line(_ line: Int) -> String? {
        LineIndex(bytes).line(line)
    }
}

/// The bytes of one file that was read, kept so that diagnostics can quote the offending line.
public final class SourceFile: Sendable {
    /// The path as it is shown to the user (relative to the working directory when possible).
    public let path: String
    /// The file's contents.
    public let bytes: [UInt8]

    /// Creates a source file from its display path and contents.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The text of the 1-based `line`, without its line terminator, or nil past the end of the file.
    public func line(_ line: Int) -> String? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = 0
        var index = 0
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3; index = 3 }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if current == line { return String(decoding: bytes[start..<index], as: UTF8.self) }
                if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                current += 1
                start = index + 1
            }
            index += 1
        }
        if current == line, start <= count { return String(decoding: bytes[start..<count], as: UTF8.self) }
        return nil
    }
}

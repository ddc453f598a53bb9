import ProfileModel
import ProfilePlatform

/// What an export produced: the bytes to write, and what the user should know about them.
package struct ExportOutput: Sendable {
    /// The output (UTF-8 text).
    package var bytes: [UInt8]
    /// Warnings and notes: entries the format cannot express, values left as references.
    package var warnings: [Diagnostic]
    /// For an update, the file it was made from, as it was read.
    var source: Source?

    /// The file an update was made from.
    struct Source: Sendable {
        var path: String
        var bytes: [UInt8]
    }

    /// Creates an output.
    package init(bytes: [UInt8], warnings: [Diagnostic]) {
        self.bytes = bytes
        self.warnings = warnings
    }

    /// Creates an output of `text`.
    init(text: String, warnings: [Diagnostic]) {
        self.init(bytes: Array(text.utf8), warnings: warnings)
    }

    /// The output as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the output to `destination`, whole or not at all (``AtomicFile``: a temporary file renamed over it; a
    /// FIFO or `/dev/stdout` is written through).
    ///
    /// When this is an update (``ExportFormat/update(_:path:with:reveal:target:)``) and `destination`
    /// is the file it was read from, the file is compared, just before the rename and under a lock, with the bytes the
    /// update was made from: if anything changed it on disk meanwhile (Xcode saving the scheme, VS Code saving launch.json, another update),
    /// nothing is written and the error names the first place that differs. The `profile` command reports any error
    /// thrown here and exits 73 (`EX_CANTCREAT`).
    package func write(to destination: String) throws(Diagnostic) {
        let sameFile = source.map { FileSystem.isSameFile($0.path, destination) } ?? false
        // An update that changes no byte writes nothing: the file keeps its inode and modification time (an editor
        // holding it open, or a build system watching it, sees no change).
        if sameFile, source?.bytes == bytes { return }
        do {
            try AtomicFile.write(bytes, to: destination, if: sameFile ? .holding(source?.bytes ?? []) : .none)
        } catch {
            guard let current = error.current, let expected = source?.bytes else { throw .error(error.description) }
            var offset = min(current.count, expected.count)
            for index in 0..<offset where current[index] != expected[index] {
                offset = index
                break
            }
            throw .error(
                "`\(destination)` changed on disk after it was read (saved by an editor or another program?): nothing was "
                    + "written, so those changes are kept; run the update again",
                at: InPlaceEditing.location(of: offset, in: current, path: destination))
        }
    }
}

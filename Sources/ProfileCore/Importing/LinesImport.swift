/// `lines` (a trial): a file of launch arguments, one per line, as it is; blank lines are skipped.
package struct LinesImport: ImportFormat {
    package let name = "lines"
    package let summary = "a file of launch arguments, one per line"
    package let file = ".txt"
    package let fileExtensions = ["txt"]
    package init() {}

    package func read(_ bytes: [UInt8], path: String, source: ImportSource) -> ImportedEntries {
        var entries = ImportedEntries(origin: path)
        entries.typesArguments = false
        var offset = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            defer { offset += line.count + 1 }
            guard !line.isEmpty else { continue }
            entries.arguments.append(
                .init(
                    text: String(decoding: line, as: UTF8.self), isEnabled: true,
                    location: InPlaceEditing.location(of: offset, in: bytes, path: path), isOneWord: true))
        }
        return entries
    }
}

/// The `arguments` and `arguments-json` formats: the launch arguments alone.
enum ArgumentsExport {
    /// One argument per line, each line exactly the argument (no quoting), each ending with a newline; nothing when
    /// there are no arguments. An argument holding a line break (LF or CR) cannot be written this way: it is an
    /// error, and `arguments-json` is the way to go.
    static func lines(_ content: ExportContent) throws(Diagnostic) -> String {
        var out = ""
        for (index, argument) in content.arguments.enumerated() {
            if argument.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                throw .error(
                    "launch argument \(index + 1) (\(JSONWriter.quote(argument))) holds a line break, which "
                        + "one-per-line `arguments` cannot write: use `arguments-json`")
            }
            out += argument + "\n"
        }
        return out
    }

    /// A JSON array of strings, pretty-printed with two-space indentation.
    static func json(_ content: ExportContent) -> String {
        JSONWriter.render(.array(content.arguments.map { .string($0) })) + "\n"
    }
}

import ProfileModel
import ProfilePlatform
import ProfileRuntime

/// Reads a `.env` file the way docker compose and python-dotenv read one:
///
/// - `NAME=value` lines, optionally prefixed with `export `; spaces around `=` are ignored; blank lines and lines
///   starting with `#` are comments.
/// - Unquoted values end at the line's end or at a `#` preceded by a space or tab (an inline comment); trailing
///   spaces are dropped. `${NAME}` and `${NAME:-default}` are references (kept as references in the profile); a
///   `$` before anything else is literal (`$NAME` stays `$NAME`), as python-dotenv reads it.
/// - `"…"` values may span lines; `\n`, `\r`, `\t`, `\a`, `\b`, `\f`, `\v`, `\\`, `\"`, `\'` (python-dotenv's) and
///   `\$` (a literal `$`, as `profile export dotenv` writes it) are escapes, any other backslash is kept; references
///   are kept as references.
/// - `'…'` values may span lines and are taken literally but for `\\` and `\'` (no references).
/// - A line break inside quotes is read as `\n`, whether the file ends its lines with `\n`, `\r\n` or `\r`
///   (python-dotenv reads files with universal newlines; the peer test compares with it).
/// - A name is anything without `=` or NUL (`OPTION-B`, `VAR.WITH.DOTS`); a name alone on its line (no `=`) is left
///   out with a warning, as python-dotenv sets nothing for it.
/// - After a closing quote only spaces and a comment may follow.
///
/// A `PROFILE_PAYLOAD` line (`profile export dotenv` writes one) is not imported as a variable: its flags, mocks and
/// values are. A line that cannot be read is an error at its place; every such line is reported.
enum DotenvReader {
    /// `byte` of a value that interpolates, in the profile format: `${` starts a reference (python-dotenv expands
    /// `${NAME}` and `${NAME:-default}` only), any other `$` is literal (`$NAME`, `$$` stay as written), so doubled.
    static func template(_ byte: UInt8, before next: UInt8?) -> [UInt8] {
        byte == UInt8(ascii: "$") && next != UInt8(ascii: "{") ? [byte, byte] : [byte]
    }

    static func read(_ bytes: [UInt8], path: String) -> (entries: ImportedEntries, errors: [Diagnostic]) {
        var entries = ImportedEntries(origin: path)
        entries.disabledWording = "commented out"
        var errors: [Diagnostic] = []
        func location(_ offset: Int) -> SourceLocation { InPlaceEditing.location(of: offset, in: bytes, path: path) }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        func isLineEnd(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        let count = bytes.count
        var index = ByteOrderMark.length(in: bytes)
        func skipBlanks() { while index < count, isBlank(bytes[index]) { index += 1 } }
        func skipLine() {
            while index < count, !isLineEnd(bytes[index]) { index += 1 }
        }
        /// Past a comment and the line end, or an error for anything else.
        func endOfLine(after what: String) {
            skipBlanks()
            if index < count, !isLineEnd(bytes[index]), bytes[index] != UInt8(ascii: "#") {
                let start = index
                skipLine()
                errors.append(
                    .error(
                        "unexpected text after \(what): a value with spaces or quotes is written in quotes",
                        at: location(start), length: index - start))
            }
            skipLine()
        }

        while index < count {
            skipBlanks()
            guard index < count else { break }
            if isLineEnd(bytes[index]) {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "#") {
                skipLine()
                continue
            }
            // `export NAME=value`
            if bytes[index...].starts(with: Array("export".utf8)), index + 6 < count, isBlank(bytes[index + 6]) {
                index += 6
                skipBlanks()
            }
            let keyStart = index
            while index < count, bytes[index] != UInt8(ascii: "="), !isBlank(bytes[index]), !isLineEnd(bytes[index]) {
                index += 1
            }
            let key = text(keyStart..<index)
            skipBlanks()
            if !key.isEmpty, index == count || isLineEnd(bytes[index]) {
                // A name alone: python-dotenv sets nothing for it (docker compose passes the invoking environment's).
                entries.notes.append(
                    .warning(
                        "`\(key)` has no `=` and no value: left out, as python-dotenv leaves it (`\(key)=` for an "
                            + "empty value)", at: location(keyStart), length: key.count))
                skipLine()
                continue
            }
            guard index < count, bytes[index] == UInt8(ascii: "=") else {
                let message =
                    key.isEmpty
                    ? "expected a variable name: a line of a dotenv file is `NAME=value`"
                    : "`\(key)` has no `=`: a line of a dotenv file is `NAME=value` (`\(key)=` for an empty value)"
                errors.append(.error(message, at: location(key.isEmpty ? index : keyStart), length: max(1, key.count)))
                skipLine()
                continue
            }
            if key.isEmpty {
                errors.append(
                    .error(
                        "expected a variable name before `=`: a line of a dotenv file is `NAME=value`",
                        at: location(index)))
                skipLine()
                continue
            }
            // Any name without `=` or NUL, as python-dotenv and docker compose take it (`OPTION-B`, `VAR.WITH.DOTS`).
            let keyIsValid = Names.isValidEnvironmentName(key)
            if let problem = Names.environmentNameProblem(key) {
                errors.append(
                    .error("`\(key)` is not a variable name: \(problem)", at: location(keyStart), length: key.count))
            }
            index += 1
            skipBlanks()

            var value = ""
            var template: String?
            if index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                let quote = bytes[index]
                let open = index
                index += 1
                var literal: [UInt8] = []
                var interpolated: [UInt8] = []
                var closed = false
                while index < count {
                    let byte = bytes[index]
                    if byte == quote {
                        closed = true
                        index += 1
                        break
                    }
                    if quote == UInt8(ascii: "'"), byte == UInt8(ascii: "\\"), index + 1 < count,
                        bytes[index + 1] == UInt8(ascii: "\\") || bytes[index + 1] == UInt8(ascii: "'")
                    {
                        // python-dotenv's two escapes in single quotes: `\\` and `\'`.
                        literal.append(bytes[index + 1])
                        interpolated.append(bytes[index + 1])
                        index += 2
                        continue
                    }
                    if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), index + 1 < count {
                        let next = bytes[index + 1]
                        index += 2
                        switch next {
                        case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "v"):
                            let control: [UInt8: UInt8] = [
                                UInt8(ascii: "a"): 0x07, UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
                                UInt8(ascii: "v"): 0x0B,
                            ]
                            literal.append(control[next]!)
                            interpolated.append(control[next]!)
                        case UInt8(ascii: "n"):
                            literal.append(0x0A)
                            interpolated.append(0x0A)
                        case UInt8(ascii: "r"):
                            literal.append(0x0D)
                            interpolated.append(0x0D)
                        case UInt8(ascii: "t"):
                            literal.append(0x09)
                            interpolated.append(0x09)
                        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                            literal.append(next)
                            interpolated.append(next)
                        case UInt8(ascii: "$"):
                            literal.append(next)
                            interpolated += [next, next]
                        default:
                            literal += [byte, next]
                            interpolated += [byte, next]
                        }
                        continue
                    }
                    if byte == 0x0D {
                        // A line break inside quotes is the file's: `\r\n` (and a lone `\r`) is read as `\n`, as
                        // python-dotenv reads the file (Python's universal newlines).
                        literal.append(0x0A)
                        interpolated.append(0x0A)
                        index += index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
                        continue
                    }
                    literal.append(byte)
                    interpolated += Self.template(byte, before: index + 1 < count ? bytes[index + 1] : nil)
                    index += 1
                }
                guard closed else {
                    errors.append(
                        .error(
                            "this quote is never closed: the value runs to the end of the file",
                            at: location(open)))
                    break
                }
                value = String(decoding: literal, as: UTF8.self)
                if quote == UInt8(ascii: "\"") { template = String(decoding: interpolated, as: UTF8.self) }
                endOfLine(after: "the closing quote")
            } else {
                let start = index
                var end = index
                while index < count, !isLineEnd(bytes[index]) {
                    // A comment starts at a `#` after a blank (`A=#x` is `#x`, as python-dotenv reads it).
                    if bytes[index] == UInt8(ascii: "#"), index > start, isBlank(bytes[index - 1]) { break }
                    index += 1
                    if !isBlank(bytes[index - 1]) { end = index }
                }
                skipLine()
                value = text(start..<end)
                template = String(
                    decoding: (start..<end).flatMap {
                        Self.template(bytes[$0], before: $0 + 1 < end ? bytes[$0 + 1] : nil)
                    },
                    as: UTF8.self)
            }
            guard keyIsValid else { continue }
            if key == WireFormat.environmentVariable {
                // Written by `profile export dotenv`: its typed layer is imported, not the variable.
                do {
                    entries.payload = try ImportedEntries.payload(
                        value, isEnabled: true, at: location(keyStart), length: key.count)
                } catch {
                    errors.append(error)
                }
                continue
            }
            if let text = template, text.contains("$"), !Interpolator.isWellFormed(text) {
                entries.notes.append(
                    .warning(
                        "`\(key)` holds a `$` that is not a reference `profile` reads (`${NAME}`, `${NAME:-default}`…): "
                            + "kept as written",
                        at: location(keyStart), length: key.count))
                template = nil
            }
            entries.variables.append(
                .init(name: key, value: value, isEnabled: true, location: location(keyStart), template: template))
        }
        return (entries, errors)
    }
}

/// `import dotenv`: a `.env` file, read as python-dotenv reads it (``DotenvReader``); `export dotenv`
/// (``DotenvFormat``) writes one. No record is left in it: a `.env` is never changed.
package struct DotenvImport: ImportFormat {
    package let name = "dotenv"
    package let summary = "a .env file (docker compose / python-dotenv syntax)"
    package let file = ".env"
    package let fileExtensions = ["env"]
    package init() {}

    package func read(_ bytes: [UInt8], path: String, source: ImportSource) -> ImportedEntries {
        var (entries, errors) = DotenvReader.read(bytes, path: path)
        entries.errors = errors
        return entries
    }
}

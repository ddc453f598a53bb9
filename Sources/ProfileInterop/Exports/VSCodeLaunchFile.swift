import ProfileModel
import ProfileRuntime

/// A VS Code `launch.json` (JSON with comments and trailing commas, as VS Code reads it), scanned: its
/// `configurations` and, in one of them, the `args` and `env` a profile owns. Read by `export vscode --update` and
/// `import vscode` alike.
struct VSCodeLaunchFile {
    let bytes: [UInt8]
    let path: String
    let root: JSONScanner.Value

    /// The attributes of a Swift launch configuration (swiftlang/vscode-swift's `package.json`) that say what is
    /// launched and how it is built: a configuration the update adds copies them from the file's first Swift one.
    static let launchTargetKeys = ["program", "target", "configuration", "cwd", "preLaunchTask"]
    /// The debugger types a Swift launch configuration has: `swift` (vscode-swift today), `lldb` (CodeLLDB, which
    /// vscode-swift generated before), `swift-lldb`, `lldb-dap`.
    static let swiftTypes: Set<String> = ["swift", "lldb", "swift-lldb", "lldb-dap"]

    /// Scans `bytes`; a file that is not JSON with comments, or whose top level is not an object, is an error located
    /// in it.
    init(_ bytes: [UInt8], path: String) throws(Diagnostic) {
        self.bytes = bytes
        self.path = path
        do {
            root = try JSONScanner.scan(bytes, comments: true)
        } catch {
            throw .error(
                "`\(path)` is not valid JSON with comments: \(error.message)",
                at: InPlaceEditing.location(of: error.offset, in: bytes, path: path))
        }
        guard root.object != nil else {
            throw .error(
                "`\(path)` is not a VS Code launch.json: its top level is not an object",
                at: InPlaceEditing.location(of: root.start, in: bytes, path: path))
        }
    }

    func location(_ offset: Int) -> SourceLocation { InPlaceEditing.location(of: offset, in: bytes, path: path) }

    /// The string `value` holds.
    func string(_ value: JSONScanner.Value?) -> String? { value.flatMap { JSONScanner.string($0, in: bytes) } }

    /// The `configurations` array, nil when there is none.
    func configurations() throws(Diagnostic) -> JSONScanner.Value? {
        guard let member = root.member("configurations") else { return nil }
        guard member.value.elements != nil else {
            throw .error("`configurations` in `\(path)` is not an array", at: location(member.value.start))
        }
        return member.value
    }

    /// The names of the configurations, in order.
    func names() throws(Diagnostic) -> [String] {
        (try configurations()?.elements ?? []).compactMap { string($0.member("name")?.value) }
    }

    /// The first configuration named `name`, nil when there is none.
    func configuration(named name: String) throws(Diagnostic) -> JSONScanner.Value? {
        try configurations()?.elements?.first { string($0.member("name")?.value) == name && $0.object != nil }
    }

    /// The configuration named `name`, or the error naming the ones there are.
    func requireConfiguration(named name: String) throws(Diagnostic) -> JSONScanner.Value {
        if let found = try configuration(named: name) { return found }
        let names = try names()
        let known = names.isEmpty ? "it has none" : "it has " + names.map { "`\($0)`" }.joined(separator: ", ")
        throw .error(
            "`\(path)` has no configuration named `\(name)`: \(known)",
            at: location(try configurations()?.start ?? root.start),
            suggestion: NearMiss.suggestion(for: name, in: names))
    }

    /// The first launch configuration of a Swift debugger, the one a new configuration copies its target from.
    func swiftTemplate() throws(Diagnostic) -> JSONScanner.Value? {
        try configurations()?.elements?.first { element in
            guard let type = string(element.member("type")?.value) else { return false }
            return Self.swiftTypes.contains(type) && string(element.member("request")?.value) == "launch"
        }
    }

    /// One entry of `args` or `env`: a string argument, or a variable with a string value; `text` nil for anything
    /// else (kept as it is, never the profile's).
    struct Entry {
        /// The argument, or the variable's name.
        var text: String?
        /// The variable's value.
        var value: String?
        /// Where it is: the element, or the member from its key to the end of its value.
        var range: Range<Int>
        /// Where its text starts (the argument's, or the variable's value's), for messages.
        var textStart: Int
    }

    /// The `args` array of `configuration` (nil when absent) and its entries.
    func arguments(of configuration: JSONScanner.Value) throws(Diagnostic) -> (
        list: JSONScanner.Value, entries: [Entry]
    )? {
        guard let member = configuration.member("args") else { return nil }
        guard let elements = member.value.elements else {
            throw .error(
                "`args` in `\(path)` is not an array: `profile` reads and writes the arguments as an array of "
                    + "strings (one per argument); write it as one",
                at: location(member.value.start))
        }
        return (
            member.value,
            elements.map { Entry(text: string($0), value: nil, range: $0.start..<$0.end, textStart: $0.start + 1) }
        )
    }

    /// The `env` object of `configuration` (nil when absent) and its entries.
    func environment(of configuration: JSONScanner.Value) throws(Diagnostic) -> (
        object: JSONScanner.Value, entries: [Entry]
    )? {
        guard let member = configuration.member("env") else { return nil }
        guard let members = member.value.object else {
            throw .error("`env` in `\(path)` is not an object", at: location(member.value.start))
        }
        return (
            member.value,
            members.map { member in
                let value = string(member.value)
                return Entry(
                    text: value == nil ? nil : member.key, value: value, range: member.keyStart..<member.value.end,
                    textStart: member.keyStart + 1)
            }
        )
    }

    /// One indentation step of the file: the indentation of its first indented line (a tab, or spaces), four spaces
    /// when it has none.
    var step: String {
        var index = 0
        while let newline = bytes[index...].firstIndex(of: 0x0A) {
            index = newline + 1
            var end = index
            while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
            if end > index, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
                return String(decoding: bytes[index..<end], as: UTF8.self)
            }
        }
        return "    "
    }
}

import ProfileModel
import ProfileResolution
import ProfileRuntime

/// Reads the `args` and `env` of one configuration of a VS Code `launch.json` (``VSCodeLaunchFile``), in order.
///
/// Each `args` element is one argument as it is (VS Code passes it so: no splitting) and stays an argument (the typed
/// layer of an export travels in its `PROFILE_PAYLOAD`, which brings the flags, mocks and values). VS Code's
/// references to its own environment, `${env:NAME}`, become the profile's `${NAME}` (the same value: the environment
/// `profile` or VS Code was started from, empty when unset), so an export writes them back as they were. Its other
/// variables (`${workspaceFolder}`, `${config:…}`…) are kept as text, with a warning: only VS Code substitutes them.
enum VSCodeLaunchReader {
    static func read(_ bytes: [UInt8], path: String, configuration name: String) throws(Diagnostic) -> ImportedEntries {
        let launch = try VSCodeLaunchFile(bytes, path: path)
        let configuration = try launch.requireConfiguration(named: name)
        var entries = ImportedEntries(origin: "\(path) (configuration \(name))")
        entries.typesArguments = false
        for entry in try launch.arguments(of: configuration)?.entries ?? [] {
            let location = launch.location(entry.textStart)
            guard let text = entry.text else {
                entries.notes.append(
                    .warning(
                        "an `args` element that is not a string: skipped", at: launch.location(entry.range.lowerBound)))
                continue
            }
            let converted = template(text)
            entries.notes += converted.variables.map { variableWarning($0, at: location) }
            entries.arguments.append(
                .init(text: text, isEnabled: true, location: location, isOneWord: true, template: converted.template))
        }
        for entry in try launch.environment(of: configuration)?.entries ?? [] {
            let location = launch.location(entry.textStart)
            guard let key = entry.text, let value = entry.value else {
                entries.notes.append(
                    .warning(
                        "an `env` variable whose value is not a string: skipped",
                        at: launch.location(entry.range.lowerBound)))
                continue
            }
            if key == WireFormat.environmentVariable {
                entries.payload = try ImportedEntries.payload(value, isEnabled: true, at: location, length: key.count)
                continue
            }
            let converted = template(value)
            entries.notes += converted.variables.map { variableWarning($0, at: location) }
            entries.variables.append(
                .init(name: key, value: value, isEnabled: true, location: location, template: converted.template))
        }
        return entries
    }

    /// `text` in the profile's interpolation syntax when it holds `${env:NAME}` references (each becomes `${NAME}`,
    /// every other `$` is doubled), nil when it holds none; and VS Code's other variables in it, as written. A
    /// variable is what VS Code substitutes: `${` up to the next `}`.
    static func template(_ text: String) -> (template: String?, variables: [String]) {
        var template = ""
        var variables: [String] = []
        var converted = false
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            template += rest[..<dollar]
            let after = rest[rest.index(after: dollar)...]
            guard after.first == "{", let close = after.firstIndex(of: "}") else {
                template += "$$"
                rest = after
                continue
            }
            let inner = after[after.index(after: after.startIndex)..<close]
            if inner.hasPrefix("env:"), Names.isShellIdentifier(String(inner.dropFirst(4))) {
                template += "${" + inner.dropFirst(4) + "}"
                converted = true
            } else {
                template += "$${" + inner + "}"
                variables.append("${" + inner + "}")
            }
            rest = after[after.index(after: close)...]
        }
        template += rest
        return (converted ? template : nil, variables)
    }

    /// The warning for a VS Code variable kept as text.
    static func variableWarning(_ variable: String, at location: SourceLocation) -> Diagnostic {
        .warning(
            "`\(variable)` is a VS Code variable: kept as written (`$\(variable)` in the profile); only VS Code "
                + "substitutes it, `profile run` passes the text as it is",
            at: location)
    }
}

/// `import vscode`: the `args` and `env` of the configuration of a `launch.json` that `--configuration` names
/// (``VSCodeLaunchReader``); `export vscode` (``VSCodeFormat``) writes the same file.
package struct VSCodeImport: ImportFormat {
    package let name = "vscode"
    package let summary = "one configuration of a VS Code launch.json (--configuration NAME)"
    package let file = "launch.json"
    package let fileExtensions = ["json"]
    package let options: ImportOptions = .configuration
    package let requiredOptions: ImportOptions = .configuration
    package init() {}

    package func read(_ bytes: [UInt8], path: String, source: ImportSource) throws(Diagnostic) -> ImportedEntries {
        try VSCodeLaunchReader.read(bytes, path: path, configuration: source.configuration ?? "")
    }

    /// The record, written by `export vscode --update` of the configuration read.
    package func record(
        _ bytes: [UInt8], path: String, source: ImportSource, with profile: ResolvedProfile
    ) throws(Diagnostic) -> ExportOutput? {
        try VSCodeFormat().update(
            bytes, path: path, with: profile, configuration: source.configuration ?? "", recording: true)
    }
}

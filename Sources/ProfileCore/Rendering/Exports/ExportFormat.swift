/// The formats `profile export` writes a resolved profile in.
///
/// Two kinds of entries travel:
/// - **launch arguments**: the profile's `arguments`, then flags as `-key YES|NO`, mocks as `-key variant` and values
///   as `-key value` (Apple's argument-domain form, see `ProfilePayload.launchArguments`);
/// - **environment**: the profile's environment changes in order (values set, and variables unset), then
///   `PROFILE_PAYLOAD` (the encoded typed layer) last.
///
/// `arguments`, `arguments-json`, `xcscheme` and `xctestplan` write files meant to be read and committed: entries
/// built from the invoking environment (`${API_TOKEN}`) are written as that reference unless `reveal` is set.
/// `shell`, `dotenv` and `json` are for programs and always write exact values.
package enum ExportFormat: String, CaseIterable, Sendable {
    /// The launch arguments, one per line.
    case arguments
    /// The launch arguments as a JSON array of strings (ready for `XCUIApplication.launchArguments`).
    case argumentsJSON = "arguments-json"
    /// POSIX shell `export NAME='value'` and `unset NAME` lines, for `eval`.
    case shell
    /// Dotenv `NAME="value"` lines.
    case dotenv
    /// `{"arguments": [...], "environment": {"NAME": "value" or null}}`.
    case json
    /// The `<CommandLineArguments>` and `<EnvironmentVariables>` elements of an Xcode `.xcscheme`.
    case xcscheme
    /// The `commandLineArgumentEntries` and `environmentVariableEntries` of an Xcode `.xctestplan`.
    case xctestplan

    /// Whether the format always writes exact values (it is read by programs, not committed).
    package var writesExactValues: Bool {
        switch self {
        case .shell, .dotenv, .json: return true
        case .arguments, .argumentsJSON, .xcscheme, .xctestplan: return false
        }
    }

    /// Whether the format's entries have checkboxes (Xcode's): `enabled: false` entries are written unchecked.
    var hasCheckboxes: Bool { self == .xcscheme || self == .xctestplan }

    /// Whether `update(_:path:with:reveal:action:)` can rewrite an existing file of this format.
    package var canUpdateFiles: Bool { self == .xcscheme || self == .xctestplan }

    /// Renders `profile` in this format.
    ///
    /// - Parameter reveal: write values taken from the invoking environment in full, in the formats that otherwise
    ///   write them as references.
    /// - Returns: the text, and warnings about what the format could not express (unsets, references left).
    /// - Throws: an error diagnostic when an entry cannot be written in this format (an argument holding a line
    ///   break in `arguments`; a control character XML cannot hold in `xcscheme`).
    package func render(_ profile: ResolvedProfile, reveal: Bool = false) throws(Diagnostic) -> ExportOutput {
        try FormatNames.check(profile, format: self)
        let content = ExportContent(profile, exact: writesExactValues || reveal, checkboxes: hasCheckboxes)
        var warnings = content.referenceWarning.map { [$0] } ?? []
        let text: String
        switch self {
        case .arguments: text = try ArgumentsExport.lines(content)
        case .argumentsJSON: text = ArgumentsExport.json(content)
        case .shell: text = ShellExport.render(content)
        case .dotenv:
            text = DotenvExport.render(content)
            warnings += content.unsetWarnings(in: "a dotenv file", consequence: "written as a comment")
        case .json: text = JSONExport.render(content)
        case .xcscheme:
            text = try XcodeSchemeExport.render(content)
            warnings += content.unsetWarnings(in: "an .xcscheme", consequence: "left out")
        case .xctestplan:
            text = XcodeTestPlanExport.render(content)
            warnings += content.unsetWarnings(in: "an .xctestplan", consequence: "left out")
        }
        return ExportOutput(bytes: Array(text.utf8), warnings: warnings)
    }

    /// Merges `profile`'s argument and environment entries into an existing `.xcscheme` (in `action`) or
    /// `.xctestplan` (in `defaultOptions`, or in the `options` of the configuration named `configuration`), leaving
    /// every other byte of `file` as it was: the user's own entries stay, enabled or not, in their place; the entries
    /// the last export wrote (named by the `PROFILE_PAYLOAD` entry it left) are updated, and removed when the profile
    /// no longer has them. See ``XcodeEntryMerge``.
    ///
    /// A file without a record (no `PROFILE_PAYLOAD` entry: an imported file) that already holds every entry of the
    /// profile as the profile says, when the payload carries no setting of its own, is given back as it was, with a
    /// note: the record is written with the first update that changes something.
    ///
    /// Write the result with ``ExportOutput/write(to:)``, which refuses to replace `file` if it changed on disk since
    /// it was read.
    ///
    /// - Parameters:
    ///   - file: the file's bytes.
    ///   - path: its path, for messages and for ``ExportOutput/write(to:)``.
    ///   - action: for an `.xcscheme`, the action whose entries are merged.
    ///   - configuration: for an `.xctestplan`, the configuration whose `options` get the entries (nil: the plan's
    ///     `defaultOptions`).
    ///   - recording: write the record even when nothing else changes (``ImportRecord``: the file was just imported).
    /// - Throws: an error diagnostic when the format cannot update files, the file is malformed, the configuration
    ///   does not exist, the `PROFILE_PAYLOAD` entry in the file cannot be read, or an entry cannot be written.
    package func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool = false,
        action: XcodeSchemeAction = .launch, configuration: String? = nil, recording: Bool = false
    ) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, exact: writesExactValues || reveal, checkboxes: hasCheckboxes)
        var warnings = content.referenceWarning.map { [$0] } ?? []
        let formatName: String
        switch self {
        case .xcscheme:
            if let configuration {
                throw .error(
                    "an .xcscheme has no configurations: `\(configuration)` names a test plan configuration "
                        + "(`xctestplan`)")
            }
            formatName = "an .xcscheme"
        case .xctestplan: formatName = "an .xctestplan"
        default:
            throw .error("`\(rawValue)` cannot update files: only `xcscheme` and `xctestplan` can")
        }
        /// The merge of `content`'s entries into the file.
        func merged(_ content: ExportContent) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic]) {
            self == .xcscheme
                ? try XcodeSchemeDocument(file, path: path, action: action.elementName, purpose: .updating)
                    .merged(with: content)
                : try XcodeTestPlanDocument(file, path: path, configuration: configuration).merged(with: content)
        }
        warnings += content.unsetWarnings(in: formatName, consequence: "left out")
        // A file that already holds every entry of the profile, as the profile says, and no record yet (an imported
        // file) is left as it is: the record is written with the first change. The merge without the record tells:
        // it changes nothing only then (a record in the file would be removed by it).
        if !recording, !content.payloadCarriesSettings,
            content.variableEntries.last?.text == XcodeEntryMerge.payloadName
        {
            var unrecorded = content
            unrecorded.variableEntries.removeLast()
            let trial = try merged(unrecorded)
            if trial.bytes == file {
                var output = ExportOutput(
                    bytes: file,
                    warnings: warnings + trial.notes + [.note(Self.alreadyAsTheProfileSaysMessage(path))])
                output.source = ExportOutput.Source(path: path, bytes: file)
                return output
            }
        }
        let result = try merged(content)
        warnings += result.notes
        var output = ExportOutput(bytes: result.bytes, warnings: warnings)
        output.source = ExportOutput.Source(path: path, bytes: file)
        return output
    }
}

extension ExportFormat {
    /// The note for an update that leaves `path` as it is, without a record (see ``ExportFormat/update``).
    static func alreadyAsTheProfileSaysMessage(_ path: String) -> String {
        "`\(path)` already holds the profile's entries as it says: nothing written; the record of what the export "
            + "wrote (`\(XcodeEntryMerge.payloadName)`) is added with the first change"
    }
}

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

    /// The output as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes the output to `destination`, whole or not at all (``AtomicFile``: a temporary file renamed over it; a
    /// FIFO or `/dev/stdout` is written through).
    ///
    /// When this is an update (``ExportFormat/update(_:path:with:reveal:action:configuration:)``) and `destination`
    /// is the file it was read from, the file is compared, just before the rename and under a lock, with the bytes the
    /// update was made from: if anything changed it on disk meanwhile (Xcode saving the scheme, another update),
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
                "`\(destination)` changed on disk after it was read (saved by Xcode or another program?): nothing was "
                    + "written, so those changes are kept; run the update again",
                at: InPlaceEditing.location(of: offset, in: current, path: destination))
        }
    }
}

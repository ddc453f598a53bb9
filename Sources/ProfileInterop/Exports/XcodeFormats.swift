import ProfileModel
import ProfileResolution

/// `xcscheme`: the `<CommandLineArguments>` and `<EnvironmentVariables>` of an Xcode scheme action
/// (``XcodeSchemeExport``), merged into a scheme through ``XcodeSchemeDocument``.
package struct XcodeSchemeFormat: ExportFormat {
    package let name = "xcscheme"
    package let summary = "an Xcode `.xcscheme` action's argument and variable elements"
    package let writesExactValues = false
    package let options: ExportOptions = [.update, .action]
    package let updatedFile = ".xcscheme"
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, exact: reveal, checkboxes: true)
        return ExportOutput(
            text: try XcodeSchemeExport.render(content),
            warnings: content.referenceWarnings + content.unsetWarnings(in: "an .xcscheme", consequence: "left out"))
    }

    /// Merges the entries into the scheme's `target.action` (see ``XcodeFormats/update``).
    package func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool, target: ExportTarget
    ) throws(Diagnostic) -> ExportOutput {
        if let configuration = target.configuration {
            throw .error(
                "an .xcscheme has no configurations: `\(configuration)` names a test plan configuration "
                    + "(`xctestplan`)")
        }
        return try XcodeFormats.update(
            file, path: path, with: profile, reveal: reveal, recording: target.recording, formatName: "an .xcscheme"
        ) { (content) throws(Diagnostic) in
            try XcodeSchemeDocument(file, path: path, action: target.action.elementName, purpose: .updating)
                .merged(with: content)
        }
    }
}

/// `xctestplan`: the `commandLineArgumentEntries` and `environmentVariableEntries` of an Xcode test plan
/// (``XcodeTestPlanExport``), merged into a test plan through ``XcodeTestPlanDocument``.
package struct XcodeTestPlanFormat: ExportFormat {
    package let name = "xctestplan"
    package let summary = "an Xcode `.xctestplan`'s argument and variable entries"
    package let writesExactValues = false
    package let options: ExportOptions = [.update, .configuration]
    package let updatedFile = ".xctestplan"
    package init() {}

    package func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, exact: reveal, checkboxes: true)
        return ExportOutput(
            text: XcodeTestPlanExport.render(content),
            warnings: content.referenceWarnings + content.unsetWarnings(in: "an .xctestplan", consequence: "left out"))
    }

    /// Merges the entries into the plan's `defaultOptions`, or the `options` of `target.configuration` (see
    /// ``XcodeFormats/update``).
    package func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool, target: ExportTarget
    ) throws(Diagnostic) -> ExportOutput {
        try XcodeFormats.update(
            file, path: path, with: profile, reveal: reveal, recording: target.recording, formatName: "an .xctestplan"
        ) { (content) throws(Diagnostic) in
            try XcodeTestPlanDocument(file, path: path, configuration: target.configuration).merged(with: content)
        }
    }
}

/// What the two Xcode formats share when they update a file.
enum XcodeFormats {
    /// Merges `profile`'s argument and environment entries into an existing `.xcscheme` or `.xctestplan` through
    /// `merged` (the format's updater), leaving every other byte of `file` as it was: the user's own entries stay,
    /// enabled or not, in their place; the entries the last export wrote (named by the `PROFILE_PAYLOAD` entry it
    /// left) are updated, and removed when the profile no longer has them. See ``XcodeEntryMerge``.
    ///
    /// A file without a record (no `PROFILE_PAYLOAD` entry: an imported file) that already holds every entry of the
    /// profile as the profile says, when the payload carries no setting of its own, is given back as it was, with a
    /// note: the record is written with the first update that changes something (at once with `recording`).
    static func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool, recording: Bool,
        formatName: String,
        merged: (ExportContent) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic])
    ) throws(Diagnostic) -> ExportOutput {
        let content = ExportContent(profile, exact: reveal, checkboxes: true)
        var warnings = content.referenceWarnings
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
                    warnings: warnings + trial.notes + [.note(alreadyAsTheProfileSaysMessage(path))])
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

    /// The note for an update that leaves `path` as it is, without a record.
    static func alreadyAsTheProfileSaysMessage(_ path: String) -> String {
        "`\(path)` already holds the profile's entries as it says: nothing written; the record of what the export "
            + "wrote (`\(XcodeEntryMerge.payloadName)`) is added with the first change"
    }
}

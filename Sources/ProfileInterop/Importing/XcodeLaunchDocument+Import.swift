import ProfileModel
import ProfileResolution
import ProfileRuntime

/// `profile import` over any ``XcodeLaunchDocument``: the arguments and variables of an `.xcscheme` action or an
/// `.xctestplan`'s options, in order, with their checkboxes, read through the same walk `export --update` merges
/// through. A `PROFILE_PAYLOAD` entry (an earlier export's) is the payload, not a variable.
extension XcodeLaunchDocument {
    func importedEntries() throws(Diagnostic) -> ImportedEntries {
        var entries = ImportedEntries(origin: origin)
        entries.expandsBuildSettings = true
        entries.notes += importNotes()
        for child in try list(.arguments)?.children ?? [] {
            switch child.content {
            case .other: continue
            case .incomplete(let message):
                entries.notes.append(.warning(message, at: location(child.start), length: child.markLength))
            case .entry(let entry):
                entries.arguments.append(
                    .init(text: entry.text, isEnabled: entry.isEnabled, location: location(entry.textStart)))
            }
        }
        for child in try list(.variables)?.children ?? [] {
            switch child.content {
            case .other: continue
            case .incomplete(let message):
                entries.notes.append(.warning(message, at: location(child.start), length: child.markLength))
            case .entry(let entry):
                let value = entry.value ?? ""
                guard entry.text != WireFormat.environmentVariable else {
                    // The first one, or the first checked one, carries the typed layer.
                    if entries.payload == nil || (entry.isEnabled && entries.payload?.isEnabled == false) {
                        entries.payload = try ImportedEntries.payload(
                            value, isEnabled: entry.isEnabled, at: location(entry.valueStart ?? entry.textStart),
                            length: entry.valueStart == nil ? entry.textLength : entry.valueLength)
                    }
                    continue
                }
                entries.variables.append(
                    .init(
                        name: entry.text, value: value, isEnabled: entry.isEnabled, location: location(entry.textStart))
                )
            }
        }
        return entries
    }
}

/// `import xcscheme`: one action of an `.xcscheme` (``XcodeSchemeDocument``), the Run action unless `--action` says
/// another; `export xcscheme` (``XcodeSchemeFormat``) writes the same file.
package struct XcodeSchemeImport: ImportFormat {
    package let name = "xcscheme"
    package let summary = "one action of an Xcode .xcscheme (Run, or --action test|profile)"
    package let file = ".xcscheme"
    package let fileExtensions = ["xcscheme"]
    package let options: ImportOptions = .action
    package init() {}

    package func read(_ bytes: [UInt8], path: String, source: ImportSource) throws(Diagnostic) -> ImportedEntries {
        try XcodeSchemeDocument(bytes, path: path, action: source.action.elementName, purpose: .importing)
            .importedEntries()
    }

    /// The record, written by `export xcscheme --update` of the action read; none for the Profile action (an update
    /// writes the Run and Test actions), or for a Test action that uses the Run action's entries, which an update
    /// would switch.
    package func record(
        _ bytes: [UInt8], path: String, source: ImportSource, with profile: ResolvedProfile
    ) throws(Diagnostic) -> ExportOutput? {
        guard let action = XcodeSchemeAction(rawValue: source.action.rawValue) else { return nil }
        let document = try XcodeSchemeDocument(bytes, path: path, action: action.elementName, purpose: .updating)
        guard !document.usesRunAction else { return nil }
        return try XcodeSchemeFormat().update(bytes, path: path, with: profile, action: action, recording: true)
    }
}

/// `import xctestplan`: an `.xctestplan`'s `defaultOptions`, or the `options` of the configuration `--configuration`
/// names (``XcodeTestPlanDocument``); `export xctestplan` (``XcodeTestPlanFormat``) writes the same file.
package struct XcodeTestPlanImport: ImportFormat {
    package let name = "xctestplan"
    package let summary = "an Xcode .xctestplan (defaultOptions, or --configuration NAME)"
    package let file = ".xctestplan"
    package let fileExtensions = ["xctestplan"]
    package let options: ImportOptions = .configuration
    package init() {}

    package func read(_ bytes: [UInt8], path: String, source: ImportSource) throws(Diagnostic) -> ImportedEntries {
        try XcodeTestPlanDocument(bytes, path: path, configuration: source.configuration).importedEntries()
    }

    /// The record, written by `export xctestplan --update` of the options read.
    package func record(
        _ bytes: [UInt8], path: String, source: ImportSource, with profile: ResolvedProfile
    ) throws(Diagnostic) -> ExportOutput? {
        try XcodeTestPlanFormat().update(
            bytes, path: path, with: profile, configuration: source.configuration, recording: true)
    }
}

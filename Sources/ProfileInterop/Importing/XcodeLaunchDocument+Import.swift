import ProfileModel
import ProfileRuntime

/// `profile import` over any ``XcodeLaunchDocument``: the arguments and variables of an `.xcscheme` action or an
/// `.xctestplan`'s options, in order, with their checkboxes, read through the same walk `export --update` merges
/// through. A `PROFILE_PAYLOAD` entry (an earlier export's) is the payload, not a variable.
extension XcodeLaunchDocument {
    func importedEntries() throws(Diagnostic) -> ImportedEntries {
        var entries = ImportedEntries(origin: origin)
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

import ProfileModel
import ProfileResolution

/// What `profile import` leaves in the Xcode file (or `launch.json`) it read: the record of an export (a `PROFILE_PAYLOAD` entry, see
/// ``XcodeEntryMerge``) naming every entry it imported, so that `export --update` knows them for the profile's. Edit
/// an imported entry in the profile and the update rewrites it in place, instead of adding the new one beside the
/// old, which without a record would stay as the user's.
///
/// The record is written by the same update `export --update` runs, so it is placed where that one places it (after
/// the profile's last variable, or in a new `<EnvironmentVariables>` / `environmentVariableEntries`), and nothing
/// else changes: every entry the import took is there as the profile says. None is written when nothing was
/// imported, nor where the format writes none (``ImportFormat/record(_:path:source:with:)``): for a `.env`, for a
/// scheme's Profile action (`--update` writes the Run and Test actions), or for a Test action that uses the Run
/// action's entries (`shouldUseLaunchSchemeArgsEnv = "YES"`), which an update would switch.
package enum ImportRecord {
    /// The file to write back with the record of `profile` (just imported from it), nil when none is written.
    package static func update(
        _ bytes: [UInt8], path: String, from source: ImportSource, with profile: ResolvedProfile
    ) throws(Diagnostic) -> ExportOutput? {
        // Nothing imported, nothing to record: the file stays as it is.
        let content = ExportContent(profile, exact: false, checkboxes: true)
        if content.argumentEntries.isEmpty, !content.payloadCarriesSettings,
            content.variableEntries.allSatisfy({ $0.text == XcodeEntryMerge.payloadName })
        {
            return nil
        }
        return try source.format.record(bytes, path: path, source: source, with: profile)
    }
}

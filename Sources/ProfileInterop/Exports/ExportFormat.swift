import ProfileModel
import ProfileResolution

/// A format `profile export` writes a resolved profile in: one type conforming to this protocol, listed once in
/// ``ExportFormats/all``. Everything else follows from that list: the names `export` accepts, the completion of
/// `profile export <TAB>`, the format list of `profile export --help`, which options go with which format, and the
/// format table of `docs/exports.md` (a test checks it lists exactly these names, in this order).
///
/// Two kinds of entries travel (see ``ExportContent``):
/// - **launch arguments**: the profile's `arguments`, then flags as `-key YES|NO`, mocks as `-key variant` and values
///   as `-key value` (Apple's argument-domain form, see `ProfilePayload.launchArguments`);
/// - **environment**: the profile's environment changes in order (values set, and variables unset), then
///   `PROFILE_PAYLOAD` (the encoded typed layer) last.
///
/// A format that writes files meant to be read and committed writes the entries built from the invoking environment
/// (`${API_TOKEN}`) as that reference unless `reveal` is set (``writesExactValues`` false); a format for programs
/// always writes exact values.
package protocol ExportFormat: Sendable {
    /// The name on the command line: `arguments-json`.
    var name: String { get }
    /// What it writes, in a few words, for `--help` (a phrase starting in lower case, no final period).
    var summary: String { get }
    /// Whether it always writes exact values (it is read by programs, not committed).
    var writesExactValues: Bool { get }
    /// The options of `profile export` it takes beyond the common ones.
    var options: ExportOptions { get }
    /// The file `--update` rewrites, for `--help` and the docs (`.xcscheme`); empty when ``options`` lack
    /// ``ExportOptions/update``.
    var updatedFile: String { get }

    /// Renders `profile` in this format.
    ///
    /// - Parameter reveal: write values taken from the invoking environment in full, in the formats that otherwise
    ///   write them as references.
    /// - Returns: the text, and warnings about what the format could not express (unsets, references left).
    /// - Throws: an error diagnostic when an entry cannot be written in this format.
    func render(_ profile: ResolvedProfile, reveal: Bool) throws(Diagnostic) -> ExportOutput

    /// Merges `profile`'s entries into `file` (its bytes, read from `path`), leaving every byte the profile does not
    /// own as it was. Write the result with ``ExportOutput/write(to:)``, which refuses to replace the file if it changed
    /// on disk since it was read. Only for formats whose ``options`` hold ``ExportOptions/update``.
    ///
    /// - Throws: an error diagnostic when the file is malformed (located in it), the place to update does not
    ///   exist, the record of an earlier export cannot be read, or an entry cannot be written.
    func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool, target: ExportTarget
    ) throws(Diagnostic) -> ExportOutput
}

/// The options of `profile export` that only some formats take.
package struct ExportOptions: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `--update FILE`: merge into an existing file.
    package static let update = ExportOptions(rawValue: 1)
    /// `--action launch|test` (with `--update`): the scheme action.
    package static let action = ExportOptions(rawValue: 2)
    /// `--configuration NAME` (with `--update`): the configuration inside the file.
    package static let configuration = ExportOptions(rawValue: 4)
    /// `--prefix P`: every variable again as P + NAME.
    package static let prefix = ExportOptions(rawValue: 8)
}

/// Where in a file ``ExportFormat/update(_:path:with:reveal:target:)`` writes.
package struct ExportTarget: Sendable, Equatable {
    /// For an `.xcscheme`, the action whose entries are merged.
    package var action: XcodeSchemeAction
    /// The configuration inside the file: an `.xctestplan`'s (nil: its `defaultOptions`), a `launch.json`'s (nil: the
    /// one named after the profiles).
    package var configuration: String?
    /// Write the record even when nothing else changes (``ImportRecord``: the file was just imported).
    package var recording: Bool

    package init(action: XcodeSchemeAction = .launch, configuration: String? = nil, recording: Bool = false) {
        self.action = action
        self.configuration = configuration
        self.recording = recording
    }
}

extension ExportFormat {
    package var options: ExportOptions { [] }
    package var updatedFile: String { "" }

    /// Renders `profile` with secrets as references where the format writes them so.
    package func render(_ profile: ResolvedProfile) throws(Diagnostic) -> ExportOutput {
        try render(profile, reveal: false)
    }

    package func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool, target: ExportTarget
    ) throws(Diagnostic) -> ExportOutput {
        throw .error("`\(name)` cannot update files: only \(ExportFormats.names(taking: .update)) can")
    }

    /// ``update(_:path:with:reveal:target:)`` with the target spelled out.
    package func update(
        _ file: [UInt8], path: String, with profile: ResolvedProfile, reveal: Bool = false,
        action: XcodeSchemeAction = .launch, configuration: String? = nil, recording: Bool = false
    ) throws(Diagnostic) -> ExportOutput {
        try update(
            file, path: path, with: profile, reveal: reveal,
            target: ExportTarget(action: action, configuration: configuration, recording: recording))
    }

    /// Whether ``update(_:path:with:reveal:target:)`` can rewrite an existing file of this format.
    package var canUpdateFiles: Bool { options.contains(.update) }
}

/// The formats of `profile export`, in the order help and the docs list them: the one list to add a format to.
package enum ExportFormats {
    package static let all: [any ExportFormat] = [
        ArgumentsFormat(),
        ArgumentsJSONFormat(),
        ShellFormat(),
        DotenvFormat(),
        JSONFormat(),
        XcodeSchemeFormat(),
        XcodeTestPlanFormat(),
        VSCodeFormat(),
    ]

    /// The files `--update` rewrites, in order: `.xcscheme`, `.xctestplan`, `launch.json`.
    package static var updatedFiles: [String] { all.filter(\.canUpdateFiles).map(\.updatedFile) }

    /// The format called `name`.
    package static func named(_ name: String) -> (any ExportFormat)? { all.first { $0.name == name } }

    /// The names of the formats that take `option`, for messages: "`xcscheme`, `xctestplan` and `vscode`".
    package static func names(taking option: ExportOptions) -> String {
        let names = all.filter { $0.options.contains(option) }.map { "`\($0.name)`" }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}

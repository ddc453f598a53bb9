import ProfileModel
import ProfileResolution

/// A file `profile import` reads into a profile: one type conforming to this protocol, beside the reader of its file,
/// and listed once in ``ImportFormats/all``. Everything else follows from that list: the names `import` accepts, the
/// completion of `profile import <TAB>` and of its file, the format list of `profile import --help` (and so of the man
/// page), which of `--action` and `--configuration` go with which format, the file argument's help, and the format
/// lists of `docs/cli/import.md`, `docs/cli/README.md` and `docs/importing.md` (a test checks they list exactly these
/// formats, in this order).
///
/// A format reads the file into ``ImportedEntries`` (its arguments and variables in order, with their checkboxes and
/// places); ``ProfileImporter`` writes the profile from them, the same way for every format. A format whose file
/// `export --update` also writes leaves the record of what was imported in it (``record(_:path:source:with:)``).
package protocol ImportFormat: Sendable {
    /// The name on the command line: `xcscheme`.
    var name: String { get }
    /// What it reads, in a few words, for `--help` (a phrase starting in lower case, no final period).
    var summary: String { get }
    /// The file it reads, for help and messages: `.xcscheme`, `launch.json`.
    var file: String { get }
    /// The name extensions of its files, without the dot, that the file argument completes: `xcscheme`.
    var fileExtensions: [String] { get }
    /// The options of `profile import` it takes beyond the common ones.
    var options: ImportOptions { get }
    /// The options among ``options`` it cannot do without.
    var requiredOptions: ImportOptions { get }

    /// Reads `bytes` (the file at `path`) with the choices of `source` (its action, its configuration).
    ///
    /// - Returns: the entries, with the warnings and notes found, and every error that keeps the file from being
    ///   imported in ``ImportedEntries/errors`` (located in the file).
    /// - Throws: an error diagnostic when the file cannot be read at all (malformed, or the part to import is absent).
    func read(_ bytes: [UInt8], path: String, source: ImportSource) throws(Diagnostic) -> ImportedEntries

    /// The file to write back with the record of `profile`, just imported from it, so that `export --update` knows
    /// the imported entries for the profile's (see ``ImportRecord``); nil when the format records nothing (a `.env`
    /// is never changed).
    func record(
        _ bytes: [UInt8], path: String, source: ImportSource, with profile: ResolvedProfile
    ) throws(Diagnostic) -> ExportOutput?
}

/// The options of `profile import` that only some formats take.
package struct ImportOptions: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// `--action launch|test|profile`: the scheme action to read.
    package static let action = ImportOptions(rawValue: 1)
    /// `--configuration NAME`: the configuration inside the file to read.
    package static let configuration = ImportOptions(rawValue: 2)
}

extension ImportFormat {
    package var options: ImportOptions { [] }
    package var requiredOptions: ImportOptions { [] }

    package func record(
        _ bytes: [UInt8], path: String, source: ImportSource, with profile: ResolvedProfile
    ) throws(Diagnostic) -> ExportOutput? {
        nil
    }
}

/// The formats of `profile import`, in the order help and the docs list them: the one list to add a format to.
package enum ImportFormats {
    package static let all: [any ImportFormat] = [
        XcodeSchemeImport(),
        XcodeTestPlanImport(),
        DotenvImport(),
        VSCodeImport(),
    ]

    /// The format called `name`.
    package static func named(_ name: String) -> (any ImportFormat)? { all.first { $0.name == name } }

    /// The files the formats read, in order: `.xcscheme`, `.xctestplan`, `.env`, `launch.json`.
    package static var files: [String] { all.map(\.file) }

    /// The name extensions the file argument completes, each once, in order.
    package static var fileExtensions: [String] {
        var seen: Set<String> = []
        return all.flatMap(\.fileExtensions).filter { seen.insert($0).inserted }
    }

    /// The formats that take `option`, as a list for messages, each name written by `spelling`:
    /// "`import xctestplan` and `import vscode`".
    package static func names(taking option: ImportOptions, spelling: (String) -> String = { "`\($0)`" }) -> String {
        let names = all.filter { $0.options.contains(option) }.map { spelling($0.name) }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}

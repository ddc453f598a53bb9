import ProfileModel

/// An Xcode file that holds launch entries — an `.xcscheme` action, an `.xctestplan`'s options — seen the one way
/// `import` and `export --update` both walk it: where its two lists are, what each child of a list says, how an
/// entry is spelled, and how a list is written whole or removed. Everything else — reading the entries and the
/// record, planning the merge (``XcodeEntryMerge``), splicing the plan into the list while every other byte stays —
/// is shared (``merged(with:)``, and `importedEntries()` on the import side). A third Xcode document is one more
/// conformance.
///
/// A document is a scan of some bytes: after an edit, ``rescanned(_:)`` scans the new bytes.
protocol XcodeLaunchDocument {
    /// The bytes scanned.
    var bytes: [UInt8] { get }
    /// The file's path, for messages.
    var path: String { get }
    /// What the entries are from, for comments: `App.xcscheme (LaunchAction)`.
    var origin: String { get }

    /// The same document over `bytes` (the file after an edit).
    func rescanned(_ bytes: [UInt8]) throws(Diagnostic) -> Self

    /// The list, as it is in the file; nil when it is absent.
    func list(_ list: XcodeEntryList) throws(Diagnostic) -> XcodeEntryListPlace?

    /// One indentation step of the format.
    static var step: String { get }
    /// The byte between two entries of a list (`,` in JSON), nil when none.
    static var separator: UInt8? { get }
    /// An argument entry's lines, indented relative to it (`text` as the entry holds it: quoted already). `number`
    /// counts from 1, for errors.
    static func argumentLines(_ text: String, number: Int, isEnabled: Bool) throws(Diagnostic) -> [String]
    /// A variable entry's lines, indented relative to it.
    static func variableLines(_ name: String, _ value: String, isEnabled: Bool) throws(Diagnostic) -> [String]

    /// Writes `entries` (each one's lines) as the whole list, which is absent or holds no child.
    func writeWhole(_ list: XcodeEntryList, _ entries: [[String]], into bytes: inout [UInt8]) throws(Diagnostic)
    /// Removes the list, which the update emptied.
    func remove(_ list: XcodeEntryList, from bytes: inout [UInt8])
    /// Warnings about what the entries read mean (a Test action that takes the Run action's entries).
    func importNotes() -> [Diagnostic]
    /// What an update does after the merge besides the entries (switching a Test action to its own entries), and
    /// its notes.
    func finishUpdate(_ bytes: inout [UInt8], notes: inout [Diagnostic]) throws(Diagnostic)
}

/// One of the two lists of launch entries.
enum XcodeEntryList: CaseIterable, Sendable {
    /// `<CommandLineArguments>`, `commandLineArgumentEntries`.
    case arguments
    /// `<EnvironmentVariables>`, `environmentVariableEntries`.
    case variables
}

/// A list present in the file.
struct XcodeEntryListPlace {
    /// Its children in order.
    var children: [XcodeListChild]
    /// Where its content starts (after `<CommandLineArguments>`, after `[`) and ends (before the closing).
    var innerStart: Int
    var innerEnd: Int
    /// An offset on the list's first line (its indentation is the list's).
    var anchor: Int
}

/// One child of a list.
struct XcodeListChild {
    var start: Int
    var end: Int
    /// How many characters a warning about the child underlines from `start` (`<EnvironmentVariable`, `{`).
    var markLength: Int
    var content: Content

    enum Content {
        /// An entry.
        case entry(XcodeFileEntry)
        /// An entry without its text (a `<CommandLineArgument>` without `argument`): kept as it is, and the
        /// warning an import gives.
        case incomplete(String)
        /// Something else (another element): kept as it is.
        case other
    }

    /// The entry, nil for anything else.
    var entry: XcodeFileEntry? {
        if case .entry(let entry) = content { return entry }
        return nil
    }
}

/// One entry of a list, as the file holds it.
struct XcodeFileEntry {
    /// The argument's text, or the variable's name, decoded.
    var text: String
    /// Where the text is, and how many characters an error about it underlines.
    var textStart: Int
    var textLength: Int
    /// A variable's value (`""` when it has none); nil for an argument.
    var value: String?
    /// Where the value's text is, and its length, when it has one.
    var valueStart: Int?
    var valueLength: Int = 0
    /// Where an error about the value points (the whole value as written), when it has one.
    var valueMark: (start: Int, length: Int)?
    var isEnabled: Bool
}

extension XcodeLaunchDocument {
    func importNotes() -> [Diagnostic] { [] }
    func finishUpdate(_ bytes: inout [UInt8], notes: inout [Diagnostic]) throws(Diagnostic) {}

    /// `offset` in the scanned bytes, as a location for diagnostics.
    func location(_ offset: Int) -> SourceLocation { InPlaceEditing.location(of: offset, in: bytes, path: path) }

    /// The children of `list` as the merge sees them.
    static func found(_ children: [XcodeListChild], _ list: XcodeEntryList) -> [XcodeEntryMerge.Found] {
        children.map { child in
            guard let entry = child.entry else {
                return XcodeEntryMerge.Found(identity: nil, value: nil, isEnabled: true)
            }
            switch list {
            case .arguments: return .argument(entry.text, isEnabled: entry.isEnabled)
            case .variables:
                return XcodeEntryMerge.Found(identity: entry.text, value: entry.value ?? "", isEnabled: entry.isEnabled)
            }
        }
    }

    /// What the last export wrote here, from its `PROFILE_PAYLOAD` entry (``XcodeEntryMerge/record(in:)``).
    func record() throws(Diagnostic) -> XcodeEntryMerge.Record {
        guard let variables = try list(.variables) else { return .none }
        switch XcodeEntryMerge.record(in: Self.found(variables.children, .variables)) {
        case .success(let record): return record
        case .failure(let failure):
            let child = variables.children[failure.index]
            let mark = child.entry?.valueMark ?? (child.start, 1)
            throw .error(
                XcodeEntryMerge.unreadableRecordMessage(failure.message), at: location(mark.start),
                length: max(1, mark.length))
        }
    }
}

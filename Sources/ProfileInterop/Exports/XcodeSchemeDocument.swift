import ProfileModel

/// The action of an Xcode scheme whose arguments and environment `profile export xcscheme --update` rewrites.
package enum XcodeSchemeAction: String, CaseIterable, Sendable {
    /// The Run action, `<LaunchAction>`.
    case launch
    /// The Test action, `<TestAction>`.
    case test

    /// The element's name in the `.xcscheme`.
    package var elementName: String {
        switch self {
        case .launch: return "LaunchAction"
        case .test: return "TestAction"
        }
    }
}

/// The action of an Xcode scheme that `profile import xcscheme` reads.
package enum XcodeImportAction: String, CaseIterable, Sendable {
    /// The Run action, `<LaunchAction>`.
    case launch
    /// The Test action, `<TestAction>`.
    case test
    /// The Profile action, `<ProfileAction>`.
    case profile

    /// The element's name in the `.xcscheme`.
    package var elementName: String {
        switch self {
        case .launch: return "LaunchAction"
        case .test: return "TestAction"
        case .profile: return "ProfileAction"
        }
    }
}

/// One action of an `.xcscheme` (`<LaunchAction>`, `<TestAction>`, `<ProfileAction>`) as an ``XcodeLaunchDocument``:
/// its `<CommandLineArguments>` of `<CommandLineArgument argument = "…" isEnabled = "YES">` and its
/// `<EnvironmentVariables>` of `<EnvironmentVariable key = "…" value = "…" isEnabled = "YES">`.
///
/// - A list that is absent is created where Xcode writes it: right after the action's runnable or testables
///   (`<BuildableProductRunnable>`, `<MacroExpansion>`, `<Testables>`...), `<EnvironmentVariables>` right after
///   `<CommandLineArguments>`; at the indentation of the action's children, in the file's line endings. An element
///   the update empties is removed, line and all.
/// - In `<TestAction>`, an update switches `shouldUseLaunchSchemeArgsEnv = "YES"` (Xcode's "Use the Run action's
///   arguments and environment variables") to `"NO"`, since the entries written would be ignored otherwise; a note
///   says so. A warning says when the tests run from test plans, which carry their own entries. An import warns
///   about both.
struct XcodeSchemeDocument: XcodeLaunchDocument {
    /// What the document is read for: the error for a missing action says so.
    enum Purpose {
        case importing
        case updating
    }

    let bytes: [UInt8]
    let path: String
    /// The action's element name, and the element.
    let elementName: String
    let purpose: Purpose
    let action: XMLScanner.Element

    /// The action `elementName` of the scheme `bytes`.
    init(_ bytes: [UInt8], path: String, action elementName: String, purpose: Purpose) throws(Diagnostic) {
        self.bytes = bytes
        self.path = path
        self.elementName = elementName
        self.purpose = purpose
        func location(_ offset: Int) -> SourceLocation { InPlaceEditing.location(of: offset, in: bytes, path: path) }
        let root: XMLScanner.Element
        do {
            root = try XMLScanner.scan(bytes)
        } catch {
            throw .error("`\(path)` is not well-formed XML: \(error.message)", at: location(error.offset))
        }
        guard root.name == "Scheme" else {
            throw .error(
                "`\(path)` is not an Xcode scheme: its root element is `<\(root.name)>`, not `<Scheme>`",
                at: location(root.start), length: root.name.count + 1)
        }
        guard let element = root.child(elementName) else {
            switch purpose {
            case .updating:
                throw .error(
                    "`\(path)` has no `<\(elementName)>` to update", at: location(root.start),
                    length: root.name.count + 1)
            case .importing:
                let present = XcodeImportAction.allCases.filter { root.child($0.elementName) != nil }
                let others =
                    present.isEmpty
                    ? "it has no action with arguments"
                    : "it has " + present.map { "`--action \($0.rawValue)`" }.joined(separator: ", ")
                throw .error(
                    "`\(path)` has no `<\(elementName)>` to import (\(others))", at: location(root.start),
                    length: root.name.count + 1)
            }
        }
        self.action = element
    }

    var origin: String { "\(path) (\(elementName))" }

    func rescanned(_ bytes: [UInt8]) throws(Diagnostic) -> XcodeSchemeDocument {
        try XcodeSchemeDocument(bytes, path: path, action: elementName, purpose: purpose)
    }

    /// The list's element name, and its entries'.
    static func names(_ list: XcodeEntryList) -> (list: String, entry: String) {
        switch list {
        case .arguments: return ("CommandLineArguments", "CommandLineArgument")
        case .variables: return ("EnvironmentVariables", "EnvironmentVariable")
        }
    }

    func list(_ list: XcodeEntryList) -> XcodeEntryListPlace? {
        let names = Self.names(list)
        guard let element = action.child(names.list) else { return nil }
        let children = element.children.map { child -> XcodeListChild in
            guard child.name == names.entry else {
                return XcodeListChild(
                    start: child.start, end: child.end, markLength: child.name.count + 1, content: .other)
            }
            let textName = list == .arguments ? "argument" : "key"
            guard let attribute = child.attribute(textName) else {
                let message =
                    list == .arguments
                    ? "a `<CommandLineArgument>` without `argument`: skipped"
                    : "an `<EnvironmentVariable>` without `key`: skipped"
                return XcodeListChild(
                    start: child.start, end: child.end, markLength: child.name.count + 1, content: .incomplete(message))
            }
            let text = XMLScanner.decode(attribute, in: bytes)
            var entry = XcodeFileEntry(
                text: text, textStart: attribute.valueStart, textLength: text.count, value: nil,
                isEnabled: child.value("isEnabled", in: bytes) != "NO")
            if list == .variables {
                entry.value = child.value("value", in: bytes) ?? ""
                if let value = child.attribute("value") {
                    entry.valueStart = value.valueStart
                    entry.valueLength = value.valueEnd - value.valueStart
                    entry.valueMark = (value.valueStart, value.valueEnd - value.valueStart)
                }
            }
            return XcodeListChild(
                start: child.start, end: child.end, markLength: child.name.count + 1, content: .entry(entry))
        }
        return XcodeEntryListPlace(
            children: children, innerStart: element.openEnd, innerEnd: element.closeStart, anchor: element.start)
    }

    static let step = XcodeSchemeExport.step
    static let separator: UInt8? = nil

    static func argumentLines(_ text: String, number: Int, isEnabled: Bool) throws(Diagnostic) -> [String] {
        try XcodeSchemeExport.argumentEntry(text, number: number, isEnabled: isEnabled, quoting: false)
    }

    static func variableLines(_ name: String, _ value: String, isEnabled: Bool) throws(Diagnostic) -> [String] {
        try XcodeSchemeExport.variableEntry(name, value, isEnabled: isEnabled)
    }

    /// The children after which Xcode writes `<CommandLineArguments>`, per action.
    static func leaders(of elementName: String) -> Set<String> {
        elementName == XcodeSchemeAction.test.elementName
            ? ["PreActions", "PostActions", "TestPlans", "MacroExpansion", "Testables"]
            : [
                "PreActions", "PostActions", "BuildableProductRunnable", "RemoteRunnable", "PathRunnable",
                "LocationScenarioReference", "MacroExpansion",
            ]
    }

    func writeWhole(_ list: XcodeEntryList, _ entries: [[String]], into bytes: inout [UInt8]) throws(Diagnostic) {
        let name = Self.names(list).list
        let step = Self.step
        let newline = InPlaceEditing.newline(of: bytes)
        let lines = ["<\(name)>"] + entries.flatMap { $0.map { step + $0 } } + ["</\(name)>"]
        if let existing = action.child(name) {
            let listIndent = InPlaceEditing.lineIndentation(at: existing.start, in: bytes)
            if existing.isSelfClosing {
                InPlaceEditing.replace(
                    &bytes, existing.start..<existing.end,
                    with: InPlaceEditing.join(lines, indent: listIndent, newline: newline))
                return
            }
            // Open and close tags with nothing between: the entries go between, the closing tag keeps its line.
            let entryIndent = listIndent + step
            var inner = entries.map {
                newline + entryIndent + InPlaceEditing.join($0, indent: entryIndent, newline: newline)
            }
            .joined()
            let tail = bytes[existing.openEnd..<existing.closeStart]
            inner += tail.contains(UInt8(ascii: "\n")) ? String(decoding: tail, as: UTF8.self) : newline + listIndent
            InPlaceEditing.replace(&bytes, existing.openEnd..<existing.closeStart, with: inner)
            return
        }
        let indent =
            action.children.first.flatMap { InPlaceEditing.indentation(before: $0.start, in: bytes) }
            ?? InPlaceEditing.lineIndentation(at: action.start, in: bytes) + step
        if action.isSelfClosing {
            throw .error(
                "cannot add entries to `<\(action.name) />`, an empty-element tag: open the scheme in Xcode and save it",
                at: location(action.start), length: action.name.count + 1)
        }
        // The variables right after the arguments; either after the action's leading children.
        let leaders = Self.leaders(of: elementName).union(list == .variables ? ["CommandLineArguments"] : [])
        let offset = action.children.last { leaders.contains($0.name) }?.end ?? action.openEnd
        let text = newline + indent + InPlaceEditing.join(lines, indent: indent, newline: newline)
        InPlaceEditing.replace(&bytes, offset..<offset, with: text)
    }

    func remove(_ list: XcodeEntryList, from bytes: inout [UInt8]) {
        guard let existing = action.child(Self.names(list).list) else { return }
        InPlaceEditing.replace(
            &bytes, InPlaceEditing.removalStart(before: existing.start, in: bytes)..<existing.end, with: "")
    }

    var isTestAction: Bool { elementName == XcodeSchemeAction.test.elementName }

    /// The `shouldUseLaunchSchemeArgsEnv = "YES"` of a Test or Profile action that takes the Run action's entries
    /// (Xcode's "Use the Run action's arguments and environment variables"), read as an XML parser reads it; nil for
    /// the Run action, or when the action uses its own. Import warns about it, an update switches it, and the import
    /// record is not written where an update would switch it: all three through this.
    var runActionSwitch: XMLScanner.Attribute? {
        guard elementName != XcodeSchemeAction.launch.elementName,
            let attribute = action.attribute("shouldUseLaunchSchemeArgsEnv"),
            XMLScanner.decode(attribute, in: bytes) == "YES"
        else { return nil }
        return attribute
    }

    /// Whether this action takes the Run action's entries (``runActionSwitch``).
    var usesRunAction: Bool { runActionSwitch != nil }

    func importNotes() -> [Diagnostic] {
        var notes: [Diagnostic] = []
        if let attribute = runActionSwitch {
            notes.append(
                .warning(
                    "this action uses the Run action's arguments and environment (`shouldUseLaunchSchemeArgsEnv = "
                        + "\"YES\"`): its own entries, imported here, are not what Xcode passes; "
                        + "`--action launch` imports what it passes",
                    at: location(attribute.valueStart), length: 3))
        }
        if isTestAction, let plans = action.child("TestPlans") {
            notes.append(
                .warning(
                    "this scheme's tests run from test plans, whose own arguments and environment apply: import the "
                        + "`.xctestplan` (`profile import xctestplan <file> --name <name>`)",
                    at: location(plans.start), length: 10))
        }
        return notes
    }

    func finishUpdate(_ bytes: inout [UInt8], notes: inout [Diagnostic]) throws(Diagnostic) {
        guard isTestAction else { return }
        if let attribute = runActionSwitch {
            let location = location(attribute.valueStart)
            InPlaceEditing.replace(&bytes, attribute.valueStart..<attribute.valueEnd, with: "NO")
            notes.append(
                .note(
                    "switched `shouldUseLaunchSchemeArgsEnv` to \"NO\": the tests now use the Test action's own "
                        + "arguments and environment, not the Run action's", at: location, length: 3))
        }
        if let plans = action.child("TestPlans") {
            notes.append(
                .warning(
                    "this scheme's tests run from test plans, whose own arguments and environment apply: update the "
                        + "`.xctestplan` (`profile export xctestplan --update <file>`)",
                    at: InPlaceEditing.location(of: plans.start, in: bytes, path: path), length: 11))
        }
    }
}

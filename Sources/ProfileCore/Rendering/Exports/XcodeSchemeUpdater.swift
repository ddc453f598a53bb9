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

/// Merges the profile's entries into the `<CommandLineArguments>` and `<EnvironmentVariables>` of one action of an
/// existing `.xcscheme`, leaving every other byte of the file as it was.
///
/// - The user's own entries (those the last export did not write) are kept byte for byte, enabled or not, in their
///   place; the profile's are found from the `PROFILE_PAYLOAD` entry the last export left, then kept, rewritten,
///   removed or inserted (see ``XcodeEntryMerge``). A profile's entry whose checkbox the user toggled keeps the
///   user's choice unless the profile changed the entry.
/// - An element that is absent is created where Xcode writes it: right after the action's runnable or testables
///   (`<BuildableProductRunnable>`, `<MacroExpansion>`, `<Testables>`...), `<EnvironmentVariables>` right after
///   `<CommandLineArguments>`; at the indentation of the action's children, in the file's line endings.
/// - An element left with no entries at all is removed, line and all.
/// - In `<TestAction>`, `shouldUseLaunchSchemeArgsEnv = "YES"` (Xcode's "Use the Run action's arguments and
///   environment variables") is switched to `"NO"`, since the entries written would be ignored otherwise; a note says
///   so. A warning says when the tests run from test plans, which carry their own entries.
///
/// Updating twice gives the same bytes.
enum XcodeSchemeUpdater {
    /// The children after which Xcode writes `<CommandLineArguments>`, per action.
    static func leaders(of action: XcodeSchemeAction) -> Set<String> {
        switch action {
        case .launch:
            return [
                "PreActions", "PostActions", "BuildableProductRunnable", "RemoteRunnable", "PathRunnable",
                "LocationScenarioReference", "MacroExpansion",
            ]
        case .test:
            return ["PreActions", "PostActions", "TestPlans", "MacroExpansion", "Testables"]
        }
    }

    /// One of the two lists.
    private struct List {
        /// The element's name, and its entries'.
        var name: String
        var entryName: String
        /// The profile's entries, and each one's lines.
        var wanted: [XcodeEntryMerge.Wanted]
        var rendered: [[String]]
        /// What the last export wrote here; nil when the file has no record (the profile adopts its entries).
        var record: XcodeEntryMerge.Recorded?
        /// The profile's entries as runs of `wanted`, and which are typed (arguments only).
        var units: [Range<Int>]? = nil
        var typedUnits: Range<Int> = 0..<0
    }

    static func update(
        _ file: [UInt8], path: String, with content: ExportContent, action: XcodeSchemeAction
    ) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic]) {
        var bytes = file
        var notes: [Diagnostic] = []
        var arguments = List(
            name: "CommandLineArguments", entryName: "CommandLineArgument", wanted: [], rendered: [], record: nil,
            units: [], typedUnits: content.typedEntries)
        for (index, argument) in content.argumentEntries.enumerated() {
            let lines = try XcodeSchemeExport.argumentEntry(
                argument.text, number: index + 1, isEnabled: argument.isEnabled, quoting: false)
            arguments.units?.append(arguments.wanted.count..<arguments.wanted.count + argument.words.count)
            for (position, word) in argument.words.enumerated() {
                arguments.wanted.append(.init(identity: word, isEnabled: argument.isEnabled))
                arguments.rendered.append(position == 0 ? lines : [])
            }
        }
        var variables = List(
            name: "EnvironmentVariables", entryName: "EnvironmentVariable", wanted: [], rendered: [], record: nil)
        for variable in content.variableEntries {
            let value = variable.value ?? ""
            variables.wanted.append(.init(identity: variable.text, value: value, isEnabled: variable.isEnabled))
            variables.rendered.append(
                try XcodeSchemeExport.variableEntry(variable.text, value, isEnabled: variable.isEnabled))
        }
        let record = try self.record(in: try actionElement(in: bytes, path: path, action: action), bytes, path: path)
        // Without a record (no `PROFILE_PAYLOAD` entry yet), the profile adopts the entries equal to its own.
        let adopting = record == XcodeEntryMerge.Record.none
        arguments.record = adopting ? nil : record.argumentRecord
        variables.record = adopting ? nil : record.variableRecord

        // The variables first, so that the warnings about them point into the file as it was read (the arguments come
        // before them). Either list is created after the action's leading children, the arguments before the
        // variables.
        let leaders = leaders(of: action)
        try merge(
            variables, after: leaders.union(["CommandLineArguments"]), in: &bytes, path: path, action: action,
            notes: &notes)
        try merge(arguments, after: leaders, in: &bytes, path: path, action: action, notes: &notes)

        guard action == .test else { return (bytes, notes) }
        let element = try actionElement(in: bytes, path: path, action: action)
        if let attribute = element.attribute("shouldUseLaunchSchemeArgsEnv"),
            bytes[attribute.valueStart..<attribute.valueEnd].elementsEqual("YES".utf8)
        {
            let location = InPlaceEditing.location(of: attribute.valueStart, in: bytes, path: path)
            InPlaceEditing.replace(&bytes, attribute.valueStart..<attribute.valueEnd, with: "NO")
            notes.append(
                .note(
                    "switched `shouldUseLaunchSchemeArgsEnv` to \"NO\": the tests now use the Test action's own "
                        + "arguments and environment, not the Run action's", at: location, length: 3))
        }
        if let plans = element.child("TestPlans") {
            notes.append(
                .warning(
                    "this scheme's tests run from test plans, whose own arguments and environment apply: update the "
                        + "`.xctestplan` (`profile export xctestplan --update <file>`)",
                    at: InPlaceEditing.location(of: plans.start, in: bytes, path: path), length: 11))
        }
        return (bytes, notes)
    }

    /// The entries of a list element, as the merge sees them.
    private static func found(
        _ list: XMLScanner.Element, entryName: String, in bytes: [UInt8]
    ) -> [XcodeEntryMerge.Found] {
        list.children.map { child in
            guard child.name == entryName,
                let identity = child.value(entryName == "CommandLineArgument" ? "argument" : "key", in: bytes)
            else { return XcodeEntryMerge.Found(identity: nil, value: nil, isEnabled: true) }
            if entryName == "CommandLineArgument" {
                return .argument(identity, isEnabled: child.value("isEnabled", in: bytes) != "NO")
            }
            return XcodeEntryMerge.Found(
                identity: identity,
                value: entryName == "EnvironmentVariable" ? child.value("value", in: bytes) ?? "" : nil,
                isEnabled: child.value("isEnabled", in: bytes) != "NO")
        }
    }

    /// What the last export wrote into `action`, from its `PROFILE_PAYLOAD` entry.
    private static func record(
        in action: XMLScanner.Element, _ bytes: [UInt8], path: String
    ) throws(Diagnostic) -> XcodeEntryMerge.Record {
        guard let list = action.child("EnvironmentVariables") else { return .none }
        switch XcodeEntryMerge.record(in: found(list, entryName: "EnvironmentVariable", in: bytes)) {
        case .success(let record): return record
        case .failure(let failure):
            let entry = list.children[failure.index]
            let value = entry.attribute("value")
            throw .error(
                XcodeEntryMerge.unreadableRecordMessage(failure.message),
                at: InPlaceEditing.location(of: value?.valueStart ?? entry.start, in: bytes, path: path),
                length: value.map { max(1, $0.valueEnd - $0.valueStart) } ?? 1)
        }
    }

    /// Merges the profile's entries into the list (creating or removing the element as needed).
    private static func merge(
        _ list: List, after leaders: Set<String>, in bytes: inout [UInt8], path: String, action: XcodeSchemeAction,
        notes: inout [Diagnostic]
    ) throws(Diagnostic) {
        let element = try actionElement(in: bytes, path: path, action: action)
        let newline = InPlaceEditing.newline(of: bytes)
        let step = XcodeSchemeExport.step
        guard let existing = element.child(list.name) else {
            guard !list.wanted.isEmpty else { return }
            let indent =
                element.children.first.flatMap { InPlaceEditing.indentation(before: $0.start, in: bytes) }
                ?? InPlaceEditing.lineIndentation(at: element.start, in: bytes) + step
            if element.isSelfClosing {
                throw .error(
                    "cannot add entries to `<\(element.name) />`, an empty-element tag: open the scheme in Xcode and "
                        + "save it",
                    at: InPlaceEditing.location(of: element.start, in: bytes, path: path),
                    length: element.name.count + 1)
            }
            let lines = ["<\(list.name)>"] + list.rendered.flatMap { $0.map { step + $0 } } + ["</\(list.name)>"]
            let offset = element.children.last { leaders.contains($0.name) }?.end ?? element.openEnd
            let text = newline + indent + InPlaceEditing.join(lines, indent: indent, newline: newline)
            InPlaceEditing.replace(&bytes, offset..<offset, with: text)
            return
        }

        let found = found(existing, entryName: list.entryName, in: bytes)
        let owned = XcodeEntryMerge.owned(
            found: found, record: list.record, wanted: list.wanted, units: list.units, typedUnits: list.typedUnits)
        let plan = XcodeEntryMerge.plan(found: found, owned: owned, wanted: list.wanted, units: list.units)
        let clashes =
            list.entryName == "EnvironmentVariable"
            ? XcodeEntryMerge.clashes(found: found, plan: plan, wanted: list.wanted) : []
        for index in clashes {
            notes.append(
                .warning(
                    XcodeEntryMerge.clashMessage(found[index].identity ?? ""),
                    at: InPlaceEditing.location(of: existing.children[index].start, in: bytes, path: path),
                    length: list.entryName.count + 1))
        }
        // An element the profile emptied goes; one that had no entries (as Xcode leaves it) stays as it is.
        if plan.steps.isEmpty, !found.isEmpty {
            InPlaceEditing.replace(
                &bytes, InPlaceEditing.removalStart(before: existing.start, in: bytes)..<existing.end, with: "")
            return
        }
        guard plan.changesFile else { return }
        let listIndent =
            InPlaceEditing.indentation(before: existing.start, in: bytes)
            ?? InPlaceEditing.lineIndentation(at: existing.start, in: bytes)
        let children = existing.children
        let entryIndent =
            children.first.flatMap { InPlaceEditing.indentation(before: $0.start, in: bytes) } ?? listIndent + step
        if existing.isSelfClosing {
            let lines = ["<\(list.name)>"] + list.rendered.flatMap { $0.map { step + $0 } } + ["</\(list.name)>"]
            InPlaceEditing.replace(
                &bytes, existing.start..<existing.end,
                with: InPlaceEditing.join(lines, indent: listIndent, newline: newline))
            return
        }
        var inner: [UInt8] = []
        func gapStart(_ index: Int) -> Int { index == 0 ? existing.openEnd : children[index - 1].end }
        for mergeStep in plan.steps {
            switch mergeStep {
            case .keep(let index):
                inner += bytes[gapStart(index)..<children[index].end]
            case .rewrite(let index, let wanted):
                let indent = InPlaceEditing.indentation(before: children[index].start, in: bytes) ?? entryIndent
                inner += bytes[gapStart(index)..<children[index].start]
                var lines = list.rendered[wanted]
                if list.entryName == "CommandLineArgument", let text = found[index].identity {
                    // The same words, another checkbox: the entry's own text, checked as the profile says.
                    lines = try XcodeSchemeExport.argumentEntry(
                        text, number: wanted + 1, isEnabled: list.wanted[wanted].isEnabled, quoting: false)
                }
                inner += Array(InPlaceEditing.join(lines, indent: indent, newline: newline).utf8)
            case .insert(let wanted, let moving):
                inner += Array((newline + entryIndent).utf8)
                if let moving {
                    inner += bytes[children[moving].start..<children[moving].end]
                } else {
                    let text = InPlaceEditing.join(list.rendered[wanted], indent: entryIndent, newline: newline)
                    inner += Array(text.utf8)
                }
            }
        }
        let tail = bytes[(children.last?.end ?? existing.openEnd)..<existing.closeStart]
        if children.isEmpty, !tail.contains(UInt8(ascii: "\n")) {
            inner += Array((newline + listIndent).utf8)
        } else {
            inner += tail
        }
        bytes.replaceSubrange(existing.openEnd..<existing.closeStart, with: inner)
    }

    /// The action element, from a fresh scan of `bytes`.
    private static func actionElement(
        in bytes: [UInt8], path: String, action: XcodeSchemeAction
    ) throws(Diagnostic) -> XMLScanner.Element {
        let root: XMLScanner.Element
        do {
            root = try XMLScanner.scan(bytes)
        } catch {
            throw .error(
                "`\(path)` is not well-formed XML: \(error.message)",
                at: InPlaceEditing.location(of: error.offset, in: bytes, path: path))
        }
        guard root.name == "Scheme" else {
            throw .error(
                "`\(path)` is not an Xcode scheme: its root element is `<\(root.name)>`, not `<Scheme>`",
                at: InPlaceEditing.location(of: root.start, in: bytes, path: path), length: root.name.count + 1)
        }
        guard let element = root.child(action.elementName) else {
            throw .error(
                "`\(path)` has no `<\(action.elementName)>` to update",
                at: InPlaceEditing.location(of: root.start, in: bytes, path: path), length: root.name.count + 1)
        }
        return element
    }
}

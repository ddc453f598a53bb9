import ProfileRuntime

/// Merges the profile's entries into the `commandLineArgumentEntries` and `environmentVariableEntries` of an existing
/// `.xctestplan`'s `defaultOptions`, or of one configuration's `options`, leaving every other byte of the file as it
/// was.
///
/// - The user's own entries (those the last export did not write) are kept byte for byte, enabled or not, in their
///   place; the profile's are found from the `PROFILE_PAYLOAD` entry the last export left in the same options, then
///   kept, rewritten, removed or inserted (see ``XcodeEntryMerge``). A profile's entry the user unchecked
///   (`"enabled" : false`) stays unchecked unless the profile changed the entry.
/// - A key that is absent is inserted at its place in Xcode's sorted key order, at the indentation of its siblings;
///   the options object itself is created when absent.
/// - A key left with no entries at all is removed.
///
/// Without a configuration, configurations' own `options` are left alone: entries set there still override these for
/// that configuration. Updating twice gives the same bytes.
enum XcodeTestPlanUpdater {
    static func update(
        _ file: [UInt8], path: String, with content: ExportContent, configuration: String? = nil
    ) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic]) {
        var bytes = file
        var notes: [Diagnostic] = []
        let record = try self.record(in: bytes, path: path, configuration: configuration)
        // Without a record (no `PROFILE_PAYLOAD` entry yet), the profile adopts the entries equal to its own.
        let adopting = record == XcodeEntryMerge.Record.none
        // The variables first, so that the warnings about them point into the file as it was read.
        try set(
            XcodeTestPlanExport.environmentKey,
            wanted: content.variableEntries.map {
                .init(identity: $0.text, value: $0.value ?? "", isEnabled: $0.isEnabled)
            },
            rendered: content.variableEntries.map {
                XcodeTestPlanExport.variableEntry($0.text, $0.value ?? "", isEnabled: $0.isEnabled)
            },
            record: adopting ? nil : record.variableRecord, units: nil, in: &bytes, path: path,
            configuration: configuration, notes: &notes)
        var wanted: [XcodeEntryMerge.Wanted] = []
        var rendered: [[String]] = []
        var units: [Range<Int>] = []
        for argument in content.argumentEntries {
            let lines = XcodeTestPlanExport.argumentEntry(argument.text, isEnabled: argument.isEnabled, quoting: false)
            units.append(wanted.count..<wanted.count + argument.words.count)
            for (position, word) in argument.words.enumerated() {
                wanted.append(.init(identity: word, isEnabled: argument.isEnabled))
                rendered.append(position == 0 ? lines : [])
            }
        }
        try set(
            XcodeTestPlanExport.argumentsKey, wanted: wanted, rendered: rendered,
            record: adopting ? nil : record.argumentRecord, units: units, typedUnits: content.typedEntries,
            in: &bytes, path: path, configuration: configuration, notes: &notes)
        return (bytes, notes)
    }

    /// Where the entries go: the options object, or the object it is to be created in (under `key`).
    private enum Options {
        case found(JSONScanner.Value)
        case missing(parent: JSONScanner.Value, key: String)

        var object: JSONScanner.Value? {
            if case .found(let value) = self { return value }
            return nil
        }
    }

    /// The top-level object of `bytes`.
    private static func root(of bytes: [UInt8], path: String) throws(Diagnostic) -> JSONScanner.Value {
        let root: JSONScanner.Value
        do {
            root = try JSONScanner.scan(bytes)
        } catch {
            throw .error(
                "`\(path)` is not valid JSON: \(error.message)",
                at: InPlaceEditing.location(of: error.offset, in: bytes, path: path))
        }
        guard root.object != nil else {
            throw .error(
                "`\(path)` is not an Xcode test plan: its top level is not an object",
                at: InPlaceEditing.location(of: root.start, in: bytes, path: path))
        }
        return root
    }

    /// The options the entries go in: `defaultOptions`, or the `options` of the configuration named `configuration`.
    private static func options(
        in bytes: [UInt8], path: String, configuration: String?
    ) throws(Diagnostic) -> Options {
        let root = try root(of: bytes, path: path)
        guard let configuration else {
            guard let options = root.member("defaultOptions") else {
                return .missing(parent: root, key: "defaultOptions")
            }
            guard options.value.object != nil else {
                throw .error(
                    "`defaultOptions` in `\(path)` is not an object",
                    at: InPlaceEditing.location(of: options.value.start, in: bytes, path: path))
            }
            return .found(options.value)
        }
        let configurations = root.member("configurations")
        var names: [String] = []
        for element in configurations?.value.elements ?? [] {
            guard let name = element.member("name").flatMap({ JSONScanner.string($0.value, in: bytes) }) else {
                continue
            }
            guard name == configuration else {
                names.append(name)
                continue
            }
            guard let options = element.member("options") else { return .missing(parent: element, key: "options") }
            guard options.value.object != nil else {
                throw .error(
                    "the `options` of configuration `\(configuration)` in `\(path)` is not an object",
                    at: InPlaceEditing.location(of: options.value.start, in: bytes, path: path))
            }
            return .found(options.value)
        }
        let known = names.isEmpty ? "it has none" : "it has " + names.map { "`\($0)`" }.joined(separator: ", ")
        throw .error(
            "`\(path)` has no configuration named `\(configuration)`: \(known)",
            at: InPlaceEditing.location(of: configurations?.value.start ?? root.start, in: bytes, path: path),
            suggestion: NearMiss.suggestion(for: configuration, in: names))
    }

    /// The entries of an entry list, as the merge sees them.
    private static func found(_ list: JSONScanner.Value, in bytes: [UInt8]) -> [XcodeEntryMerge.Found] {
        (list.elements ?? []).map { element in
            func string(_ key: String) -> String? {
                element.member(key).flatMap { JSONScanner.string($0.value, in: bytes) }
            }
            let isEnabled = element.member("enabled").flatMap { JSONScanner.bool($0.value, in: bytes) } ?? true
            if let argument = string("argument") {
                return .argument(argument, isEnabled: isEnabled)
            }
            if let key = string("key") {
                return .init(identity: key, value: string("value") ?? "", isEnabled: isEnabled)
            }
            return .init(identity: nil, value: nil, isEnabled: true)
        }
    }

    /// What the last export wrote into the options, from their `PROFILE_PAYLOAD` entry.
    private static func record(
        in bytes: [UInt8], path: String, configuration: String?
    ) throws(Diagnostic) -> XcodeEntryMerge.Record {
        guard let options = try options(in: bytes, path: path, configuration: configuration).object,
            let list = options.member(XcodeTestPlanExport.environmentKey)?.value, let elements = list.elements
        else { return .none }
        switch XcodeEntryMerge.record(in: found(list, in: bytes)) {
        case .success(let record): return record
        case .failure(let failure):
            let value = elements[failure.index].member("value")?.value
            throw .error(
                XcodeEntryMerge.unreadableRecordMessage(failure.message),
                at: InPlaceEditing.location(of: value?.start ?? elements[failure.index].start, in: bytes, path: path),
                length: value.map { $0.end - $0.start } ?? 1)
        }
    }

    /// Merges the profile's entries into the list `key` of the options (creating or removing it as needed).
    private static func set(
        _ key: String, wanted: [XcodeEntryMerge.Wanted], rendered: [[String]], record: XcodeEntryMerge.Recorded?,
        units: [Range<Int>]?, typedUnits: Range<Int> = 0..<0,
        in bytes: inout [UInt8], path: String, configuration: String?, notes: inout [Diagnostic]
    ) throws(Diagnostic) {
        let step = XcodeTestPlanExport.step
        let options: JSONScanner.Value
        switch try self.options(in: bytes, path: path, configuration: configuration) {
        case .missing(let parent, let parentKey):
            guard !wanted.isEmpty else { return }
            let lines = XcodeTestPlanExport.memberLines(key, XcodeTestPlanExport.array(rendered.filter { !$0.isEmpty }))
            setMember(parentKey, to: ["{"] + lines.map { step + $0 } + ["}"], of: parent, in: &bytes)
            return
        case .found(let object):
            options = object
        }
        guard let member = options.member(key) else {
            if !wanted.isEmpty {
                setMember(key, to: XcodeTestPlanExport.array(rendered.filter { !$0.isEmpty }), of: options, in: &bytes)
            }
            return
        }
        guard let elements = member.value.elements else {
            throw .error(
                "`\(key)` in `\(path)` is not an array",
                at: InPlaceEditing.location(of: member.value.start, in: bytes, path: path))
        }
        let found = found(member.value, in: bytes)
        let owned = XcodeEntryMerge.owned(
            found: found, record: record, wanted: wanted, units: units, typedUnits: typedUnits)
        let plan = XcodeEntryMerge.plan(found: found, owned: owned, wanted: wanted, units: units)
        let clashes =
            key == XcodeTestPlanExport.environmentKey
            ? XcodeEntryMerge.clashes(found: found, plan: plan, wanted: wanted) : []
        for index in clashes {
            notes.append(
                .warning(
                    XcodeEntryMerge.clashMessage(found[index].identity ?? ""),
                    at: InPlaceEditing.location(of: elements[index].start, in: bytes, path: path)))
        }
        // A list the profile emptied goes; one that had no entries stays as it is.
        if plan.steps.isEmpty, !found.isEmpty {
            setMember(key, to: nil, of: options, in: &bytes)
            return
        }
        guard plan.changesFile else { return }
        if elements.isEmpty {
            setMember(key, to: XcodeTestPlanExport.array(rendered.filter { !$0.isEmpty }), of: options, in: &bytes)
            return
        }
        let newline = InPlaceEditing.newline(of: bytes)
        let memberIndent = InPlaceEditing.lineIndentation(at: member.keyStart, in: bytes)
        let entryIndent =
            InPlaceEditing.indentation(before: elements[0].start, in: bytes) ?? memberIndent + step
        /// The whitespace before element `index`, after the comma that separates it from the previous one.
        func lead(_ index: Int) -> ArraySlice<UInt8> {
            let gap = bytes[(index == 0 ? member.value.start + 1 : elements[index - 1].end)..<elements[index].start]
            guard let comma = gap.firstIndex(of: UInt8(ascii: ",")) else { return gap }
            return gap[(comma + 1)...]
        }
        var items: [[UInt8]] = []
        for mergeStep in plan.steps {
            switch mergeStep {
            case .keep(let index):
                items.append(Array(lead(index) + bytes[elements[index].start..<elements[index].end]))
            case .rewrite(let index, let wantedIndex):
                let indent = InPlaceEditing.indentation(before: elements[index].start, in: bytes) ?? entryIndent
                var lines = rendered[wantedIndex]
                if key == XcodeTestPlanExport.argumentsKey, let text = found[index].identity {
                    // The same words, another checkbox: the entry's own text, checked as the profile says.
                    lines = XcodeTestPlanExport.argumentEntry(
                        text, isEnabled: wanted[wantedIndex].isEnabled, quoting: false)
                }
                let text = InPlaceEditing.join(lines, indent: indent, newline: newline)
                items.append(Array(lead(index)) + Array(text.utf8))
            case .insert(let wantedIndex, let moving):
                var item = Array((newline + entryIndent).utf8)
                if let moving {
                    item += bytes[elements[moving].start..<elements[moving].end]
                } else {
                    let text = InPlaceEditing.join(rendered[wantedIndex], indent: entryIndent, newline: newline)
                    item += Array(text.utf8)
                }
                items.append(item)
            }
        }
        var inner = Array(items.joined(separator: [UInt8(ascii: ",")]))
        inner += bytes[elements[elements.count - 1].end..<(member.value.end - 1)]
        bytes.replaceSubrange((member.value.start + 1)..<(member.value.end - 1), with: inner)
    }

    /// Replaces, inserts (in sorted key order) or removes (with nil) the member `key` of `object`.
    private static func setMember(
        _ key: String, to lines: [String]?, of object: JSONScanner.Value, in bytes: inout [UInt8]
    ) {
        let members = object.object ?? []
        let newline = InPlaceEditing.newline(of: bytes)
        let objectIndent = InPlaceEditing.lineIndentation(at: object.start, in: bytes)
        let siblingIndent =
            members.first.flatMap { InPlaceEditing.indentation(before: $0.keyStart, in: bytes) }
            ?? objectIndent + XcodeTestPlanExport.step
        if let position = members.firstIndex(where: { $0.key == key }) {
            let member = members[position]
            if let lines {
                let indent = InPlaceEditing.indentation(before: member.keyStart, in: bytes) ?? siblingIndent
                let text = InPlaceEditing.join(lines, indent: indent, newline: newline)
                InPlaceEditing.replace(&bytes, member.value.start..<member.value.end, with: text)
            } else if members.count == 1 {
                let empty = "{" + newline + newline + objectIndent + "}"
                InPlaceEditing.replace(&bytes, object.start..<object.end, with: empty)
            } else if position < members.count - 1 {
                InPlaceEditing.replace(&bytes, member.keyStart..<members[position + 1].keyStart, with: "")
            } else {
                InPlaceEditing.replace(&bytes, members[position - 1].value.end..<member.value.end, with: "")
            }
            return
        }
        guard let lines else { return }
        let text = InPlaceEditing.join(
            XcodeTestPlanExport.memberLines(key, lines), indent: siblingIndent, newline: newline)
        if let next = members.first(where: { key.utf8.lexicographicallyPrecedes($0.key.utf8) }) {
            InPlaceEditing.replace(&bytes, next.keyStart..<next.keyStart, with: text + "," + newline + siblingIndent)
        } else if let last = members.last {
            InPlaceEditing.replace(&bytes, last.value.end..<last.value.end, with: "," + newline + siblingIndent + text)
        } else {
            InPlaceEditing.replace(
                &bytes, object.start..<object.end,
                with: "{" + newline + siblingIndent + text + newline + objectIndent + "}")
        }
    }
}

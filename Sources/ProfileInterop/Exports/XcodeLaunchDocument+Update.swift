import ProfileModel

/// `export --update` over any ``XcodeLaunchDocument``: the profile's entries merged into the document's two lists
/// (``XcodeEntryMerge``), every other byte left as it was.
///
/// - The user's own entries (those the last export did not write) are kept byte for byte, enabled or not, in their
///   place; the profile's are found from the `PROFILE_PAYLOAD` entry the last export left, then kept, rewritten,
///   removed or inserted. A profile's entry whose checkbox the user toggled keeps the user's choice unless the profile
///   changed the entry.
/// - A list that is absent is written whole where the format puts it (``XcodeLaunchDocument/writeWhole(_:_:into:)``);
///   a list the update empties is removed; a list that had no entries and gets none (as Xcode leaves one after the
///   last entry is deleted) stays as it is.
///
/// Updating twice gives the same bytes.
extension XcodeLaunchDocument {
    /// `self`'s bytes with `content`'s entries merged in, and the warnings and notes about it.
    func merged(with content: ExportContent) throws(Diagnostic) -> (bytes: [UInt8], notes: [Diagnostic]) {
        var bytes = self.bytes
        var notes: [Diagnostic] = []
        var arguments = WantedList(units: [], typedUnits: content.typedEntries)
        for (index, argument) in content.argumentEntries.enumerated() {
            let lines = try Self.argumentLines(argument.text, number: index + 1, isEnabled: argument.isEnabled)
            arguments.units?.append(arguments.wanted.count..<arguments.wanted.count + argument.words.count)
            for (position, word) in argument.words.enumerated() {
                arguments.wanted.append(.init(identity: word, isEnabled: argument.isEnabled))
                arguments.rendered.append(position == 0 ? lines : [])
            }
        }
        var variables = WantedList()
        for variable in content.variableEntries {
            let value = variable.value ?? ""
            variables.wanted.append(.init(identity: variable.text, value: value, isEnabled: variable.isEnabled))
            variables.rendered.append(try Self.variableLines(variable.text, value, isEnabled: variable.isEnabled))
        }
        let record = try record()
        // Without a record (no `PROFILE_PAYLOAD` entry yet), the profile adopts the entries equal to its own.
        let adopting = record == XcodeEntryMerge.Record.none
        arguments.record = adopting ? nil : record.argumentRecord
        variables.record = adopting ? nil : record.variableRecord

        // The variables first, so that the warnings about them point into the file as it was read (the arguments come
        // before them).
        try rescanned(bytes).merge(variables, into: .variables, bytes: &bytes, notes: &notes)
        try rescanned(bytes).merge(arguments, into: .arguments, bytes: &bytes, notes: &notes)
        try rescanned(bytes).finishUpdate(&bytes, notes: &notes)
        return (bytes, notes)
    }

    /// Merges `wanted` into `list` (writing it whole, or removing it, as needed).
    private func merge(
        _ wanted: WantedList, into list: XcodeEntryList, bytes: inout [UInt8], notes: inout [Diagnostic]
    ) throws(Diagnostic) {
        guard let place = try self.list(list), !place.children.isEmpty else {
            if !wanted.wanted.isEmpty { try writeWhole(list, wanted.rendered.filter { !$0.isEmpty }, into: &bytes) }
            return
        }
        let children = place.children
        let found = Self.found(children, list)
        let owned = XcodeEntryMerge.owned(
            found: found, record: wanted.record, wanted: wanted.wanted, units: wanted.units,
            typedUnits: wanted.typedUnits)
        let plan = XcodeEntryMerge.plan(found: found, owned: owned, wanted: wanted.wanted, units: wanted.units)
        if list == .variables {
            for index in XcodeEntryMerge.clashes(found: found, plan: plan, wanted: wanted.wanted) {
                notes.append(
                    .warning(
                        XcodeEntryMerge.clashMessage(found[index].identity ?? ""), at: location(children[index].start),
                        length: children[index].markLength))
            }
        }
        if plan.steps.isEmpty {
            remove(list, from: &bytes)
            return
        }
        guard plan.changesFile else { return }

        let newline = InPlaceEditing.newline(of: bytes)
        let entryIndent =
            InPlaceEditing.indentation(before: children[0].start, in: bytes)
            ?? InPlaceEditing.lineIndentation(at: place.anchor, in: bytes) + Self.step
        /// The bytes before child `index` that go with it: the gap after the previous child (after its separator).
        func lead(_ index: Int) -> ArraySlice<UInt8> {
            let gap = bytes[(index == 0 ? place.innerStart : children[index - 1].end)..<children[index].start]
            guard let separator = Self.separator, let at = gap.firstIndex(of: separator) else { return gap }
            return gap[(at + 1)...]
        }
        var pieces: [[UInt8]] = []
        for step in plan.steps {
            switch step {
            case .keep(let index):
                pieces.append(Array(lead(index) + bytes[children[index].start..<children[index].end]))
            case .rewrite(let index, let wantedIndex):
                let indent = InPlaceEditing.indentation(before: children[index].start, in: bytes) ?? entryIndent
                var lines = wanted.rendered[wantedIndex]
                if list == .arguments, let text = found[index].identity {
                    // The same words, another checkbox: the entry's own text, checked as the profile says.
                    lines = try Self.argumentLines(
                        text, number: wantedIndex + 1, isEnabled: wanted.wanted[wantedIndex].isEnabled)
                }
                pieces.append(
                    Array(lead(index)) + Array(InPlaceEditing.join(lines, indent: indent, newline: newline).utf8))
            case .insert(let wantedIndex, let moving):
                var piece = Array((newline + entryIndent).utf8)
                if let moving {
                    piece += bytes[children[moving].start..<children[moving].end]
                } else {
                    piece += Array(
                        InPlaceEditing.join(wanted.rendered[wantedIndex], indent: entryIndent, newline: newline).utf8)
                }
                pieces.append(piece)
            }
        }
        var inner = Array(pieces.joined(separator: Self.separator.map { [$0] } ?? []))
        inner += bytes[children[children.count - 1].end..<place.innerEnd]
        bytes.replaceSubrange(place.innerStart..<place.innerEnd, with: inner)
    }
}

/// The profile's entries for one list.
private struct WantedList {
    /// Each entry the profile writes (an argument entry as one per word), and the lines of each (an argument's on its
    /// first word, none on the others).
    var wanted: [XcodeEntryMerge.Wanted] = []
    var rendered: [[String]] = []
    /// What the last export wrote here; nil when the file has no record (the profile adopts its entries).
    var record: XcodeEntryMerge.Recorded? = nil
    /// The profile's entries as runs of `wanted` (arguments only), and which are typed.
    var units: [Range<Int>]? = nil
    var typedUnits: Range<Int> = 0..<0
}

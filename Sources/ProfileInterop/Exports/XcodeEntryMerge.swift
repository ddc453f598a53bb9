import ProfileRuntime

/// How `--update` merges the profile's entries into one list of an Xcode file (the `<CommandLineArguments>` or
/// `<EnvironmentVariables>` of a scheme action, the `commandLineArgumentEntries` or `environmentVariableEntries` of a
/// test plan's options) without touching the user's own entries.
///
/// **What the last export wrote.** Every export leaves a `PROFILE_PAYLOAD` entry among the variables, and the payload
/// names what the export wrote: its launch arguments (`argument=` entries, then the flags, mocks and values as
/// `ProfilePayload.launchArguments` renders them) and its environment variables (`env=` entries), plus
/// `PROFILE_PAYLOAD` itself. That is the *record*. It needs no marker of its own, survives Xcode rewriting the file,
/// and files exported before lossless updates existed carry it too.
///
/// **Entries are compared through their words.** Xcode splits an argument entry shell-style
/// (``XcodeArgumentWords``): `-pageSize 5` passes two words. An argument entry of the file stands for its words, so it
/// lines up with a run of the profile's arguments (`-pageSize`, `5`) as one piece, and is kept in one piece. A variable
/// is known by its name.
///
/// **Which entries of the file are the profile's.** The file's entries are aligned with the record in order: the
/// largest in-order match (in words), then the one using the most entries (exports write one word an entry), then
/// the most compact one (an export writes its entries together), so a user's own `YES` or a second `API_BASE_URL` of
/// the user's is told apart from the profile's. Matched entries are the profile's (*owned*); every other entry is the
/// user's and is kept byte for byte, enabled or not, in its place.
///
/// **Adoption.** When the file has no `PROFILE_PAYLOAD` entry yet (never exported to, or brought into a profile by
/// `profile import`), the profile *adopts* the entries that already say exactly what it writes, instead of adding
/// them a second time; with a record, it adopts them likewise for the entries of its own that the file does not hold
/// (a profile that gained an entry the user had already written): checked entries whose words equal a run of the profile's whole items
/// (a plain argument, or a typed entry's `-key value` — never a lone `YES`), or variables with the same name and value,
/// in order (the same alignment). A checked entry that sets one of the profile's typed keys to the same value in
/// another spelling (`-skipOnboarding true`, `--page-size=5`, as the runtime reads them) is adopted too, and replaced
/// by the export's form among the profile's entries. Nothing else is adopted: an entry of the user's that differs stays the user's.
///
/// **The merge.** The owned entries are aligned with the profile's entries now (the *wanted* ones), again in order:
/// - a matched entry stays in its place; its bytes are kept (with the user's checkbox) when the profile did not
///   change it (same words, same value), and rewritten (checkbox as the profile says) when it did;
/// - an owned entry the profile no longer has is removed, line and all;
/// - a wanted entry without a match is inserted right after the profile's previous entry in the file (before its
///   next one when it is first; where the profile's entries were, or at the end of the list, when none is left). An
///   owned entry with the same words and value that only moved is moved with its bytes (and checkbox).
///
/// Updating again with the same profile finds every entry matched and unchanged: the same bytes. A file without a
/// record whose entries are all adopted unchanged is left without one (``ExportFormat/update``): the record is written
/// with the first change.
enum XcodeEntryMerge {
    /// One child of the list in the file.
    struct Found: Equatable {
        /// The argument's text or the variable's name; nil for something that is not an entry (kept as it is).
        var identity: String?
        /// The variable's value (nil for an argument).
        var value: String?
        /// Whether its checkbox is on.
        var isEnabled: Bool
        /// What it is compared through: an argument's words (as Xcode splits it), a variable's name; nil for
        /// something that is not an entry, or an argument without words.
        var words: [String]?

        /// A child; an argument's `words` are given, a variable's are its name.
        init(identity: String?, value: String?, isEnabled: Bool, words: [String]? = nil) {
            self.identity = identity
            self.value = value
            self.isEnabled = isEnabled
            let words = words ?? identity.map { [$0] }
            self.words = words?.isEmpty == true ? nil : words
        }

        /// An argument entry of the file, compared through the words Xcode splits `text` into.
        static func argument(_ text: String, isEnabled: Bool) -> Found {
            Found(identity: text, value: nil, isEnabled: isEnabled, words: XcodeArgumentWords.split(text))
        }
    }

    /// One entry the profile writes.
    struct Wanted: Equatable {
        var identity: String
        var value: String?
        var isEnabled: Bool = true
    }

    /// One piece of the merged list, in order.
    enum Step: Equatable {
        /// The file's child, byte for byte.
        case keep(Int)
        /// The file's child at this index, at its place, rewritten as the wanted entry at the second index (an
        /// argument whose words did not change but whose checkbox did: its text kept, the checkbox as wanted).
        case rewrite(Int, wanted: Int)
        /// The wanted entry at this index, new; or, with `moving`, the bytes of that (owned) child of the file.
        case insert(wanted: Int, moving: Int?)
    }

    /// The merged list, and which children of the file were the profile's.
    struct Plan: Equatable {
        var steps: [Step]
        var owned: [Bool]

        /// Whether the merged list differs from the file's.
        var changesFile: Bool { steps != owned.indices.map { Step.keep($0) } }
    }

    /// What the last export wrote into one options set: the launch arguments and the variable names, in order.
    struct Record: Equatable {
        var arguments: [String]
        var variables: [String]
        /// Whether the export wrote each argument word and each variable checked (`enabled: false` entries unchecked).
        var argumentStates: [Bool] = []
        var variableStates: [Bool] = []

        /// Nothing: no export wrote here yet.
        static let none = Record(arguments: [], variables: [])

        /// The arguments, with their states.
        var argumentRecord: Recorded { Recorded(words: arguments, states: argumentStates) }
        /// The variables, with their states.
        var variableRecord: Recorded { Recorded(words: variables, states: variableStates) }
    }

    /// One list of a record: the words (argument words, or variable names) in order, and whether each was written
    /// checked.
    struct Recorded: Equatable {
        var words: [String]
        var states: [Bool]
    }

    /// The name of the variable that carries the payload, and so the record.
    static let payloadName = WireFormat.environmentVariable

    /// The record held by the variables `found` (a `PROFILE_PAYLOAD` entry's value), `.none` without one.
    ///
    /// - Returns: the record, or the index of the `PROFILE_PAYLOAD` entry and why its value cannot be read.
    static func record(in variables: [Found]) -> Result<Record, RecordFailure> {
        let candidates = variables.indices.filter { variables[$0].identity == payloadName }
        guard let index = candidates.first(where: { variables[$0].isEnabled }) ?? candidates.first,
            let text = variables[index].value
        else { return .success(.none) }
        do {
            let payload = try WireFormat.decode(text)
            // An export with checkboxes records its entries (`argument-on=`, `argument-off=`); one from before wrote
            // the payload's launch arguments, one word an entry, all checked.
            let arguments: [(text: String, isEnabled: Bool)] =
                payload.checkboxArguments.isEmpty
                ? payload.launchArguments.map { ($0, true) }
                : payload.checkboxArguments.flatMap { entry in entry.words.map { ($0, entry.isEnabled) } }
            var variables: [(String, Bool)] = []
            var disabled = payload.disabledEnvironmentKeys[...]
            for (index, name) in payload.environmentKeys.enumerated() {
                while let placed = disabled.first, placed.position <= index {
                    variables.append((placed.text, false))
                    disabled = disabled.dropFirst()
                }
                variables.append((name, true))
            }
            variables += disabled.map { ($0.text, false) }
            variables.append((payloadName, true))
            return .success(
                Record(
                    arguments: arguments.map(\.text), variables: variables.map(\.0),
                    argumentStates: arguments.map(\.isEnabled), variableStates: variables.map(\.1)))
        } catch {
            return .failure(RecordFailure(index: index, message: error.message))
        }
    }

    /// A `PROFILE_PAYLOAD` entry that cannot be read.
    struct RecordFailure: Error, Equatable {
        /// The entry's index among the variables.
        var index: Int
        var message: String
    }

    /// The merge of `wanted` into `found`, given the record of the last export.
    static func plan(found: [Found], record: Recorded, wanted: [Wanted]) -> Plan {
        plan(found: found, owned: ownership(found: found, record: record), wanted: wanted)
    }

    /// Which children of the file the last export wrote, from its record, each with the checkbox it wrote (nil: not
    /// the profile's).
    static func ownership(found: [Found], record: Recorded) -> [Bool?] {
        var owned = [Bool?](repeating: nil, count: found.count)
        for (index, start) in align(found.map(\.words), record.words) {
            let length = found[index].words?.count ?? 1
            let states =
                record.states.isEmpty ? [true] : record.states[start..<min(start + length, record.states.count)]
            owned[index] = states.allSatisfy { $0 == states.first } ? (states.first ?? true) : true
        }
        return owned
    }

    /// Which children of the file are the profile's: those the record names (`record`), plus those it adopts (see
    /// the type's documentation); without a record, those it adopts.
    ///
    /// - Parameters:
    ///   - units: for an argument list, the profile's entries as runs of `wanted` (one Xcode entry each: an item,
    ///     `-pageSize 5`); nil for variables.
    ///   - typedUnits: which of `units` are the typed layer's (`-key value`, `--key=value`).
    static func owned(
        found: [Found], record: Recorded?, wanted: [Wanted], units: [Range<Int>]?, typedUnits: Range<Int> = 0..<0
    ) -> [Bool?] {
        guard let record else {
            let adopted = adoption(found: found, wanted: wanted, units: units, typedUnits: typedUnits)
            return found.indices.map { adopted[$0] ? found[$0].isEnabled : nil }
        }
        var owned = ownership(found: found, record: record)
        // The wanted entries the profile's own entries stand for are not adopted a second time.
        let ownedIndices = found.indices.filter { owned[$0] != nil }
        var taken = [Bool](repeating: false, count: wanted.count)
        for (position, start) in align(ownedIndices.map { found[$0].words }, wanted.map(\.identity)) {
            for index in start..<start + (found[ownedIndices[position]].words?.count ?? 1) { taken[index] = true }
        }
        guard taken.contains(false) else { return owned }
        var others = found
        for index in found.indices where owned[index] != nil { others[index].words = nil }
        let adopted = adoption(found: others, wanted: wanted, units: units, typedUnits: typedUnits, taken: taken)
        for index in found.indices where adopted[index] { owned[index] = found[index].isEnabled }
        return owned
    }

    /// Which of the checked children `found` the profile adopts, leaving alone the wanted entries already `taken`.
    static func adoption(
        found: [Found], wanted: [Wanted], units: [Range<Int>]?, typedUnits: Range<Int> = 0..<0, taken: [Bool]? = nil
    ) -> [Bool] {
        let taken = taken ?? [Bool](repeating: false, count: wanted.count)
        var owned = [Bool](repeating: false, count: found.count)
        /// A variable is adopted only with its value: compare name and value as one word. An entry is adopted only
        /// with its checkbox: an unchecked one's words are marked.
        func word(_ identity: String, _ value: String?) -> String { value.map { identity + "\u{0}" + $0 } ?? identity }
        func marked(_ words: [String], _ isEnabled: Bool) -> [String] {
            isEnabled ? words : words.map { "\u{1}" + $0 }
        }
        let left = found.map { entry -> [String]? in
            guard let words = entry.words else { return nil }
            return marked(entry.value == nil ? words : [word(entry.identity ?? "", entry.value)], entry.isEnabled)
        }
        let right = wanted.map { marked([word($0.identity, $0.value)], $0.isEnabled)[0] }
        guard let units else {
            for (index, _) in align(left, right, allowed: { start, _ in !taken[start] }) { owned[index] = true }
            return owned
        }
        // Items: the profile's entries (an argument item, a typed entry).
        let typed = units[typedUnits].map { (start: $0.lowerBound, length: $0.count) }
        let isStart = Set(units.map(\.lowerBound) + [wanted.count])
        var adoptedItems = Set<Int>()
        /// A run of whole items, none of them taken.
        func isItems(_ start: Int, _ length: Int) -> Bool {
            isStart.contains(start) && isStart.contains(start + length) && !taken[start..<start + length].contains(true)
        }
        for (index, start) in align(left, right, allowed: isItems) {
            owned[index] = true
            adoptedItems.insert(start)
        }
        // The same typed setting in another spelling.
        for item in typed where !adoptedItems.contains(item.start) && !taken[item.start] && wanted[item.start].isEnabled
        {
            guard let setting = typedSetting(wanted[item.start..<item.start + item.length].map(\.identity)) else {
                continue
            }
            let candidate = found.indices.first { index in
                guard !owned[index], found[index].isEnabled, found[index].value == nil,
                    let words = found[index].words, let other = typedSetting(words)
                else { return false }
                return other.key == setting.key && sameMeaning(other.text, setting.text)
            }
            if let candidate { owned[candidate] = true }
        }
        return owned
    }

    /// The one option `words` set, as the runtime reads launch arguments (canonical key and text; nil text for a
    /// bare flag); nil when they are not exactly one option.
    static func typedSetting(_ words: [String]) -> (key: String, text: String?)? {
        var options: [LaunchArguments.Option] = []
        LaunchArguments.parse([""] + words) { options.append($0) }
        guard options.count == 1, options[0].token == 1 else { return nil }
        let used = options[0].text == nil || words[0].contains("=") ? 1 : 2
        guard used == words.count else { return nil }
        return (options[0].key, options[0].text)
    }

    /// Whether `found` (an option's text, nil for a bare flag) sets what `wanted` does: the same boolean when the
    /// export wrote a flag (`YES`/`NO`), else the same text.
    private static func sameMeaning(_ found: String?, _ wanted: String?) -> Bool {
        guard wanted == "YES" || wanted == "NO" else { return found == wanted }
        func bool(_ text: String?) -> Bool? { text.map(TextConversion.bool) ?? true }
        return bool(found) != nil && bool(found) == bool(wanted)
    }

    /// The merge of `wanted` into `found`, given which children of the file are the profile's.
    static func plan(found: [Found], owned recorded: [Bool?], wanted: [Wanted], units: [Range<Int>]? = nil) -> Plan {
        let owned = recorded.map { $0 != nil }
        let ownedIndices = found.indices.filter { owned[$0] }
        // The owned entries that stay (in their place), each with the run of wanted entries it stands for, by the
        // run's start.
        var matchAt = [Int?](repeating: nil, count: wanted.count)
        var runLength = [Int](repeating: 0, count: wanted.count)
        var covered = [Bool](repeating: false, count: wanted.count)
        var matched = Set<Int>()
        for (position, start) in align(ownedIndices.map { found[$0].words }, wanted.map(\.identity)) {
            let index = ownedIndices[position]
            let length = found[index].words?.count ?? 1
            matchAt[start] = index
            runLength[start] = length
            for covering in start..<start + length { covered[covering] = true }
            matched.insert(index)
        }
        // Each of the profile's entries is one Xcode entry: one kept is covered whole, by entries of the file that lie
        // inside it (`-pageSize`, `5` from an earlier export, one word an entry) or span whole entries of the profile.
        // Entries of the file that cover one only in part are taken apart: they go, and it is written whole.
        if let units {
            let boundaries = Set(units.map(\.lowerBound) + [wanted.count])
            var changed = true
            while changed {
                changed = false
                for unit in units {
                    let touching = wanted.indices.filter { start in
                        matchAt[start] != nil && start < unit.upperBound && start + runLength[start] > unit.lowerBound
                    }
                    guard !touching.isEmpty else { continue }
                    let whole = unit.allSatisfy { covered[$0] }
                    let fitting = touching.allSatisfy { start in
                        let end = start + runLength[start]
                        return (start >= unit.lowerBound && end <= unit.upperBound)
                            || (boundaries.contains(start) && boundaries.contains(end))
                    }
                    guard !whole || !fitting else { continue }
                    for start in touching {
                        matched.remove(matchAt[start]!)
                        for covering in start..<start + runLength[start] { covered[covering] = false }
                        matchAt[start] = nil
                        runLength[start] = 0
                    }
                    changed = true
                }
            }
        }
        /// The profile's entry that starts at `start`, as a run of `wanted` (one word for a variable).
        func unitLength(_ start: Int) -> Int {
            units?.first { $0.lowerBound == start }?.count ?? 1
        }
        // Owned entries left over, in file order: moved when wanted elsewhere unchanged, else removed. The wanted
        // entries not covered become insertions, by the start of what each inserts.
        var leftovers = ownedIndices.filter { !matched.contains($0) }
        var insertionAt: [Int: Step] = [:]
        var next = 0
        while next < wanted.count {
            guard !covered[next] else {
                next += 1
                continue
            }
            let start = next
            let unit = unitLength(start)
            let moving = leftovers.firstIndex { candidate in
                let length = found[candidate].words?.count ?? 1
                return length == unit && start + length <= wanted.count
                    && !covered[start..<start + length].contains(true)
                    && unchanged(found[candidate], wanted[start..<start + length], written: recorded[candidate]!)
            }
            if let moving {
                let candidate = leftovers.remove(at: moving)
                insertionAt[start] = .insert(wanted: start, moving: candidate)
            } else {
                insertionAt[start] = .insert(wanted: start, moving: nil)
            }
            next += unit
        }

        /// The insertions that start in `range`.
        func inserts(_ range: Range<Int>) -> [Step] {
            range.compactMap { insertionAt[$0] }
        }
        let keptStarts = wanted.indices.filter { matchAt[$0] != nil }
        var steps: [Step] = []
        for index in found.indices {
            guard owned[index] else {
                steps.append(.keep(index))
                continue
            }
            guard let start = matchAt.firstIndex(of: index) else {
                // Removed (or moved): the profile's entries go where its first one was when none of them stays.
                if keptStarts.isEmpty, index == ownedIndices.first { steps += inserts(0..<wanted.count) }
                continue
            }
            if start == keptStarts.first { steps += inserts(0..<start) }
            let end = start + runLength[start]
            steps.append(
                unchanged(found[index], wanted[start..<end], written: recorded[index]!)
                    ? .keep(index) : .rewrite(index, wanted: start))
            let following = keptStarts.first { $0 > start } ?? wanted.count
            steps += inserts(end..<following)
        }
        if ownedIndices.isEmpty { steps += inserts(0..<wanted.count) }
        return Plan(steps: steps, owned: owned)
    }

    /// Whether the profile left `entry` as the file has it: same text and value, and the checkbox the profile asks
    /// for is the one it wrote last time (`written`). The checkbox in the file may differ: that is the user's toggle,
    /// and it is kept.
    static func unchanged(_ found: Found, _ entry: Wanted, written: Bool = true) -> Bool {
        unchanged(found, [entry][...], written: written)
    }

    /// Whether the profile left the entry that stands for the wanted entries `run` as the file has it: the same words
    /// (and, for a variable, value), each wanted with the checkbox the last export wrote (`written`).
    static func unchanged(_ found: Found, _ run: ArraySlice<Wanted>, written: Bool) -> Bool {
        guard let words = found.words, words.elementsEqual(run.map(\.identity)),
            run.allSatisfy({ $0.isEnabled == written })
        else {
            return false
        }
        return run.count == 1 ? found.value == run.first!.value : found.value == nil
    }

    /// The largest in-order matching of the non-nil elements of `left` (each a run of words) with runs of equal words
    /// of `right`: the most words matched, then the most elements of `left`, then the fewest runs of matched `left`
    /// elements; ties go to the earliest elements. `allowed(start, length)` can refuse a run of `right`. Returns
    /// (left index, start of the run in `right`) pairs in order.
    static func align(
        _ left: [[String]?], _ right: [String], allowed: ((Int, Int) -> Bool)? = nil
    ) -> [(Int, Int)] {
        let rows = left.count
        let columns = right.count
        if rows == 0 || columns == 0 { return [] }
        // score(i, j, previous matched) for the suffixes left[i...], right[j...]: a word weighs more than any number of
        // elements, an element more than any number of runs.
        let elementWeight = rows + 2
        let wordWeight = rows * (rows + 3) + 1
        let width = columns + 1
        var score = [Int](repeating: 0, count: (rows + 1) * width * 2)
        func at(_ i: Int, _ j: Int, _ previous: Int) -> Int { (i * width + j) * 2 + previous }
        /// The gain of matching left[i] with the run of right at j, nil when they do not match.
        func gain(_ i: Int, _ j: Int, _ previous: Int) -> Int? {
            guard let words = left[i], j + words.count <= columns,
                right[j..<j + words.count].elementsEqual(words), allowed?(j, words.count) ?? true
            else { return nil }
            return words.count * wordWeight + elementWeight - (previous == 1 ? 0 : 1)
                + score[at(i + 1, j + words.count, 1)]
        }
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                for previous in 0...1 {
                    var best = max(score[at(i + 1, j, 0)], score[at(i, j + 1, previous)])
                    if let matched = gain(i, j, previous) { best = max(best, matched) }
                    score[at(i, j, previous)] = best
                }
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0
        var j = 0
        var previous = 0
        while i < rows, j < columns {
            let here = score[at(i, j, previous)]
            if let matched = gain(i, j, previous), here == matched {
                pairs.append((i, j))
                j += left[i]!.count
                i += 1
                previous = 1
            } else if here == score[at(i, j + 1, previous)] {
                j += 1
            } else {
                i += 1
                previous = 0
            }
        }
        return pairs
    }

    /// The error for a `PROFILE_PAYLOAD` entry whose value cannot be read (`reason`).
    static func unreadableRecordMessage(_ reason: String) -> String {
        "this `\(payloadName)` entry tells which entries the last export wrote, but it cannot be read (\(reason)): "
            + "nothing was written; restore its value, or delete it together with the entries the profile wrote "
            + "and update again"
    }

    /// The warning for a variable `name` that an enabled entry of the user's sets too.
    static func clashMessage(_ name: String) -> String {
        "`\(name)` is also set by this entry of your own, which is kept: Xcode passes only one of the two values, so "
            + "disable or delete one of them"
    }

    /// Warnings for the variables the user sets too: an enabled entry of the user's with the name of an enabled
    /// entry of the profile's. Returns the indices of the user's entries, with the name.
    static func clashes(found: [Found], plan: Plan, wanted: [Wanted]) -> [Int] {
        let names = Set(wanted.filter(\.isEnabled).map(\.identity))
        return found.indices.filter { index in
            !plan.owned[index] && found[index].isEnabled && found[index].identity.map(names.contains) == true
        }
    }
}

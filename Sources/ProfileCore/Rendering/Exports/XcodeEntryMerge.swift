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
/// **Which entries of the file are the profile's.** The file's entries (arguments by their text, variables by their
/// name) are aligned with the record in order: the largest in-order match, and among those the most compact one (an
/// export writes its entries together), so a user's own `YES` or a second `API_BASE_URL` of the user's is told apart
/// from the profile's. Matched entries are the profile's (*owned*); every other entry is the user's and is kept byte
/// for byte, enabled or not, in its place. Without a `PROFILE_PAYLOAD` entry nothing is owned.
///
/// **The merge.** The owned entries are aligned with the profile's entries now (the *wanted* ones), again in order:
/// - a matched entry stays in its place; its bytes are kept (with the user's checkbox) when the profile did not
///   change it (same text, same value), and rewritten (checkbox as the profile says) when it did;
/// - an owned entry the profile no longer has is removed, line and all;
/// - a wanted entry without a match is inserted right after the profile's previous entry in the file (before its
///   next one when it is first; where the profile's entries were, or at the end of the list, when none is left). An
///   owned entry with the same text and value that only moved is moved with its bytes (and checkbox).
///
/// Updating again with the same profile finds every entry matched and unchanged: the same bytes.
enum XcodeEntryMerge {
    /// One child of the list in the file.
    struct Found: Equatable {
        /// The argument's text or the variable's name; nil for something that is not an entry (kept as it is).
        var identity: String?
        /// The variable's value (nil for an argument).
        var value: String?
        /// Whether its checkbox is on.
        var isEnabled: Bool
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
        /// The file's child at this index, at its place, rewritten as the wanted entry at the second index.
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

        /// Nothing: no export wrote here yet.
        static let none = Record(arguments: [], variables: [])
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
            return .success(
                Record(arguments: payload.launchArguments, variables: payload.environmentKeys + [payloadName]))
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
    static func plan(found: [Found], record: [String], wanted: [Wanted]) -> Plan {
        let ownedPairs = align(found.map(\.identity), record.map { Optional($0) })
        var owned = [Bool](repeating: false, count: found.count)
        for (index, _) in ownedPairs { owned[index] = true }
        let ownedIndices = found.indices.filter { owned[$0] }

        // The owned entries that stay (in their place), by the wanted entry they become.
        var matchOf = [Int?](repeating: nil, count: wanted.count)
        var matched = Set<Int>()
        for (ownedPosition, wantedIndex) in align(ownedIndices.map { found[$0].identity }, wanted.map(\.identity)) {
            matchOf[wantedIndex] = ownedIndices[ownedPosition]
            matched.insert(ownedIndices[ownedPosition])
        }
        // Owned entries left over, by identity, in file order: moved when wanted elsewhere unchanged, else removed.
        var leftovers: [String: [Int]] = [:]
        for index in ownedIndices where !matched.contains(index) {
            leftovers[found[index].identity!, default: []].append(index)
        }
        var insertion = [Step](repeating: .keep(0), count: wanted.count)
        for (wantedIndex, entry) in wanted.enumerated() where matchOf[wantedIndex] == nil {
            var moving: Int?
            if var candidates = leftovers[entry.identity],
                let position = candidates.firstIndex(where: { unchanged(found[$0], entry) })
            {
                moving = candidates.remove(at: position)
                leftovers[entry.identity] = candidates
            }
            insertion[wantedIndex] = .insert(wanted: wantedIndex, moving: moving)
        }

        /// The inserted wanted entries in `range`.
        func inserts(_ range: Range<Int>) -> [Step] {
            range.filter { matchOf[$0] == nil }.map { insertion[$0] }
        }
        let keptWanted = wanted.indices.filter { matchOf[$0] != nil }
        var steps: [Step] = []
        for index in found.indices {
            guard owned[index] else {
                steps.append(.keep(index))
                continue
            }
            guard let wantedIndex = matchOf.firstIndex(of: index) else {
                // Removed (or moved): the profile's entries go where its first one was when none of them stays.
                if keptWanted.isEmpty, index == ownedIndices.first { steps += inserts(0..<wanted.count) }
                continue
            }
            if wantedIndex == keptWanted.first { steps += inserts(0..<wantedIndex) }
            let isUnchanged = unchanged(found[index], wanted[wantedIndex])
            steps.append(isUnchanged ? .keep(index) : .rewrite(index, wanted: wantedIndex))
            let next = keptWanted.first { $0 > wantedIndex } ?? wanted.count
            steps += inserts(wantedIndex + 1..<next)
        }
        if ownedIndices.isEmpty { steps += inserts(0..<wanted.count) }
        return Plan(steps: steps, owned: owned)
    }

    /// Whether the profile left `entry` as the file has it: same text and value, and the checkbox the profile asks
    /// for is the one it wrote last time (every export so far wrote its entries enabled). The checkbox in the file
    /// may differ: that is the user's toggle, and it is kept.
    static func unchanged(_ found: Found, _ entry: Wanted) -> Bool {
        found.identity == entry.identity && found.value == entry.value && entry.isEnabled
    }

    /// The largest in-order matching of equal, non-nil elements of `left` and `right`, and among those the one whose
    /// matched `left` elements form the fewest runs; ties go to the earliest elements. Returns (left index, right
    /// index) pairs in order.
    static func align(_ left: [String?], _ right: [String?]) -> [(Int, Int)] {
        let rows = left.count, columns = right.count
        if rows == 0 || columns == 0 { return [] }
        // score(i, j, previous matched) for the suffixes left[i...], right[j...]: matches weigh more than any number
        // of runs.
        let weight = rows + 2
        let width = columns + 1
        var score = [Int](repeating: 0, count: (rows + 1) * width * 2)
        func at(_ i: Int, _ j: Int, _ previous: Int) -> Int { (i * width + j) * 2 + previous }
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                for previous in 0...1 {
                    var best = max(score[at(i + 1, j, 0)], score[at(i, j + 1, previous)])
                    if let value = left[i], value == right[j] {
                        best = max(best, weight - (previous == 1 ? 0 : 1) + score[at(i + 1, j + 1, 1)])
                    }
                    score[at(i, j, previous)] = best
                }
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0, previous = 0
        while i < rows, j < columns {
            let here = score[at(i, j, previous)]
            if let value = left[i], value == right[j],
                here == weight - (previous == 1 ? 0 : 1) + score[at(i + 1, j + 1, 1)]
            {
                pairs.append((i, j))
                i += 1
                j += 1
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

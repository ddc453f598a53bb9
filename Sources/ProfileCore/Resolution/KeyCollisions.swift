import ProfileRuntime

/// Keys that are two things at once: a flag and a value (or a mock point) that the app reads as one key.
///
/// The runtime library reads a key through ``ProfileKey`` (`pageSize`, `page_size` and `page-size` are one key) and
/// keeps one entry per kind, so a flag `pageSize: true` beside a value `page_size: x` reads as on through
/// `isEnabled` and as `x` through `string(forKey:)`, and launch arguments can carry only one of them
/// (`-pageSize YES -page_size x`: the last wins for every read). A profile (or a catalog) where a flag, a mock point
/// and a value share a key is an error, reported at the later of the entries (in the order they apply: parents first,
/// the command line last) with a note at the first of each other kind.
enum KeyCollisions {
    /// What a typed entry is.
    enum Kind: Int, Comparable {
        case flag, mock, value

        var name: String {
            switch self {
            case .flag: "flag"
            case .mock: "mock point"
            case .value: "value"
            }
        }

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One typed entry: what it is, its key as written and where that is.
    struct Entry {
        var kind: Kind
        var key: String
        var location: SourceLocation
        var length: Int
    }

    // MARK: The resolved typed layer

    /// The collisions among a merged typed layer (each list unique by key, as ``Resolver`` merges them). `chain` is
    /// the files in the order they applied: it decides which entry is the later one (an override on the command line,
    /// in no file of the chain, is later than all of them).
    static func problems(
        flags: [PreparedDefinition.Keyed<Bool>],
        mocks: [PreparedDefinition.Keyed<String>],
        values: [PreparedDefinition.Keyed<TypedValue>],
        chain: [PreparedDefinition]
    ) -> [Diagnostic] {
        // Nothing to compare unless two kinds are set; then the cheap check (hashes) first.
        let kindsSet = (flags.isEmpty ? 0 : 1) + (mocks.isEmpty ? 0 : 1) + (values.isEmpty ? 0 : 1)
        guard kindsSet >= 2,
            mayCollide(flags.lazy.map(\.key), mocks.lazy.map(\.key), values.lazy.map(\.key))
        else { return [] }
        var entries: [Entry] = []
        entries.reserveCapacity(flags.count + mocks.count + values.count)
        func entry(_ kind: Kind, _ key: String, _ location: SourceLocation) -> Entry {
            Entry(kind: kind, key: key, location: location, length: key.unicodeScalars.count)
        }
        entries += flags.map { entry(.flag, $0.key, $0.location) }
        entries += mocks.map { entry(.mock, $0.key, $0.location) }
        entries += values.map { entry(.value, $0.key, $0.location) }
        var fileOrder: [ObjectIdentifier: Int] = [:]
        for (index, prepared) in chain.enumerated() { fileOrder[ObjectIdentifier(prepared.definition.file)] = index }
        return problems(entries, verb: "set") { lhs, rhs in
            let left = fileOrder[ObjectIdentifier(lhs.location.file)] ?? Int.max
            let right = fileOrder[ObjectIdentifier(rhs.location.file)] ?? Int.max
            return left != right ? left < right : lhs.location.mark < rhs.location.mark
        }
    }

    /// Whether some chain of `order` (a chain, parents first, as ``Resolver`` visits it) could merge into a typed
    /// layer where two kinds share a key: false proves it cannot (lint then needs no merge to know).
    static func mayCollide(_ order: [PreparedDefinition]) -> Bool {
        var kinds = 0
        var flagCount = 0
        var otherCount = 0
        for prepared in order {
            let definition = prepared.definition
            flagCount += definition.flags.count
            otherCount += definition.mocks.count + definition.values.count
            kinds |=
                (definition.flags.isEmpty ? 0 : 1) | (definition.mocks.isEmpty ? 0 : 2)
                | (definition.values.isEmpty ? 0 : 4)
        }
        guard kinds.nonzeroBitCount >= 2, flagCount + otherCount >= 2 else { return false }
        return mayCollide(
            order.lazy.flatMap { $0.definition.flags.lazy.map(\.key.value) },
            order.lazy.flatMap { $0.definition.mocks.lazy.map(\.key.value) },
            order.lazy.flatMap { $0.definition.values.lazy.map(\.key.value) })
    }

    /// Whether a key of one kind may have the runtime key of another kind (compared by hash: a false answer is
    /// certain, a true one may be a hash collision).
    private static func mayCollide<F: Sequence<String>, M: Sequence<String>, V: Sequence<String>>(
        _ flags: F, _ mocks: M, _ values: V
    ) -> Bool {
        var kindOfHash: [UInt64: Kind] = [:]
        for (kind, keys) in [
            (Kind.flag, AnySequence(flags)), (.mock, AnySequence(mocks)), (.value, AnySequence(values)),
        ] {
            for key in keys {
                let hash = ProfileKey.canonicalHash(key)
                if let other = kindOfHash.updateValue(kind, forKey: hash), other != kind { return true }
            }
        }
        return false
    }

    // MARK: The catalog

    /// The collisions among a catalog's declarations (its flags, mock points and values), in the file's order.
    static func problems(in catalog: Catalog) -> [Diagnostic] {
        var entries: [Entry] = []
        entries += catalog.flags.map {
            Entry(kind: .flag, key: $0.key.value, location: $0.key.location, length: $0.key.length)
        }
        entries += catalog.mocks.map {
            Entry(kind: .mock, key: $0.key.value, location: $0.key.location, length: $0.key.length)
        }
        entries += catalog.values.map {
            Entry(kind: .value, key: $0.key.value, location: $0.key.location, length: $0.key.length)
        }
        return problems(entries, verb: "declared") { $0.location.mark < $1.location.mark }
    }

    // MARK: Reporting

    /// One error per runtime key that entries of two kinds share: at the latest entry (by `precedes`), with a note at
    /// the earliest entry of each other kind.
    private static func problems(
        _ entries: [Entry], verb: String, precedes: (Entry, Entry) -> Bool
    ) -> [Diagnostic] {
        var byKey: [String: [Entry]] = [:]
        var keyOrder: [String] = []
        for entry in entries {
            let canonical = ProfileKey.canonical(entry.key)
            if byKey[canonical] == nil { keyOrder.append(canonical) }
            byKey[canonical, default: []].append(entry)
        }
        var result: [Diagnostic] = []
        for canonical in keyOrder {
            let group = byKey[canonical]!.sorted(by: precedes)
            guard let last = group.last, group.contains(where: { $0.kind != last.kind }) else { continue }
            var notes: [Diagnostic] = []
            var noted: Set<Kind> = [last.kind]
            for other in group where noted.insert(other.kind).inserted {
                notes.append(
                    .note("\(other.kind.name) `\(other.key)` is \(verb) here", at: other.location, length: other.length)
                )
            }
            let others = group.filter { $0.kind != last.kind }
            let sameSpelling = others.allSatisfy { $0.key == last.key }
            let what: String
            if sameSpelling {
                let kinds = Set(others.map(\.kind)).sorted().map(\.name)
                what = "`\(last.key)` is both a \(kinds.joined(separator: " and a ")) and a \(last.kind.name)"
            } else {
                let named = others.reduce(into: [String]()) { list, other in
                    let text = "\(other.kind.name) `\(other.key)`"
                    if !list.contains(text) { list.append(text) }
                }
                let list = [last.kind.name + " `\(last.key)`"] + named
                what =
                    list.dropLast().joined(separator: ", ")
                    + " and \(list.last!) are one key to the app (`\(canonical)`)"
            }
            result.append(
                .error(
                    what + ": which one the app reads depends on how it asks; keep one of them", at: last.location,
                    length: last.length, notes: notes))
        }
        return result
    }
}

import ProfileModel

/// The key-collision rule (``KeyCollisions``) applied to a chain being resolved.
extension KeyCollisions {
    /// The collisions among a merged typed layer (each list unique by key, as ``Resolver`` merges them). `chain` is
    /// the files in the order they applied: it decides which entry is the later one (an override on the command line,
    /// in no file of the chain, is later than all of them).
    static func problems(
        flags: [PreparedDefinition.Keyed<Bool>],
        mocks: [PreparedDefinition.Keyed<String>],
        values: [PreparedDefinition.Keyed<TypedValue>],
        chain: [PreparedDefinition]
    ) -> [Diagnostic] {
        // Nothing to compare unless two entries are set; then the cheap check (hashes) first.
        guard flags.count + mocks.count + values.count >= 2,
            mayCollide(flags.map(\.key), mocks.map(\.key), values.map(\.key))
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
    /// layer where two kinds or two spellings share a key: false proves it cannot (lint then needs no merge to know).
    static func mayCollide(_ order: [PreparedDefinition]) -> Bool {
        var count = 0
        for prepared in order {
            let definition = prepared.definition
            count += definition.flags.count + definition.mocks.count + definition.values.count
        }
        guard count >= 2 else { return false }
        // One file (lint asks for each file on its own): its sorted hashes as they are. Within a file a kind holds
        // each key once, so one hash twice is two kinds or two spellings.
        if order.count == 1 {
            return mayCollide(sortedTaggedHashes: order[0].keyHashes)
        }
        // Every file's sorted hashes (computed while loading) as one list sorted by hash, each with its file: a hash
        // under two kinds anywhere in the chain, or under one kind spelled two ways (compared by the keys themselves,
        // found by the index in the tag: a parent's key set again by a child is the usual override, and must stay
        // cheap), is a possible collision. Linear in the chain (and a sort), not quadratic.
        var all: [(hash: UInt64, file: Int)] = []
        all.reserveCapacity(count)
        for (file, prepared) in order.enumerated() {
            for hash in prepared.keyHashes { all.append((hash, file)) }
        }
        all.sort { $0.hash < $1.hash }
        var runStart = 0
        for index in all.indices.dropFirst() {
            let first = all[runStart]
            let current = all[index]
            guard current.hash & ~tagBits == first.hash & ~tagBits else {
                runStart = index
                continue
            }
            if current.hash & 3 != first.hash & 3 { return true }
            if !sameKey(first.hash, order[first.file], current.hash, order[current.file]) { return true }
        }
        return false
    }

    /// Whether two tagged hashes of one kind name the same key as written (an index that does not fit: maybe not).
    private static func sameKey(
        _ left: UInt64, _ leftDefinition: PreparedDefinition, _ right: UInt64, _ rightDefinition: PreparedDefinition
    ) -> Bool {
        // Through the class's stored `let`: no copy of the definition or its settings.
        func key(_ tagged: UInt64, _ prepared: PreparedDefinition) -> String? {
            let index = Int(tagged >> 2 & UInt64(unknownIndex))
            guard index != unknownIndex else { return nil }
            switch tagged & 3 {
            case 0: return index < prepared.definition.flags.count ? prepared.definition.flags[index].key.value : nil
            case 1: return index < prepared.definition.mocks.count ? prepared.definition.mocks[index].key.value : nil
            default:
                return index < prepared.definition.values.count ? prepared.definition.values[index].key.value : nil
            }
        }
        guard let leftKey = key(left, leftDefinition), let rightKey = key(right, rightDefinition) else { return false }
        return leftKey == rightKey
    }
}

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
        // Nothing to compare unless two kinds are set; then the cheap check (hashes) first.
        let kindsSet = (flags.isEmpty ? 0 : 1) + (mocks.isEmpty ? 0 : 1) + (values.isEmpty ? 0 : 1)
        guard kindsSet >= 2,
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
        // Every file's sorted hashes (computed while loading) as one sorted list: a hash under two kinds anywhere in
        // the chain, in one file or across two, is a possible collision. Linear in the chain, not quadratic.
        var all: [UInt64] = []
        for prepared in order { all += prepared.keyHashes ?? taggedHashes(prepared.definition) }
        all.sort()
        return mayCollide(sortedTaggedHashes: all)
    }
}

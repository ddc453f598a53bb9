/// What `lint` knows of the chain ending at a definition (its ancestors, their overlays, itself and its overlay),
/// computed once per definition from its parents' (``Resolver/summarizeChain(_:hasCatalog:)``): checking every
/// profile of a chain N deep then costs N steps, not N² (each profile walking its whole chain again).
enum LintChain: Equatable {
    /// Being computed: met again, it is a cycle.
    case inProgress
    /// The chain needs the full check (a cycle, an unknown parent, a merge that can report something).
    case needsFullCheck
    /// Nothing can fail while it merges; `keys` are the chain's typed keys, sorted and distinct
    /// (``ChainKey/keys(of:)``), bounded by the keys it sets, not by its depth.
    case clean(editsArguments: Bool, keys: [ChainKey])
}

/// One typed key of a chain as ``LintChain`` keeps it: its runtime-key hash with its kind in the low bits, and the
/// key as written. A key set again by a child (the usual override) is one entry; two entries with one hash are two
/// kinds or two spellings of one runtime key (``KeyCollisions``), or a hash collision: the chain then needs the full
/// check, which compares the keys themselves.
struct ChainKey: Equatable, Comparable {
    /// ``KeyCollisions/looseHash(_:)`` without its low bits, or'ed with the kind (flag 0, mock point 1, value 2).
    var hash: UInt64
    /// The key as written.
    var key: String

    static func < (lhs: ChainKey, rhs: ChainKey) -> Bool {
        lhs.hash != rhs.hash ? lhs.hash < rhs.hash : lhs.key < rhs.key
    }

    /// The keys `prepared` sets, sorted, from the tagged hashes computed while loading when there are any.
    static func keys(of prepared: PreparedDefinition) -> [ChainKey] {
        let definition = prepared.definition
        var keys: [ChainKey] = []
        keys.reserveCapacity(definition.flags.count + definition.mocks.count + definition.values.count)
        func add(_ key: String, _ kind: UInt64, hash: UInt64?) {
            keys.append(
                ChainKey(hash: (hash ?? KeyCollisions.looseHash(key)) & ~KeyCollisions.tagBits | kind, key: key))
        }
        if let tagged = prepared.keyHashes,
            tagged.count == definition.flags.count + definition.mocks.count + definition.values.count
        {
            for hash in tagged {
                let index = Int(hash >> 2 & UInt64(KeyCollisions.unknownIndex))
                let kind = hash & 3
                let key: String?
                switch kind {
                case 0: key = index < definition.flags.count ? definition.flags[index].key.value : nil
                case 1: key = index < definition.mocks.count ? definition.mocks[index].key.value : nil
                default: key = index < definition.values.count ? definition.values[index].key.value : nil
                }
                guard let key, index != KeyCollisions.unknownIndex else { return keysByWalking(definition) }
                add(key, kind, hash: hash)
            }
        } else {
            return keysByWalking(definition)
        }
        keys.sort()
        return keys
    }

    private static func keysByWalking(_ definition: ProfileDefinition) -> [ChainKey] {
        var keys: [ChainKey] = []
        func add(_ key: String, _ kind: UInt64) {
            keys.append(ChainKey(hash: KeyCollisions.looseHash(key) & ~KeyCollisions.tagBits | kind, key: key))
        }
        for index in definition.flags.indices { add(definition.flags[index].key.value, 0) }
        for index in definition.mocks.indices { add(definition.mocks[index].key.value, 1) }
        for index in definition.values.indices { add(definition.values[index].key.value, 2) }
        keys.sort()
        return keys
    }

    /// Whether two neighbours of sorted, distinct keys share a runtime-key hash (two kinds or two spellings).
    static func mayCollide(_ keys: [ChainKey]) -> Bool {
        for index in keys.indices.dropFirst()
        where keys[index].hash & ~KeyCollisions.tagBits == keys[index - 1].hash & ~KeyCollisions.tagBits {
            return true
        }
        return false
    }

    /// Two sorted lists of distinct keys as one, without repeats.
    static func union(_ left: [ChainKey], _ right: [ChainKey]) -> [ChainKey] {
        if left.isEmpty { return right }
        if right.isEmpty || left == right { return left }
        var result: [ChainKey] = []
        result.reserveCapacity(max(left.count, right.count))
        var i = 0
        var j = 0
        while i < left.count || j < right.count {
            let next: ChainKey
            if j == right.count || (i < left.count && left[i] <= right[j]) {
                next = left[i]
                i += 1
            } else {
                next = right[j]
                j += 1
            }
            if result.last != next { result.append(next) }
        }
        return result
    }
}

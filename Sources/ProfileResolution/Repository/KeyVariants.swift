import ProfileModel

/// The runtime keys (``KeyCollisions/looseHash(_:)``) that the definitions `lint` checks set in more than one way —
/// as two kinds, or under two spellings — anywhere in the directory, found in one pass over every definition's keys.
///
/// Only such a key can make a chain's typed keys collide: a key set in one way everywhere is set in that way by every
/// chain, whatever it merges. So ``LintChain`` carries, per chain, only the keys that are set in several ways (in a
/// directory without any, nothing at all), each as a ``ChainKey`` whose `variant` tells apart its ways exactly (by
/// comparing the keys as written, not by a hash of them). `lint` counts each file's keys in the task that loads it, in
/// a dictionary per task, and adds up the dictionaries (a few hundred keys each).
struct KeyVariants {
    /// One runtime key: the first way it was seen set (kind and key as written), and whether another way was seen.
    private struct Ways {
        var kind: UInt64
        var key: String
        var hasVariants = false
    }

    /// Each runtime key seen, by its hash without the tag bits.
    private var ways: [UInt64: Ways] = [:]
    /// Whether some runtime key is set in more than one way.
    private(set) var isEmpty = true
    /// The ways a key with variants is set, each numbered once: kind and key as written.
    private var variantNumbers: [String: UInt64] = [:]

    /// No keys yet.
    init() {}

    /// Counts the keys `prepared` sets (each definition once: ``PreparedDefinition/keysCounted``).
    mutating func add(_ prepared: PreparedDefinition) {
        guard !prepared.keysCounted else { return }
        prepared.keysCounted = true
        Self.forEachKey(of: prepared) { hash, kind, key in insert(hash, kind, key, hasVariants: false) }
    }

    /// Counts the keys `definition` sets (`keyHashes`: ``KeyCollisions/taggedHashes(_:)`` of it, when known), for a
    /// table of one of ``ProfileRepository/preload(_:)``'s tasks.
    mutating func add(keysOf definition: ProfileDefinition, keyHashes: [UInt64]?) {
        Self.forEachKey(of: definition, keyHashes: keyHashes) { hash, kind, key in
            insert(hash, kind, key, hasVariants: false)
        }
    }

    /// Counts the keys `other` counted (another task's table: see ``ProfileRepository/preload(_:)``).
    mutating func add(_ other: KeyVariants) {
        for (hash, ways) in other.ways { insert(hash, ways.kind, ways.key, hasVariants: ways.hasVariants) }
    }

    private mutating func insert(_ hash: UInt64, _ kind: UInt64, _ key: String, hasVariants: Bool) {
        let index = ways.index(forKey: hash)
        guard let index else {
            ways[hash] = Ways(kind: kind, key: key, hasVariants: hasVariants)
            if hasVariants { isEmpty = false }
            return
        }
        let first = ways.values[index]
        if !first.hasVariants, hasVariants || first.kind != kind || first.key != key {
            ways.values[index].hasVariants = true
            isEmpty = false
        }
    }

    private func hasVariants(_ hash: UInt64) -> Bool {
        ways[hash]?.hasVariants ?? false
    }

    /// The keys of `prepared` that are set in more than one way in the directory, sorted and distinct (empty for
    /// most definitions, and for all when ``isEmpty``).
    mutating func keys(of prepared: PreparedDefinition) -> [ChainKey] {
        guard !isEmpty else { return [] }
        var keys: [ChainKey] = []
        Self.forEachKey(of: prepared) { hash, kind, key in
            guard hasVariants(hash) else { return }
            let name = String(kind) + " " + key
            let variant = variantNumbers[name] ?? UInt64(variantNumbers.count)
            variantNumbers[name] = variant
            keys.append(ChainKey(hash: hash | kind, variant: variant))
        }
        keys.sort()
        var unique = 0
        for index in keys.indices where unique == 0 || keys[index] != keys[unique - 1] {
            keys[unique] = keys[index]
            unique += 1
        }
        keys.removeLast(keys.count - unique)
        return keys
    }

    /// Every typed key `prepared` sets: its runtime-key hash without the tag bits, its kind (flag 0, mock point 1,
    /// value 2) and the key as written; from the hashes computed while loading when they still describe it.
    private static func forEachKey(of prepared: PreparedDefinition, _ body: (UInt64, UInt64, String) -> Void) {
        forEachKey(of: prepared.definition, keyHashes: prepared.keyHashes, body)
    }

    private static func forEachKey(
        of definition: ProfileDefinition, keyHashes: [UInt64]?, _ body: (UInt64, UInt64, String) -> Void
    ) {
        let count = definition.flags.count + definition.mocks.count + definition.values.count
        if let tagged = keyHashes, tagged.count == count, count < KeyCollisions.unknownIndex {
            for hash in tagged {
                let index = Int(hash >> 2 & UInt64(KeyCollisions.unknownIndex))
                let kind = hash & 3
                let key: String
                switch kind {
                case 0: key = definition.flags[index].key.value
                case 1: key = definition.mocks[index].key.value
                default: key = definition.values[index].key.value
                }
                body(hash & ~KeyCollisions.tagBits, kind, key)
            }
            return
        }
        func walk(_ key: String, _ kind: UInt64) {
            body(KeyCollisions.looseHash(key) & ~KeyCollisions.tagBits, kind, key)
        }
        for setting in definition.flags { walk(setting.key.value, 0) }
        for setting in definition.mocks { walk(setting.key.value, 1) }
        for setting in definition.values { walk(setting.key.value, 2) }
    }
}

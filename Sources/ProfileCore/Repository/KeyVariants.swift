/// The runtime keys (``KeyCollisions/looseHash(_:)``) that the definitions `lint` checks set in more than one way —
/// as two kinds, or under two spellings — anywhere in the directory, found in one pass over every definition's keys.
///
/// Only such a key can make a chain's typed keys collide: a key set in one way everywhere is set in that way by every
/// chain, whatever it merges. So ``LintChain`` carries, per chain, only the keys that are set in several ways (in a
/// directory without any, nothing at all), each as a ``ChainKey`` whose `variant` tells apart its ways exactly (by
/// comparing the keys as written, not by a hash of them). `lint` counts each file's keys on the thread that loads it,
/// while they are in that processor's cache, in a table per thread, and adds up the tables (a few hundred keys each).
struct KeyVariants {
    /// One runtime key's slot: its hash (0: free), the first way it was seen set, and whether another way was seen.
    private struct Slot {
        var hash: UInt64 = 0
        var kind: UInt64 = 0
        var key = ""
        var hasVariants = false
    }

    /// Open addressing by the runtime-key hash (``index(of:)``).
    private var slots: [Slot]
    private var mask: Int
    /// How many slots hold a key.
    private var used = 0
    /// Whether some runtime key is set in more than one way.
    private(set) var isEmpty = true
    /// The ways a key with variants is set, each numbered once: kind and key as written.
    private var variantNumbers: [String: UInt64] = [:]

    /// No keys yet.
    init() {
        // Sized by the distinct keys (a few hundred where thousands of files set them), grown as they come.
        slots = Array(repeating: Slot(), count: 64)
        mask = 63
    }

    /// Counts the keys `prepared` sets (each definition once: ``PreparedDefinition/keysCounted``).
    mutating func add(_ prepared: PreparedDefinition) {
        guard !prepared.keysCounted else { return }
        prepared.keysCounted = true
        Self.forEachKey(of: prepared) { hash, kind, key in insert(hash, kind, key) }
    }

    /// Counts the keys `definition` sets (`keyHashes`: ``KeyCollisions/taggedHashes(_:)`` of it, when known), for a
    /// table of one of ``ProfileRepository/preload(_:)``'s tasks.
    mutating func add(keysOf definition: ProfileDefinition, keyHashes: [UInt64]?) {
        Self.forEachKey(of: definition, keyHashes: keyHashes) { hash, kind, key in insert(hash, kind, key) }
    }

    /// Counts the keys `other` counted (another thread's table: see ``ProfileRepository/preload(_:)``).
    mutating func add(_ other: KeyVariants) {
        for slot in other.slots where slot.hash != 0 {
            insert(slot.hash, slot.kind, slot.key)
            if slot.hasVariants {
                slots[index(of: slot.hash)].hasVariants = true
                isEmpty = false
            }
        }
    }

    /// A hash as the table holds it: never 0 (the free mark; the low bits are tag bits, cleared by the caller).
    private static func stored(_ hash: UInt64) -> UInt64 { hash | 1 << 13 }

    /// The slot holding `hash` (as stored), or the free slot where it goes. The probe starts at the high bits of the
    /// hash times a constant with no structure (an FNV hash's middle bits barely change with its last bytes: `value1`
    /// and `value2` would share a slot).
    private func index(of hash: UInt64) -> Int {
        var index = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while slots[index].hash != 0, slots[index].hash != hash { index = (index + 1) & mask }
        return index
    }

    private mutating func insert(_ hash: UInt64, _ kind: UInt64, _ key: String) {
        let hash = Self.stored(hash)
        let index = index(of: hash)
        if slots[index].hash == 0 {
            slots[index] = Slot(hash: hash, kind: kind, key: key)
            used += 1
            if used * 2 > slots.count { grow() }
        } else if !slots[index].hasVariants, slots[index].kind != kind || slots[index].key != key {
            slots[index].hasVariants = true
            isEmpty = false
        }
    }

    /// Twice the slots, every used one moved to its place in them.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.hash != 0 { slots[index(of: slot.hash)] = slot }
    }

    private func hasVariants(_ hash: UInt64) -> Bool {
        slots[index(of: Self.stored(hash))].hasVariants
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

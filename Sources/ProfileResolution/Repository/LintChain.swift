import ProfileModel

/// What `lint` knows of the chain ending at a definition (its ancestors, their overlays, itself and its overlay),
/// computed once per definition from its parents' (``Resolver/summarizeChain(_:hasCatalog:variants:keyedCap:definitions:)``): checking every
/// profile of a chain N deep then costs N steps, not N² (each profile walking its whole chain again).
enum LintChain: Equatable {
    /// Being computed: met again, it is a cycle.
    case inProgress
    /// The chain needs the full check (a cycle, an unknown parent, a merge that can report something).
    case needsFullCheck
    /// Nothing can fail while it merges; `keys` are the chain's typed keys that the directory sets in more than one
    /// way (``KeyVariants/keys(of:)``), sorted and distinct: bounded by the keys it sets, not by its depth, and
    /// usually none.
    /// `bounds` bound what its interpolations can give (``LintBounds``). `payloadFits` false: only the payload may be
    /// too long, which the bounds cannot rule out (``LintPayload`` measures it, or bounds it from the parent's).
    case clean(editsArguments: Bool, keys: [ChainKey], bounds: LintBounds.Chain, payloadFits: Bool)
}

/// One typed key of a chain as ``LintChain`` keeps it, when the directory sets it in more than one way
/// (``KeyVariants``): plain words, so that merging a chain's keys with its parents' copies nothing to retain. A key set
/// again by a child in the same way (the usual override) is one entry; two entries with one runtime key are two kinds
/// or two spellings of it (``KeyCollisions``), or a hash collision: the chain then needs the full check, which compares
/// the keys themselves.
struct ChainKey: Equatable, Comparable {
    /// ``KeyCollisions/looseHash(_:)`` without its low bits, or'ed with the kind (flag 0, mock point 1, value 2).
    var hash: UInt64
    /// Which way of setting the key this is (kind and key as written), numbered by ``KeyVariants``.
    var variant: UInt64

    static func < (lhs: ChainKey, rhs: ChainKey) -> Bool {
        lhs.hash != rhs.hash ? lhs.hash < rhs.hash : lhs.variant < rhs.variant
    }

    /// Whether two neighbours of sorted, distinct keys share a runtime-key hash (two kinds or two spellings).
    static func mayCollide(_ keys: [ChainKey]) -> Bool {
        for index in keys.indices.dropFirst()
        where keys[index].hash & ~KeyCollisions.tagBits == keys[index - 1].hash & ~KeyCollisions.tagBits {
            return true
        }
        return false
    }

    /// Two sorted lists of distinct keys as one, without repeats: one pass over plain words, written in place.
    static func union(_ left: [ChainKey], _ right: [ChainKey]) -> [ChainKey] {
        if left.isEmpty { return right }
        if right.isEmpty { return left }
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                [ChainKey](unsafeUninitializedCapacity: left.count + right.count) { result, count in
                    var i = 0
                    var j = 0
                    var k = 0
                    while i < left.count, j < right.count {
                        let a = left[i]
                        let b = right[j]
                        if a < b {
                            result[k] = a
                            i += 1
                        } else if b < a {
                            result[k] = b
                            j += 1
                        } else {
                            result[k] = a
                            i += 1
                            j += 1
                        }
                        k += 1
                    }
                    while i < left.count {
                        result[k] = left[i]
                        i += 1
                        k += 1
                    }
                    while j < right.count {
                        result[k] = right[j]
                        j += 1
                        k += 1
                    }
                    count = k
                }
            }
        }
    }
}

/// What `lint` knows of the chain ending at a definition (its ancestors, their overlays, itself and its overlay),
/// computed once per definition from its parents' (``Resolver/summarizeChain(_:hasCatalog:)``): checking every
/// profile of a chain N deep then costs N steps, not N² (each profile walking its whole chain again).
enum LintChain: Equatable {
    /// Being computed: met again, it is a cycle.
    case inProgress
    /// The chain needs the full check (a cycle, an unknown parent, a merge that can report something).
    case needsFullCheck
    /// Nothing can fail while it merges; `keyHashes` are the chain's sorted, distinct tagged key hashes
    /// (``KeyCollisions/taggedHashes(_:)``), bounded by the keys it sets, not by its depth.
    case clean(editsArguments: Bool, keyHashes: [UInt64])
}

/// The key-collision rule (``KeyCollisions``) applied to a catalog's declarations.
extension KeyCollisions {
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
}

import ProfileRuntime

/// Keys that are two things at once: a flag and a value (or a mock point) that the app reads as one key, or one kind
/// set under two spellings of one key.
///
/// The runtime library reads a key through ``ProfileKey`` (`pageSize`, `page_size` and `page-size` are one key) and
/// keeps one entry per kind, so a flag `pageSize: true` beside a value `page_size: x` reads as on through
/// `isEnabled` and as `x` through `string(forKey:)`, and launch arguments can carry only one of them
/// (`-pageSize YES -page_size x`: the last wins for every read); two values `pageSize: 5` and `page_size: 3` are
/// two entries of the payload of which the app sees one, decided by their sort order, not by the profiles' order. A
/// profile (or a catalog) where entries with two spellings or two kinds share a key is an error, reported at the later
/// of the entries (in the order they apply: parents first, the command line last) with a note at the first of each
/// other spelling and kind.
package enum KeyCollisions {
    /// What a typed entry is.
    package enum Kind: Int, Comparable {
        case flag, mock, value

        var name: String {
            switch self {
            case .flag: "flag"
            case .mock: "mock point"
            case .value: "value"
            }
        }

        package static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One typed entry: what it is, its key as written and where that is.
    package struct Entry {
        package var kind: Kind
        package var key: String
        package var location: SourceLocation
        package var length: Int

        package init(kind: Kind, key: String, location: SourceLocation, length: Int) {
            self.kind = kind
            self.key = key
            self.location = location
            self.length = length
        }
    }

    /// Whether a key may have the runtime key of another kind or of another key of its kind (compared by hash: a
    /// false answer is certain, a true one may be a hash collision). The lists hold each key once. Plain arrays and one sort: no generic type is instantiated on the
    /// launch path (each costs it thousands of instructions at first use).
    package static func mayCollide(_ flags: [String], _ mocks: [String], _ values: [String]) -> Bool {
        var tagged: [UInt64] = []
        tagged.reserveCapacity(flags.count + mocks.count + values.count)
        for key in flags { tagged.append(looseHash(key) & ~tagBits) }
        for key in mocks { tagged.append(looseHash(key) & ~tagBits | 1) }
        for key in values { tagged.append(looseHash(key) & ~tagBits | 2) }
        tagged.sort()
        return mayCollide(sortedTaggedHashes: tagged)
    }

    /// A definition's keys as ``mayCollide(sortedTaggedHashes:)`` reads them: each key's runtime-key hash with its
    /// kind and its index in the low bits (``tagBits``), sorted. Computed once per file (where it is decoded) for `lint`.
    package static func taggedHashes(_ definition: ProfileDefinition) -> [UInt64] {
        var tagged: [UInt64] = []
        tagged.reserveCapacity(definition.flags.count + definition.mocks.count + definition.values.count)
        // By index: no copy of each setting.
        for index in definition.flags.indices { tagged.append(tag(definition.flags[index].key.value, 0, index)) }
        for index in definition.mocks.indices { tagged.append(tag(definition.mocks[index].key.value, 1, index)) }
        for index in definition.values.indices { tagged.append(tag(definition.values[index].key.value, 2, index)) }
        tagged.sort()
        return tagged
    }

    /// The low bits of a tagged hash: the kind (2 bits: flag 0, mock point 1, value 2) and, in a file's hashes
    /// (``taggedHashes(_:)``), the key's index among its kind's settings (12 bits; ``unknownIndex`` past 4,094).
    package static let tagBits: UInt64 = 0x3FFF
    /// The index field of a key whose index does not fit.
    package static let unknownIndex = 0xFFF

    /// A key's tagged hash: its runtime-key hash, its kind and its index.
    static func tag(_ key: String, _ kind: UInt64, _ index: Int) -> UInt64 {
        looseHash(key) & ~tagBits | UInt64(min(index, unknownIndex)) << 2 | kind
    }

    /// A hash equal for keys with one runtime key (``ProfileKey``), cheaper than hashing the canonical form: FNV-1a of
    /// the key's bytes without the separators `.`, `_` and `-`, ASCII letters lowercased (a key that is not ASCII: of
    /// its canonical form's). Keys with one canonical form hash equal (the canonical form only adds `-` between words
    /// and lowercases); a few others do too (`HTTPServer` and `httpServer`), which only sends a chain through the full
    /// check. Not a table's hash: a fingerprint that `lint` sorts and compares (``taggedHashes(_:)``). `Hasher` in its
    /// place cost `lint` of 5,000 profiles 3% more instructions (Benchmarks/README.md).
    package static func looseHash(_ key: String) -> UInt64 {
        if let hash = key.utf8.withContiguousStorageIfAvailable({ looseHash($0[...]) }) { return hash }
        return looseHash(Array(key.utf8)[...])
    }

    /// ``looseHash(_:)`` of UTF-8 bytes (the name of an option, between its dashes and any `=`).
    package static func looseHash(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
        if let hash = asciiLooseHash(bytes, folded: false) { return hash }
        // Unicode case mappings (`K`, the Kelvin sign, lowercases to `k`): the canonical form's bytes.
        let canonical = Array(ProfileKey.canonical(bytes).utf8)
        return canonical.withUnsafeBufferPointer { asciiLooseHash($0[...], folded: true)! }
    }

    /// ``looseHash(_:)`` of bytes whose case folding is ASCII's: nil for a byte outside ASCII unless `folded` (the
    /// bytes are a canonical form already). One pass that also notes a byte outside ASCII.
    private static func asciiLooseHash(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, folded: Bool) -> UInt64? {
        var high: UInt8 = 0
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for var byte in bytes {
            high |= byte
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") { continue }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return high >= 0x80 && !folded ? nil : hash
    }

    /// ``looseHash(_:)`` of UTF-8 bytes held in an array slice.
    static func looseHash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { looseHash($0[...]) }
    }

    /// Whether two neighbours of sorted tagged hashes have one hash: two kinds, or two keys of one kind (a list of
    /// one file or one merged layer holds each key of a kind once; a key set twice in a file is an error already).
    package static func mayCollide(sortedTaggedHashes tagged: [UInt64]) -> Bool {
        for index in tagged.indices.dropFirst() where tagged[index] & ~tagBits == tagged[index - 1] & ~tagBits {
            return true
        }
        return false
    }

    // MARK: Reporting

    /// One error per runtime key that entries of two kinds or two spellings share: at the latest entry (by
    /// `precedes`), with a note at the earliest entry of each other kind and spelling.
    package static func problems(
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
            guard let last = group.last,
                group.contains(where: { $0.kind != last.kind || $0.key != last.key })
            else { continue }
            var notes: [Diagnostic] = []
            var noted: Set<String> = [last.kind.name + " " + last.key]
            for other in group where noted.insert(other.kind.name + " " + other.key).inserted {
                notes.append(
                    .note("\(other.kind.name) `\(other.key)` is \(verb) here", at: other.location, length: other.length)
                )
            }
            let others = group.filter { $0.kind != last.kind || $0.key != last.key }
            let sameSpelling = others.allSatisfy { $0.key == last.key }
            let sameKind = others.allSatisfy { $0.kind == last.kind }
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
            if sameKind {
                result.append(
                    .error(
                        what + ": the app reads only one of them (not necessarily the one set last); "
                            + "spell the key one way", at: last.location, length: last.length, notes: notes))
                continue
            }
            result.append(
                .error(
                    what + ": which one the app reads depends on how it asks; keep one of them", at: last.location,
                    length: last.length, notes: notes))
        }
        return result
    }
}

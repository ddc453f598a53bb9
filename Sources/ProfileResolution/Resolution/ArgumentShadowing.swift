import ProfileModel
import ProfileRuntime

/// Arguments that set a key the typed layer also sets: `-UITests` beside a flag `UITests`.
///
/// The runtime library reads launch arguments before the payload (argv beats the payload), so such an argument
/// decides what the app reads whatever the flag, mock or value says: `--disable UITests` shows the flag off while the
/// app reads it on. Keys are compared the way the runtime compares them (``ProfileKey``: `page-size`, `pageSize` and
/// `PAGE_SIZE` are one key), and arguments are read the way it reads them (``LaunchArguments``).
package enum ArgumentShadowing {
    /// One argument option whose key a typed entry also has.
    package struct Shadow: Sendable, Equatable {
        /// The index of the option's token among the arguments.
        package var argument: Int
        /// `flag`, `mock point` or `value`.
        package var kind: String
        /// The typed entry's key as written.
        package var key: String

        /// Creates a shadow.
        package init(argument: Int, kind: String, key: String) {
            self.argument = argument
            self.kind = kind
            self.key = key
        }
    }

    /// The options among `arguments` whose key is one of `flags`, `mocks` or `values` (keys as written), in order.
    package static func shadows(
        arguments: [String], flags: [String], mocks: [String], values: [String]
    ) -> [Shadow] {
        guard !arguments.isEmpty, !(flags.isEmpty && mocks.isEmpty && values.isEmpty) else { return [] }
        let typed = typedKeys(flags: flags, mocks: mocks, values: values)
        var result: [Shadow] = []
        // The runtime skips argv[0]; the arguments here follow a program path.
        LaunchArguments.parse([""] + arguments) { option in
            if let entry = typed[option.key] {
                result.append(Shadow(argument: option.token - 1, kind: entry.kind, key: entry.key))
            }
        }
        return result
    }

    /// The options among `arguments` (each a located token, in argv order) whose key is in `typed` (canonical key →
    /// what it is and the key as written), else in `own`, for `lint`: `typed` is built once per run (the catalog's
    /// keys), `own` per file.
    package static func shadows(
        arguments: [Located<String>], typed: [String: (kind: String, key: String)],
        own: [String: (kind: String, key: String)] = [:]
    ) -> [(argument: Located<String>, kind: String, key: String)] {
        guard !arguments.isEmpty, !typed.isEmpty || !own.isEmpty else { return [] }
        var result: [(argument: Located<String>, kind: String, key: String)] = []
        LaunchArguments.parse([""] + arguments.map(\.value)) { option in
            if let entry = typed[option.key] ?? own[option.key] {
                result.append((arguments[option.token - 1], entry.kind, entry.key))
            }
        }
        return result
    }

    /// Whether an option among `arguments` may set one of the keys whose ``KeyCollisions/taggedHashes(_:)`` are
    /// `sortedTaggedHashes` (compared by hash: false is certain), for `lint`, which checks every file.
    package static func mayShadow(arguments: [Located<String>], sortedTaggedHashes hashes: [UInt64]) -> Bool {
        guard !hashes.isEmpty else { return false }
        // Every word that starts with `-` counts as an option here (more than the runtime takes: a "may"), named by
        // what follows its dashes up to any `=`.
        for argument in arguments {
            let found = argument.value.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard bytes.first == UInt8(ascii: "-") else { return false }
                var start = 1
                if bytes.count > 1, bytes[1] == UInt8(ascii: "-") { start = 2 }
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "=") { end += 1 }
                guard end > start else { return false }
                let hash = KeyCollisions.looseHash(bytes[start..<end]) & ~KeyCollisions.tagBits
                var low = 0
                var high = hashes.count
                while low < high {
                    let middle = (low + high) / 2
                    if hashes[middle] & ~KeyCollisions.tagBits < hash { low = middle + 1 } else { high = middle }
                }
                return low < hashes.count && hashes[low] & ~KeyCollisions.tagBits == hash
            }
            if found ?? true { return true }
        }
        return false
    }

    /// Canonical key → what it is and the key as written, for ``shadows(arguments:typed:)``; flags win over mock
    /// points over values when one key is several.
    package static func typedKeys(flags: [String], mocks: [String], values: [String]) -> [String: (
        kind: String, key: String
    )] {
        var typed: [String: (kind: String, key: String)] = [:]
        for key in values { typed[ProfileKey.canonical(key)] = ("value", key) }
        for key in mocks { typed[ProfileKey.canonical(key)] = ("mock point", key) }
        for key in flags { typed[ProfileKey.canonical(key)] = ("flag", key) }
        return typed
    }

    /// The shadows among a resolved profile's arguments.
    package static func shadows(in profile: ResolvedProfile) -> [Shadow] {
        shadows(
            arguments: profile.arguments.map(\.value), flags: profile.flags.map(\.key), mocks: profile.mocks.map(\.key),
            values: profile.values.map(\.key))
    }
}

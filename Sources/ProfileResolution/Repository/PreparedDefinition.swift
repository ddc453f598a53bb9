import ProfileModel
import ProfileRuntime

/// A definition made ready for merging, once per file however many profiles extend it: its flags, mocks and values
/// sorted by key (the last setting of a key in the file wins), so that a chain merges them in linear time and the
/// result comes out sorted.
final class PreparedDefinition {
    /// A setting with its key, where the key is written.
    struct Keyed<Value> {
        var key: String
        var value: Value
        var location: SourceLocation
    }

    let definition: ProfileDefinition
    /// `uitest`, or `uitest.local` for an overlay: the name in ``ResolvedProfile/chain``.
    var chainName: String { definition.isOverlay ? definition.name + ".local" : definition.name }
    private(set) lazy var flags: [Keyed<Bool>] = Self.sorted(
        definition.flags.map { Keyed(key: $0.key.value, value: $0.value.value, location: $0.key.location) })
    private(set) lazy var mocks: [Keyed<String>] = Self.sorted(
        definition.mocks.map { Keyed(key: $0.key.value, value: $0.value.value, location: $0.key.location) })
    /// A nil value removes an inherited one.
    private(set) lazy var values: [Keyed<TypedValue?>] = Self.sorted(
        definition.values.map { Keyed(key: $0.key.value, value: $0.value.value, location: $0.key.location) })

    /// The definitions of the parents in `extends`, each looked up once (`.some(nil)`: unknown or not loadable).
    var parents: [PreparedDefinition??]
    /// The `.local` overlay of this profile, once looked up.
    var overlay: PreparedDefinition??
    /// What `lint` knows of the whole chain ending here, once `lint` computed it (``LintChain``).
    var lintChain: LintChain?
    /// Whether ``KeyVariants`` counted the keys this definition sets.
    var keysCounted = false

    /// `lintFlags`: ``LintFlags`` of `definition`, when the task that loaded the file computed them
    /// (``ProfileRepository/preload(_:)``).
    init(_ definition: ProfileDefinition, lintFlags: LintFlags? = nil) {
        self.definition = definition
        parents = Array(repeating: nil, count: definition.extends.count)
        if let lintFlags { self.lintFlags = lintFlags }
    }

    /// What `lint` needs to know of a definition (see ``Resolver/check(_:environment:)``): computed once, on the task
    /// that loaded the file (``ProfileRepository/preload(_:)``) or at first use.
    struct LintFlags: Sendable {
        /// ``KeyCollisions/taggedHashes(_:)``.
        var keyHashes: [UInt64]
        /// Whether an `arguments` item drops or replaces inherited ones (which can fail to match).
        var editsArguments: Bool
        /// Whether an `env` entry sets a variable that makes the dynamic loader inject code (see ``Linter``).
        var injectsCode: Bool
        /// No `env` entry can report a problem while the environment is built: no reserved name, and every value
        /// interpolates (with `lint`, only the syntax of `${...}` can fail, whatever the variables hold).
        var environmentIsClean: Bool
        /// Every argument this definition adds (or puts in place of another) interpolates.
        var argumentsAreClean: Bool
        /// Whether a string value holds `$` (it is interpolated against the final environment).
        var hasInterpolatedValues: Bool
        /// Every string value with `$` interpolates.
        var interpolatedValuesAreClean: Bool

        /// The flags of `definition` (as the catalog typed its values, when there is one).
        init(_ definition: ProfileDefinition) {
            keyHashes = KeyCollisions.taggedHashes(definition)
            editsArguments = definition.arguments.contains { if case .append = $0 { false } else { true } }
            injectsCode = definition.environment.contains {
                $0.value != nil && CodeInjection.isInjecting($0.name.value)
            }
            environmentIsClean = definition.environment.allSatisfy { entry in
                guard ReservedEnvironment.problem(setting: entry.name) == nil else { return false }
                guard let text = entry.value?.value else { return true }
                return PreparedDefinition.interpolates(text, for: .environment(name: entry.name.value))
            }
            argumentsAreClean = definition.arguments.allSatisfy { operation in
                switch operation {
                case .append(let group, _), .replace(_, let group, _):
                    return group.allSatisfy { PreparedDefinition.interpolates($0.value, for: .argument) }
                case .drop: return true
                }
            }
            hasInterpolatedValues = definition.values.contains { setting in
                if case .string(let text)? = setting.value.value { return Interpolator.containsDollar(text) }
                return false
            }
            interpolatedValuesAreClean = definition.values.allSatisfy { setting in
                if case .string(let text)? = setting.value.value, Interpolator.containsDollar(text) {
                    return PreparedDefinition.interpolates(text)
                }
                return true
            }
        }
    }

    /// ``LintFlags`` of the definition.
    private(set) lazy var lintFlags = LintFlags(definition)
    /// ``KeyCollisions/taggedHashes(_:)`` of the definition.
    var keyHashes: [UInt64] { lintFlags.keyHashes }
    /// ``LintFlags/editsArguments``.
    var editsArguments: Bool { lintFlags.editsArguments }
    /// ``LintFlags/injectsCode``.
    var injectsCode: Bool { lintFlags.injectsCode }

    /// Whether merging this definition can report nothing but what its argument operations find (see
    /// ``Resolver/check(_:environment:)``): its environment and its arguments interpolate, so do its interpolated
    /// values (with a catalog, those take the full check, which types them), and no two of its keys may share a runtime
    /// key (``KeyCollisions``). Kept once known: `lint` computes it on the thread that loaded the file.
    func mergesCleanly(hasCatalog: Bool) -> Bool {
        if let known = hasCatalog ? mergesCleanlyWithCatalog : mergesCleanlyWithoutCatalog { return known }
        let flags = lintFlags
        let clean =
            flags.environmentIsClean && flags.argumentsAreClean
            && !(flags.hasInterpolatedValues && (hasCatalog || !flags.interpolatedValuesAreClean))
            && !KeyCollisions.mayCollide(sortedTaggedHashes: flags.keyHashes)
        if hasCatalog { mergesCleanlyWithCatalog = clean } else { mergesCleanlyWithoutCatalog = clean }
        return clean
    }

    private var mergesCleanlyWithCatalog: Bool?
    private var mergesCleanlyWithoutCatalog: Bool?

    /// Whether interpolating `text` for `destination` under `lint` cannot fail on its syntax (its length is bounded by
    /// ``bounds``, along the chain).
    fileprivate static func interpolates(_ text: String, for destination: Interpolator.Destination = .value) -> Bool {
        Interpolator.isWellFormed(text, for: destination)
    }

    /// What interpolating this file's texts can give under `lint` (``LintBounds``).
    private(set) lazy var bounds = LintBounds(definition)

    /// Sorted by key; of several settings of one key, the last written.
    static func sorted<Value>(_ settings: [Keyed<Value>]) -> [Keyed<Value>] {
        if settings.count < 2 { return settings }
        var isSortedAndUnique = true
        for index in 1..<settings.count where !(settings[index - 1].key < settings[index].key) {
            isSortedAndUnique = false
            break
        }
        if isSortedAndUnique { return settings }
        let order = settings.indices.sorted { a, b in
            let (left, right) = (settings[a].key, settings[b].key)
            return left < right || (!(right < left) && a < b)
        }
        var result: [Keyed<Value>] = []
        result.reserveCapacity(settings.count)
        for index in order {
            if let last = result.last, !(last.key < settings[index].key) {
                result[result.count - 1] = settings[index]
            } else {
                result.append(settings[index])
            }
        }
        return result
    }

    /// `base` with `overlay` on top: both sorted by key, unique; equal keys take `overlay`'s entry.
    static func merge<Value>(_ base: [Keyed<Value>], _ overlay: [Keyed<Value>]) -> [Keyed<Value>] {
        if overlay.isEmpty { return base }
        if base.isEmpty { return overlay }
        var result: [Keyed<Value>] = []
        result.reserveCapacity(base.count + overlay.count)
        var i = 0
        var j = 0
        while i < base.count, j < overlay.count {
            let left = base[i].key
            let right = overlay[j].key
            if left < right {
                result.append(base[i])
                i += 1
            } else if right < left {
                result.append(overlay[j])
                j += 1
            } else {
                // The same key: the later setting, under the key as first written (as a dictionary keeps it).
                result.append(Keyed(key: left, value: overlay[j].value, location: overlay[j].location))
                i += 1
                j += 1
            }
        }
        if i < base.count { result.append(contentsOf: base[i...]) }
        if j < overlay.count { result.append(contentsOf: overlay[j...]) }
        return result
    }

    /// The same for values, where a nil value removes the key.
    static func merge(_ base: [Keyed<TypedValue>], _ overlay: [Keyed<TypedValue?>]) -> [Keyed<TypedValue>] {
        if overlay.isEmpty { return base }
        var result: [Keyed<TypedValue>] = []
        result.reserveCapacity(base.count + overlay.count)
        var i = 0
        var j = 0
        while j < overlay.count {
            let right = overlay[j].key
            while i < base.count, base[i].key < right {
                result.append(base[i])
                i += 1
            }
            var key = right
            if i < base.count, !(right < base[i].key) {  // the same key: replaced or removed
                key = base[i].key
                i += 1
            }
            if let value = overlay[j].value {
                result.append(Keyed(key: key, value: value, location: overlay[j].location))
            }
            j += 1
        }
        if i < base.count { result.append(contentsOf: base[i...]) }
        return result
    }

    /// Sets one key in a sorted list (a command-line override).
    static func set<Value>(_ list: inout [Keyed<Value>], _ entry: Keyed<Value>) {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].key < entry.key { low = middle + 1 } else { high = middle }
        }
        if low < list.count, !(entry.key < list[low].key) {
            list[low].value = entry.value
            list[low].location = entry.location
        } else {
            list.insert(entry, at: low)
        }
    }
}

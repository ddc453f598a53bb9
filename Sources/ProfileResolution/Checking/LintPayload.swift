import ProfileModel
import ProfileRuntime

/// `lint`'s payload check for the chains whose bounds cannot rule out a payload too long (``LintChain/clean`` with
/// `payloadFits` false: a chain a thousand deep that adds an argument at each link), each profile once, parents first,
/// from its parent's: a profile is measured by the rule (a full check: ``PayloadSize/problem(_:chain:)``) only when
/// what its parent's payload and its own file say cannot decide it, so that a deep chain costs a few merges, not one
/// per profile (each merging the whole chain again).
///
/// A profile whose only parent's payload is known within bounds, and that only adds to it (its texts interpolate
/// nothing, nothing in its chain interpolates, it drops and replaces no argument, it has no overlay) has a payload
/// within the parent's bounds plus its own entries (each key counted as new), less, for the lower bound, the most
/// bytes each key it sets takes anywhere in the directory (the entry it may replace). The entries are counted by the
/// wire format's writer (``WireFormat/encodedLength(_:)``); the limit is the rule's (``PayloadSize/limit``).
///
/// The profiles whose payload is too long because their parent's is are one error: the parent's (the first of the
/// chain that is too long, where the chain crosses the limit), naming them (``PayloadSize/extended(_:by:)``).
struct LintPayload {
    /// What is known of a profile's payload: at least `lower` and at most `upper` bytes; `group` is the failing group
    /// it belongs to, nil when it fits.
    private struct Estimate {
        var lower: Int
        var upper: Int
        var group: Int?
    }

    /// Profiles whose payload is too long because the first one's is: its error, and the others' names.
    private struct Group {
        var problem: Diagnostic
        var root: String
        var members: [String] = []
    }

    private var estimates: [ObjectIdentifier: Estimate] = [:]
    private var groups: [Group] = []
    /// The most bytes each key takes in a payload, over every definition of the directory.
    private var mostBytes: [PayloadKey: Int]?
    private let definitions: [PreparedDefinition]
    /// Resolves one profile under `lint`: the merged profile (nil when the shortcut answered: its payload fits) and its
    /// payload's problem, kept (not reported) by the resolver.
    private let measure: (PreparedDefinition) -> (ResolvedProfile?, Diagnostic?)

    /// A check over `definitions` (every definition linked, overlays too), measuring with `measure`.
    init(
        definitions: [PreparedDefinition], measure: @escaping (PreparedDefinition) -> (ResolvedProfile?, Diagnostic?)
    ) {
        self.definitions = definitions
        self.measure = measure
    }

    /// Whether `prepared`'s chain is one this check decides (clean, but for its payload).
    static func decides(_ prepared: PreparedDefinition) -> Bool {
        guard case .clean(_, _, _, false) = prepared.lintChain else { return false }
        return !prepared.definition.isOverlay
    }

    /// Decides the payload of `prepared` (``decides(_:)``), its ancestors' first: the chain of undecided parents is a
    /// stack of its own, not calls.
    mutating func decide(_ prepared: PreparedDefinition) {
        var pending = [prepared]
        var current = prepared
        while let parent = Self.onlyParent(current), Self.decides(parent), estimates[ObjectIdentifier(parent)] == nil {
            pending.append(parent)
            current = parent
        }
        for definition in pending.reversed() where estimates[ObjectIdentifier(definition)] == nil {
            estimates[ObjectIdentifier(definition)] = estimate(definition)
        }
    }

    /// One error per group: the first profile's, naming the others.
    var problems: [Diagnostic] {
        groups.map { group in
            PayloadSize.extended(group.problem, by: group.members.sorted())
        }
    }

    private mutating func estimate(_ prepared: PreparedDefinition) -> Estimate {
        let limit = PayloadSize.limit
        if let parent = Self.onlyParent(prepared), let known = known(parent),
            let growth = growth(of: prepared, from: parent)
        {
            let lower = known.lower + growth.lower
            let upper = known.upper + growth.upper
            if let group = known.group, lower > limit {
                groups[group].members.append(prepared.definition.name)
                return Estimate(lower: lower, upper: upper, group: group)
            }
            if known.group == nil, upper <= limit { return Estimate(lower: lower, upper: upper, group: nil) }
        }
        let (resolved, problem) = measure(prepared)
        guard let resolved else { return Estimate(lower: 0, upper: limit, group: nil) }
        let size = resolved.encodedPayloadLength
        guard let problem else { return Estimate(lower: size, upper: size, group: nil) }
        if let parent = Self.onlyParent(prepared), let group = estimates[ObjectIdentifier(parent)]?.group {
            groups[group].members.append(prepared.definition.name)
            return Estimate(lower: size, upper: size, group: group)
        }
        groups.append(Group(problem: problem, root: prepared.definition.name))
        return Estimate(lower: size, upper: size, group: groups.count - 1)
    }

    /// What is known of `parent`'s payload: decided here, or fitting by its chain's bounds.
    private func known(_ parent: PreparedDefinition) -> Estimate? {
        if let known = estimates[ObjectIdentifier(parent)] { return known }
        if case .clean(_, _, _, true) = parent.lintChain { return Estimate(lower: 0, upper: PayloadSize.limit) }
        return nil
    }

    /// The definition a profile extends when it extends one, linked.
    private static func onlyParent(_ prepared: PreparedDefinition) -> PreparedDefinition? {
        guard prepared.parents.count == 1, case .some(.some(let parent)) = prepared.parents[0] else { return nil }
        return parent
    }

    /// How much `prepared`'s payload can differ from `parent`'s (see the type's comment); nil when it does not only add.
    private mutating func growth(of prepared: PreparedDefinition, from parent: PreparedDefinition) -> (
        lower: Int, upper: Int
    )? {
        guard case .some(nil) = prepared.overlay, !prepared.editsArguments,
            case .clean(_, _, let bounds, _) = prepared.lintChain, bounds.interpolatesNothing
        else { return nil }
        let definition = prepared.definition
        var entries = WireFormat.Entries()
        entries.profiles = [definition.name]
        var keys: [PayloadKey] = []
        for flag in definition.flags {
            entries.flagKeys.append(flag.key.value)
            entries.flagStates.append(flag.value.value)
            keys.append(PayloadKey(.flag, flag.key.value))
        }
        for mock in definition.mocks {
            entries.mockKeys.append(mock.key.value)
            entries.mockVariants.append(mock.value.value)
            keys.append(PayloadKey(.mock, mock.key.value))
        }
        for value in definition.values {
            keys.append(PayloadKey(.value, value.key.value))
            // Nil removes the key.
            guard let typed = value.value.value else { continue }
            if case .string(let text) = typed, Interpolator.containsDollar(text) { return nil }
            entries.valueKeys.append(value.key.value)
            entries.valueTexts.append(typed.text)
        }
        for operation in definition.arguments {
            guard case .append(let group, let isEnabled) = operation else { return nil }
            for argument in group where isEnabled {
                if Interpolator.containsDollar(argument.value) { return nil }
                entries.arguments.append(argument.value)
            }
        }
        for entry in definition.environment {
            // Set, it is a key of the payload; unset or disabled, it may take one away.
            if entry.value != nil, entry.isEnabled { entries.environmentKeys.append(entry.name.value) }
            keys.append(PayloadKey(.environment, entry.name.value))
        }
        var parentName = WireFormat.Entries()
        parentName.profiles = [parent.definition.name]
        let added = WireFormat.encodedLength(entries) - WireFormat.encodedLength(parentName)
        let most = mostBytes ?? Self.mostBytes(definitions)
        mostBytes = most
        var replaced = 0
        for key in keys { replaced += most[key] ?? 0 }
        return (added - replaced, added)
    }

    /// A key of the payload: flags, mocks, values and environment variables each have keys of their own.
    private struct PayloadKey: Hashable {
        enum Kind { case flag, mock, value, environment }
        var kind: Kind
        var key: String
        init(_ kind: Kind, _ key: String) {
            self.kind = kind
            self.key = key
        }
    }

    /// The most bytes each key takes in a payload over `definitions`, counted by the writer. A text with a `$` counts
    /// as written: in a chain that interpolates nothing, `$$` gives one `$`, shorter.
    private static func mostBytes(_ definitions: [PreparedDefinition]) -> [PayloadKey: Int] {
        let empty = WireFormat.encodedLength(WireFormat.Entries())
        var most: [PayloadKey: Int] = [:]
        func record(_ key: PayloadKey, _ entries: WireFormat.Entries) {
            let bytes = WireFormat.encodedLength(entries) - empty
            most[key] = max(most[key] ?? 0, bytes)
        }
        for prepared in definitions {
            let definition = prepared.definition
            for flag in definition.flags {
                var entries = WireFormat.Entries()
                entries.flagKeys = [flag.key.value]
                entries.flagStates = [flag.value.value]
                record(PayloadKey(.flag, flag.key.value), entries)
            }
            for mock in definition.mocks {
                var entries = WireFormat.Entries()
                entries.mockKeys = [mock.key.value]
                entries.mockVariants = [mock.value.value]
                record(PayloadKey(.mock, mock.key.value), entries)
            }
            for value in definition.values {
                var entries = WireFormat.Entries()
                entries.valueKeys = [value.key.value]
                entries.valueTexts = [value.value.value?.text ?? ""]
                record(PayloadKey(.value, value.key.value), entries)
            }
            for entry in definition.environment {
                var entries = WireFormat.Entries()
                entries.environmentKeys = [entry.name.value]
                record(PayloadKey(.environment, entry.name.value), entries)
            }
        }
        return most
    }
}

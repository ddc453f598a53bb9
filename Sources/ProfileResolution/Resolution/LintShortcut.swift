import ProfileModel

/// What `lint` checks of a chain that nothing can make fail while it is merged: only its argument operations (see
/// ``Resolver/check(_:environment:)``). Pure functions of prepared definitions, so that ``Linter`` can check many
/// profiles at once on every processor once their definitions are linked (``Resolver/link(_:)``).
extension Resolver {
    /// Whether the `.lint` merge of `order` (a chain, parents first) can report anything beyond its argument
    /// operations (`isClean` false: it must run), and whether any of them drops or replaces (`editsArguments`).
    static func lintShortcut(_ order: [PreparedDefinition], hasCatalog: Bool) -> (isClean: Bool, editsArguments: Bool) {
        var editsArguments = false
        for prepared in order {
            if !prepared.mergesCleanly(hasCatalog: hasCatalog) { return (false, editsArguments) }
            if prepared.editsArguments { editsArguments = true }
        }
        // A flag and a value (or a mock point) with one key is found while merging (``KeyCollisions``); within one
        // file, ``PreparedDefinition/mergesCleanly(hasCatalog:)`` knew.
        if order.count > 1, KeyCollisions.mayCollide(order) { return (false, editsArguments) }
        // A text that interpolation may make too long, or a payload, is measured by the merge.
        var bounds = LintBounds.Chain()
        for prepared in order where !bounds.add(prepared.bounds) { return (false, editsArguments) }
        if !bounds.fits(payloadLimit: PayloadSize.limit) { return (false, editsArguments) }
        return (true, editsArguments)
    }

    /// The drops and replaces of `order` (a chain, parents first) that find nothing inherited to act on.
    static func argumentProblems(_ order: [PreparedDefinition]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var arguments = ArgumentList()
        for prepared in order {
            for operation in prepared.definition.arguments {
                if let problem = arguments.apply(operation) { problems.append(problem) }
            }
        }
        return problems
    }

    /// Makes `name`'s definition ready for ``checkLinked(_:)``: prepared (what its file reports is
    /// reported now), its parents and overlay looked up. Nil when the profile does not exist or its file does not
    /// load.
    func link(_ name: String) -> PreparedDefinition? {
        guard let prepared = repository.prepared(name) else { return nil }
        for (index, parent) in prepared.definition.extends.enumerated() where prepared.parents[index] == nil {
            prepared.parents[index] = .some(repository.prepared(parent.value))
        }
        if prepared.overlay == nil { prepared.overlay = .some(repository.preparedOverlay(name)) }
        // What the checks on every processor read is stored, not lazy: the flags are read by
        // ``summarizeChain(_:hasCatalog:variants:keyedCap:definitions:)``, on this thread.
        return prepared
    }

    /// Computes ``PreparedDefinition/lintChain`` for `prepared` and its ancestors (linked by ``link(_:)``), each once.
    /// `variants` holds the keys of every definition linked. Single-threaded: it writes the definitions;
    /// ``checkLinked(_:)`` then only reads. The ancestors waiting for theirs are a stack of their own, not calls: an
    /// `extends` chain thousands long costs the thread's stack nothing.
    @discardableResult
    static func summarizeChain(
        _ prepared: PreparedDefinition, hasCatalog: Bool, variants: inout KeyVariants,
        keyedCap: inout LintBounds.KeyedCap, definitions: [PreparedDefinition]
    ) -> LintChain {
        if let known = prepared.lintChain { return known == .inProgress ? .needsFullCheck : known }
        prepared.lintChain = .inProgress
        var stack = [prepared]
        while let top = stack.last {
            // The first parent not summarized yet, before any that makes the chain need the full check.
            var waiting: PreparedDefinition?
            for parent in top.parents {
                guard case .some(.some(let parent)) = parent else { break }
                guard let known = parent.lintChain else {
                    waiting = parent
                    break
                }
                guard case .clean = known else { break }
            }
            if let waiting {
                waiting.lintChain = .inProgress
                stack.append(waiting)
                continue
            }
            stack.removeLast()
            top.lintChain = summarizeOne(
                top, hasCatalog: hasCatalog, variants: &variants, keyedCap: &keyedCap, definitions: definitions)
        }
        return prepared.lintChain ?? .needsFullCheck
    }

    /// The ``LintChain`` of `prepared`, its parents summarized (one still ``LintChain/inProgress`` is a cycle).
    private static func summarizeOne(
        _ prepared: PreparedDefinition, hasCatalog: Bool, variants: inout KeyVariants,
        keyedCap: inout LintBounds.KeyedCap, definitions: [PreparedDefinition]
    ) -> LintChain {
        let result = LintChain.needsFullCheck
        var editsArguments = false
        var keys: [ChainKey] = []
        var bounds = LintBounds.Chain()
        for parent in prepared.parents {
            guard case .some(.some(let parent)) = parent,
                case .clean(let edits, let parentKeys, let parentBounds, _) = parent.lintChain
            else { return result }
            editsArguments = editsArguments || edits
            keys = ChainKey.union(keys, parentKeys)
            bounds.add(parent: parentBounds)
        }
        guard case .some(let overlay) = prepared.overlay else { return result }
        // The definition, then its overlay: each merges cleanly on its own (known since it was loaded).
        func add(_ definition: PreparedDefinition) -> Bool {
            guard definition.mergesCleanly(hasCatalog: hasCatalog) else { return false }
            editsArguments = editsArguments || definition.editsArguments
            keys = ChainKey.union(keys, variants.keys(of: definition))
            return bounds.add(definition.bounds)
        }
        guard add(prepared) else { return result }
        if let overlay, !add(overlay) { return result }
        // Two kinds or two spellings of one key anywhere in the chain are found while merging.
        if ChainKey.mayCollide(keys) { return result }
        // A text that interpolation may make too long is measured by the full check; a payload, by ``LintPayload``.
        if !bounds.textsFit { return result }
        let payloadFits = bounds.payloadFits(
            payloadLimit: PayloadSize.limit, keyedCap: { keyedCap.value(over: definitions) })
        return .clean(editsArguments: editsArguments, keys: keys, bounds: bounds, payloadFits: payloadFits)
    }

    /// What ``check(_:environment:)`` reports for the profile `root`, read only from linked and summarized definitions
    /// (see ``link(_:)`` and ``summarizeChain(_:hasCatalog:variants:keyedCap:definitions:)``) and changing nothing, so that it can run on any
    /// thread; nil when the chain needs the full check (an unknown or unloadable parent, a cycle, or a definition
    /// whose merge can report something).
    ///
    /// A chain whose payload may be too long needs the full check unless `payloadIsKnown` (``LintPayload`` decided it).
    static func checkLinked(_ root: PreparedDefinition, payloadIsKnown: Bool = false) -> [Diagnostic]? {
        guard case .clean(let editsArguments, _, _, let payloadFits) = root.lintChain, payloadFits || payloadIsKnown
        else { return nil }
        guard editsArguments else { return [] }
        var order: [PreparedDefinition] = []
        var done = Set<ObjectIdentifier>()
        // The chain in the resolver's order: parents depth first, each once, then the definition and its overlay (a
        // clean chain has no cycle and every parent linked). A stack of its own, not a call per level.
        var stack: [(prepared: PreparedDefinition, next: Int)] = [(root, 0)]
        done.insert(ObjectIdentifier(root))
        while let top = stack.last {
            guard top.next < top.prepared.parents.count else {
                stack.removeLast()
                order.append(top.prepared)
                if case .some(.some(let overlay)) = top.prepared.overlay { order.append(overlay) }
                continue
            }
            stack[stack.count - 1].next = top.next + 1
            if case .some(.some(let parent)) = top.prepared.parents[top.next],
                done.insert(ObjectIdentifier(parent)).inserted
            {
                stack.append((parent, 0))
            }
        }
        return argumentProblems(order)
    }
}

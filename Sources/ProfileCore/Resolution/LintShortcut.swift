/// What `lint` checks of a chain that nothing can make fail while it is merged: only its argument operations (see
/// ``Resolver/check(_:environment:)``). Pure functions of prepared definitions, so that ``Linter`` can check many
/// profiles at once on every processor once their definitions are linked (``Resolver/link(_:)``).
extension Resolver {
    /// Whether the `.lint` merge of `order` (a chain, parents first) can report anything beyond its argument
    /// operations (`isClean` false: it must run), and whether any of them drops or replaces (`editsArguments`).
    static func lintShortcut(_ order: [PreparedDefinition], hasCatalog: Bool) -> (isClean: Bool, editsArguments: Bool) {
        var editsArguments = false
        for prepared in order {
            if !prepared.environmentIsClean || !prepared.argumentsAreClean
                || (prepared.hasInterpolatedValues && (hasCatalog || !prepared.interpolatedValuesAreClean))
            {
                return (false, editsArguments)
            }
            if prepared.editsArguments { editsArguments = true }
        }
        // A flag and a value (or a mock point) with one key is found while merging (``KeyCollisions``).
        if KeyCollisions.mayCollide(order) { return (false, editsArguments) }
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

    /// Makes `name`'s definition ready for ``checkLinked(_:hasCatalog:)``: prepared (what its file reports is
    /// reported now), its parents and overlay looked up, and what the check reads of it computed. Nil when the
    /// profile does not exist or its file does not load.
    func link(_ name: String) -> PreparedDefinition? {
        guard let prepared = repository.prepared(name) else { return nil }
        for (index, parent) in prepared.definition.extends.enumerated() where prepared.parents[index] == nil {
            prepared.parents[index] = .some(repository.prepared(parent.value))
        }
        if prepared.overlay == nil { prepared.overlay = .some(repository.preparedOverlay(name)) }
        // Lazily computed otherwise: computed here, they are only read while profiles are checked at once.
        func computeFlags(_ definition: PreparedDefinition) {
            _ = (definition.environmentIsClean, definition.argumentsAreClean, definition.editsArguments)
            _ = (definition.hasInterpolatedValues, definition.interpolatedValuesAreClean, definition.injectsCode)
        }
        computeFlags(prepared)
        if case .some(.some(let overlay)) = prepared.overlay { computeFlags(overlay) }
        return prepared
    }

    /// What ``check(_:environment:)`` reports for the profile `root`, read only from linked definitions (see
    /// ``link(_:)``) and changing nothing, so that it can run on any thread; nil when the chain needs the full check
    /// (an unknown or unloadable parent, a cycle, or a definition whose merge can report something).
    static func checkLinked(_ root: PreparedDefinition, hasCatalog: Bool) -> [Diagnostic]? {
        var order: [PreparedDefinition] = []
        var visiting: [ObjectIdentifier] = []
        var done: [ObjectIdentifier] = []
        // The chain in `visit`'s order: parents depth first, each once, then the definition and its overlay.
        func visit(_ prepared: PreparedDefinition) -> Bool {
            let identity = ObjectIdentifier(prepared)
            if done.contains(identity) { return true }
            if visiting.contains(identity) { return false }
            visiting.append(identity)
            for parent in prepared.parents {
                guard case .some(.some(let parent)) = parent, visit(parent) else { return false }
            }
            visiting.removeLast()
            done.append(identity)
            order.append(prepared)
            guard case .some(let overlay) = prepared.overlay else { return false }
            if let overlay { order.append(overlay) }
            return true
        }
        guard visit(root) else { return nil }
        let (isClean, editsArguments) = lintShortcut(order, hasCatalog: hasCatalog)
        guard isClean else { return nil }
        return editsArguments ? argumentProblems(order) : []
    }
}

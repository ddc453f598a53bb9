import ProfileModel
import ProfilePlatform

/// Checks every profile in a directory: each file loads, each profile resolves. Reports every problem once.
package struct Linter {
    /// The repository whose profiles are checked.
    package let repository: ProfileRepository

    /// A linter over `repository`.
    package init(repository: ProfileRepository) {
        self.repository = repository
    }

    /// Loads and resolves every profile (abstract ones too, so their own mistakes show), returning the
    /// diagnostics sorted by place, duplicates removed.
    package func run(environment: EnvironmentTable = EnvironmentTable()) async -> [Diagnostic] {
        repository.reportDirectoryProblems()
        _ = repository.catalog
        let directory = repository.directory
        let names = directory.names
        await repository.preload(names)
        let resolver = Resolver(repository: repository)
        // Files are read, parsed, decoded and checked against the catalog on every processor (``preload``); then every
        // definition is linked (what loading found is reported here), and each chain that can only fail in its
        // argument operations gets only those checked, the others the full check.
        let linked = names.map { resolver.link($0) }
        let hasCatalog = repository.catalog != nil
        let catalog = repository.catalog
        let catalogKeys = ArgumentShadowing.typedKeys(
            flags: catalog?.flags.map(\.key.value) ?? [], mocks: catalog?.mocks.map(\.key.value) ?? [],
            values: catalog?.values.map(\.key.value) ?? [])
        var definitions: [PreparedDefinition] = []
        definitions.reserveCapacity(linked.count)
        for case .some(let prepared) in linked {
            definitions.append(prepared)
            if case .some(.some(let overlay)) = prepared.overlay { definitions.append(overlay) }
        }
        // Counted while preloading; a definition loaded before (none, as `lint` runs) is counted here.
        var variants = repository.keyVariants
        for prepared in definitions { variants.add(prepared) }
        var keyedCap = LintBounds.KeyedCap()
        for prepared in definitions where !prepared.definition.isOverlay {
            Resolver.summarizeChain(
                prepared, hasCatalog: hasCatalog, variants: &variants, keyedCap: &keyedCap, definitions: definitions)
        }
        // The chains that only the payload's size can fail are decided parents first, most without a merge
        // (``LintPayload``); the profiles too long for one cause are one error.
        var payload = LintPayload(definitions: definitions) { prepared in
            let file = SourceFile(path: directory.entries[prepared.definition.name]!.path, bytes: [])
            resolver.keepsPayloadProblem = true
            defer { resolver.keepsPayloadProblem = false }
            let resolved = resolver.check(
                [Located(prepared.definition.name, at: .wholeFile(file))], environment: environment)
            return (resolved, resolver.payloadProblem)
        }
        for case .some(let prepared) in linked where LintPayload.decides(prepared) { payload.decide(prepared) }
        repository.report(payload.problems)
        for (index, name) in names.enumerated() {
            if let root = linked[index], LintPayload.decides(root) {
                // Decided: only the argument operations are left (found again when the full check ran: reported once).
                if let problems = Resolver.checkLinked(root, payloadIsKnown: true), !problems.isEmpty {
                    repository.report(problems)
                }
            } else if let root = linked[index], let problems = Resolver.checkLinked(root) {
                if !problems.isEmpty { repository.report(problems) }
            } else {
                let file = SourceFile(path: directory.entries[name]!.path, bytes: [])
                resolver.check(
                    [Located(name, at: .wholeFile(file))],
                    environment: environment)
            }
            let prepared = linked[index]
            if let prepared {
                let shadows = Self.shadowWarnings(
                    prepared.definition, keyHashes: prepared.keyHashes, catalogKeys: catalogKeys)
                if !shadows.isEmpty { repository.report(shadows) }
            } else if let definition = repository.definition(name) {
                repository.report(Self.shadowWarnings(definition, keyHashes: nil, catalogKeys: catalogKeys))
            }
            if let prepared, prepared.injectsCode { checkInjection(prepared.definition) }
            if let overlay = prepared?.overlay ?? repository.preparedOverlay(name), overlay.injectsCode {
                checkInjection(overlay.definition)
            }
        }
        return Self.unique(repository.diagnostics).sortedByLocation()
    }

    /// Warns when an argument a profile adds sets a key that is also a flag, mock point or value (declared in the
    /// catalog or set by the same file): the app reads the argument first, so the typed entry and its command-line
    /// overrides cannot change what the app reads.
    private static func shadowWarnings(
        _ definition: ProfileDefinition, keyHashes: [UInt64]?, catalogKeys: [String: (kind: String, key: String)]
    ) -> [Diagnostic] {
        var added: [Located<String>] = []
        for operation in definition.arguments {
            switch operation {
            // A disabled item is not applied: it cannot shadow anything.
            case .append(let group, let isEnabled), .replace(_, let group, let isEnabled):
                if isEnabled { added.append(contentsOf: group) }
            case .drop: break
            }
        }
        guard added.contains(where: { $0.value.utf8.first == UInt8(ascii: "-") }) else { return [] }
        // The file's own keys only when an option may set one (by hash): most files' arguments set none.
        let hashes = keyHashes ?? KeyCollisions.taggedHashes(definition)
        let ownMayMatch = ArgumentShadowing.mayShadow(arguments: added, sortedTaggedHashes: hashes)
        guard ownMayMatch || !catalogKeys.isEmpty else { return [] }
        // The file's own keys beside the catalog's (which win): the catalog's dictionary is shared, never copied,
        // so a large catalog costs nothing per profile.
        let own =
            !ownMayMatch
            ? [:]
            : ArgumentShadowing.typedKeys(
                flags: definition.flags.map(\.key.value), mocks: definition.mocks.map(\.key.value),
                values: definition.values.map(\.key.value))
        return ArgumentShadowing.shadows(arguments: added, typed: catalogKeys, own: own).map { shadow in
            .warning(
                "argument `\(shadow.argument.value)` sets `\(shadow.key)`, which is also a \(shadow.kind): the app "
                    + "reads launch arguments before the typed layer, so the \(shadow.kind) (and its command-line "
                    + "overrides) cannot change what it reads; keep one of the two",
                at: shadow.argument.location, length: shadow.argument.length)
        }
    }

    /// Warns when a shared profile sets a variable that injects code into every child launched with it.
    private func checkInjection(_ definition: ProfileDefinition) {
        guard !definition.isOverlay else { return }
        for entry in definition.environment where entry.value != nil && CodeInjection.isInjecting(entry.name.value) {
            repository.report(
                .warning(
                    "`\(entry.name.value)` makes the dynamic loader inject code into every child launched with "
                        + "`\(definition.name)`; keep it out of shared profiles (a personal `\(definition.name).local.yml` "
                        + "is the place for it)", at: entry.name.location, length: entry.name.length))
        }
    }

    /// The diagnostics without repeats (a parent's mistake is found again through each child).
    package static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<String>()
        var result: [Diagnostic] = []
        for diagnostic in diagnostics {
            let key = (diagnostic.location?.description ?? "") + "\u{0}" + diagnostic.fullMessage
            if seen.insert(key).inserted { result.append(diagnostic) }
        }
        return result
    }
}

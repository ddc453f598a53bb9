/// Checks every profile in a directory: each file loads, each profile resolves. Reports every problem once.
public struct Linter {
    /// The repository whose profiles are checked.
    public let repository: ProfileRepository

    /// A linter over `repository`.
    public init(repository: ProfileRepository) {
        self.repository = repository
    }

    /// Loads and resolves every profile (abstract ones too, so their own mistakes show), returning the
    /// diagnostics sorted by place, duplicates removed.
    public func run(environment: EnvironmentTable = EnvironmentTable()) -> [Diagnostic] {
        repository.reportDirectoryProblems()
        _ = repository.catalog
        let directory = repository.directory
        let names = directory.names
        repository.preload(names)
        let resolver = Resolver(repository: repository)
        // Every definition prepared and linked (what loading found is reported here), then every chain that can only
        // fail in its argument operations checked at once on every processor, the others one by one.
        let linked = names.map { resolver.link($0) }
        let hasCatalog = repository.catalog != nil
        let results = UnsafeMutableBufferPointer<[Diagnostic]??>.allocate(capacity: names.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        Parallel.forEach(names.count) { index in
            if let root = linked[index] { results[index] = .some(Resolver.checkLinked(root, hasCatalog: hasCatalog)) }
        }
        for (index, name) in names.enumerated() {
            if case .some(.some(let problems)) = results[index] {
                repository.report(problems)
            } else {
                let file = SourceFile(path: directory.entries[name]!.path, bytes: [])
                resolver.check([Located(name, at: .wholeFile(file))],
                               environment: environment)
            }
            let prepared = linked[index]
            if let prepared, prepared.injectsCode { checkInjection(prepared.definition) }
            if let overlay = prepared?.overlay ?? repository.preparedOverlay(name), overlay.injectsCode {
                checkInjection(overlay.definition)
            }
        }
        return Self.unique(repository.diagnostics).sortedByLocation()
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
    public static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<String>()
        var result: [Diagnostic] = []
        for diagnostic in diagnostics {
            let key = (diagnostic.location?.description ?? "") + "\u{0}" + diagnostic.fullMessage
            if seen.insert(key).inserted { result.append(diagnostic) }
        }
        return result
    }
}

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
        let directory = repository.directory
        for name in directory.names {
            let resolver = Resolver(repository: repository)
            let located = Located(name, at: SourceLocation(file: SourceFile(path: directory.entries[name]!.path, bytes: []), mark: Mark(line: 0, column: 0)))
            _ = resolver.resolve([located], environment: environment, purpose: .lint)
        }
        return Self.unique(repository.diagnostics).sortedByLocation()
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

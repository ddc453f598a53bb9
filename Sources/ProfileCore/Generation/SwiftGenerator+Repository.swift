import ProfileRuntime

extension SwiftGenerator {
    /// A generator for a profiles directory: its catalog, and every runnable (non-abstract) profile resolved as
    /// `profile run` would launch it, but against an empty environment so that the output does not depend on the
    /// machine (`${VAR:-default}` is its default, `${VAR}` is empty, `${VAR:?message}` is not enforced).
    ///
    /// Returns nil when the directory has no catalog (nothing is reported: the caller says how to create one) or
    /// when the catalog or a profile has errors (reported in `repository.diagnostics`). Personal `.local` overlays
    /// are left out, so the output is a clean checkout's, unless `options.includeLocal` (callers should then say
    /// that the output differs from a clean checkout's). Give it a repository over
    /// ``ProfileDirectory/withoutOverlays()`` when they are left out: ``repository(for:options:)``.
    package static func forRepository(
        _ repository: ProfileRepository, options: GenerationOptions = GenerationOptions()
    ) -> SwiftGenerator? {
        guard let catalogPath = repository.directory.catalogPath else { return nil }
        let catalog = repository.catalog
        let launchProfiles = Self.launchProfiles(repository)
        guard let catalog, !repository.diagnostics.hasErrors else { return nil }
        var generator = SwiftGenerator(
            catalog: catalog, launchProfiles: launchProfiles, sourcePath: displayPath(of: catalogPath),
            access: options.access)
        generator.includesLocalOverlays = options.includeLocal
        return generator
    }

    /// The repository to generate from for `directory`: without its `.local` overlays unless `options` include them.
    package static func repository(for directory: ProfileDirectory, options: GenerationOptions) -> ProfileRepository {
        ProfileRepository(directory: options.includeLocal ? directory : directory.withoutOverlays())
    }

    /// Every runnable profile of `repository`, sorted by name, resolved against an empty environment, secrets hidden.
    package static func launchProfiles(_ repository: ProfileRepository) -> [LaunchProfile] {
        repository.reportDirectoryProblems()
        let directory = repository.directory
        var result: [LaunchProfile] = []
        for name in directory.names {
            guard let entry = directory.entries[name], let definition = repository.definition(name),
                !definition.isAbstract
            else { continue }
            let located = Located(
                name, at: .wholeFile(SourceFile(path: entry.path, bytes: [])))
            let resolver = Resolver(repository: repository)
            guard let resolved = resolver.resolve([located], environment: EnvironmentTable(), purpose: .lint) else {
                continue
            }
            // Committed: catalog secrets (from a `.local` overlay too) as `<secret>`, what is built from them by
            // reference (see ``Redaction``).
            let payload = Redaction.hiding.payload(resolved)
            var environment: [String: String] = [:]
            for change in Redaction.hiding.environmentChanges(resolved, payload: WireFormat.encode(payload)) {
                environment[change.name] = change.value
            }
            result.append(
                LaunchProfile(
                    name: name, description: resolved.description, launchArguments: payload.launchArguments,
                    launchEnvironment: environment))
        }
        return result
    }

    /// The catalog's path as the generated header shows it, the same from any working directory: the profiles
    /// directory's own name and the file's (`profiles/_catalog.yml`).
    package static func displayPath(of catalogPath: String) -> String {
        let file = lastComponent(catalogPath)
        let directory = FileSystem.resolvedPath(FileSystem.directoryName(catalogPath))
        let name = lastComponent(directory)
        return name.isEmpty || name == "/" ? file : name + "/" + file
    }

    private static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}

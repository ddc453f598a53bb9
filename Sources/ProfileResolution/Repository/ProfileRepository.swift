import ProfileModel
import ProfilePlatform

/// Loads profile files on demand, each at most once, and keeps every problem found while loading.
///
/// Only the profiles a command needs are read: `run uitest` reads `uitest`, its parents and their overlays.
package final class ProfileRepository {
    /// The directory the profiles come from.
    package let directory: ProfileDirectory
    /// Problems found so far, in the order found.
    package private(set) var diagnostics: [Diagnostic] = []
    /// How many of ``diagnostics`` are errors.
    private(set) var errorCount = 0

    /// A definition once asked for (nil: unknown, or its file could not be read or parsed), or a file read ahead
    /// by ``preload(_:)`` whose problems are reported when it is first asked for.
    private enum Slot {
        case done(PreparedDefinition?)
        case preloaded(Loaded)
    }

    private var definitions: [String: Slot] = [:]
    private var loadedCatalog: Catalog??
    private var overlays: [String: Slot] = [:]
    private var reported = Set<String>()
    /// The keys of the definitions ``preload(_:)`` prepared, counted while they were loaded (for `lint`).
    private(set) var keyVariants = KeyVariants()

    /// A repository over `directory`.
    package init(directory: ProfileDirectory) {
        self.directory = directory
    }

    /// Unlinks every definition from its parents first: released through those links, an `extends` chain thousands of
    /// profiles long was freed by a release inside a release, one per level, which overflowed a small stack (`run` of
    /// a chain 1,000 deep on 256 KiB, in the debug build, when it reported an error).
    deinit {
        for slot in definitions.values {
            switch slot {
            case .done(let prepared?), .preloaded(.prepared(let prepared, _)): prepared.parents.removeAll()
            default: break
            }
        }
    }

    /// Records a diagnostic that concerns the profiles (file-name problems are added on first use).
    package func report(_ diagnostic: Diagnostic) { add(diagnostic) }

    /// Records diagnostics.
    package func report(_ list: [Diagnostic]) { add(list) }

    private func add(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        if diagnostic.severity == .error { errorCount += 1 }
    }

    private func add(_ list: [Diagnostic]) {
        diagnostics.append(contentsOf: list)
        for diagnostic in list where diagnostic.severity == .error { errorCount += 1 }
    }

    /// The file-name problems of the profiles directory that concern `name` (or all of them when nil).
    package func reportDirectoryProblems(for name: String? = nil) {
        for diagnostic in directory.diagnostics {
            let path = diagnostic.location?.file.path ?? ""
            if reported.contains(path) { continue }
            if let name, !Self.names(path, name) { continue }
            reported.insert(path)
            add(diagnostic)
        }
    }

    /// Whether the file at `path` is named for profile `name` (`name.yml`, `name.local.yaml`...), compared byte for
    /// byte as the directory's entries are.
    private static func names(_ path: String, _ name: String) -> Bool {
        ["/\(name).yml", "/\(name).yaml", "/\(name).local.yml", "/\(name).local.yaml"].contains { suffix in
            path.utf8.reversed().starts(with: suffix.utf8.reversed())
        }
    }

    /// Reads and parses a file into a YAML document, or throws why it could not. (Typed throws, not a `Result`:
    /// `Result`'s generic metadata costs more than a launch's parse.)
    ///
    /// A file that cannot be read (a FIFO, a socket, a device or a link to one, no permission, a name too long) is
    /// an error located at the file (`path: error: cannot read this file: …`) marked
    /// ``Diagnostic/isUnreadableInput``: the command exits 66.
    package static func parse(path: String) throws(Diagnostic) -> YAMLDocument {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .unreadable(path, error)
        }
        return try YAMLParser.parse(SourceFile(path: path, bytes: bytes))
    }

    /// The value keys the catalog marks secret (as ``Catalog/value(_:)`` finds them: the first declaration counts).
    private(set) lazy var secretValueKeys: Set<String> = {
        var secret = Set<String>()
        var seen = Set<String>()
        for value in catalog?.values ?? [] where seen.insert(value.key.value).inserted && value.isSecret {
            secret.insert(value.key.value)
        }
        return secret
    }()

    /// The environment variables the catalog marks secret (the first declaration of a name counts).
    private(set) lazy var secretEnvironmentNames: Set<String> = {
        var secret = Set<String>()
        var seen = Set<String>()
        for variable in catalog?.environment ?? [] where seen.insert(variable.name.value).inserted && variable.isSecret
        {
            secret.insert(variable.name.value)
        }
        return secret
    }()

    /// The catalog, when the directory has one that can be read (its problems are reported on first use).
    package var catalog: Catalog? {
        if let loadedCatalog { return loadedCatalog }
        var catalog: Catalog?
        // What the directory says of the catalog's files (two catalogs) is reported by whatever reads the catalog:
        // `run` refuses what `lint` reports.
        reportDirectoryProblems(for: ProfileDirectory.catalogName)
        if let path = directory.catalogPath {
            do {
                let (decoded, problems) = CatalogDecoder.decode(try Self.parse(path: path))
                add(problems)
                catalog = decoded
            } catch {
                add(error)
            }
        }
        loadedCatalog = .some(catalog)
        return catalog
    }

    /// The files this repository has read for the profiles asked for so far, and the ones it would have read had
    /// they existed: each profile's file, its `.local` overlay (`.yml` and `.yaml` when there is none), and the catalog
    /// (both names when there is none). `run --watch` watches them.
    package var filesRead: [String] {
        var files: [String] = []
        for name in definitions.keys.sorted() {
            guard let entry = directory.entries[name] else { continue }
            files.append(entry.path)
            if let overlay = entry.overlayPath {
                files.append(overlay)
            } else {
                for suffix in [".local.yml", ".local.yaml"] {
                    files.append(FileSystem.join(directory.path, name + suffix))
                }
            }
        }
        if let catalog = directory.catalogPath {
            files.append(catalog)
        } else {
            for suffix in [".yml", ".yaml"] {
                files.append(FileSystem.join(directory.path, ProfileDirectory.catalogName + suffix))
            }
        }
        return files
    }

    /// The definition of profile `name`, or nil when it does not exist or its file cannot be read or parsed.
    package func definition(_ name: String) -> ProfileDefinition? {
        prepared(name)?.definition
    }

    /// The `.local` overlay of `name`, when it exists and loads.
    package func overlay(_ name: String) -> ProfileDefinition? {
        preparedOverlay(name)?.definition
    }

    /// ``definition(_:)`` made ready for merging (once per file).
    ///
    /// `name` must be a profile file's name byte for byte (``ProfileDirectory/Entries``), checked before the caches:
    /// they are keyed by `String`, whose `==` would take `\u{212A}eys` for `Keys`.
    func prepared(_ name: String) -> PreparedDefinition? {
        guard directory.entries[name] != nil else { return nil }
        let loaded: Loaded
        let index = definitions.index(forKey: name)
        switch index.map({ definitions.values[$0] }) {
        case .done(let prepared):
            return prepared
        case .preloaded(let preloaded):
            loaded = preloaded
        case nil:
            guard let entry = directory.entries[name] else {
                definitions[name] = .done(nil)
                return nil
            }
            loaded = Self.loadFile(path: entry.path, name: name, isOverlay: false)
        }
        reportDirectoryProblems(for: name)
        let prepared = finish(loaded)
        // Without an overlay file there is nothing to look up later (preloading knew already).
        if let prepared, prepared.overlay == nil, directory.entries[name]?.overlayPath == nil {
            prepared.overlay = .some(nil)
        }
        if let index {
            definitions.values[index] = .done(prepared)  // no second lookup
        } else {
            definitions[name] = .done(prepared)
        }
        return prepared
    }

    /// ``overlay(_:)`` made ready for merging (once per file).
    func preparedOverlay(_ name: String) -> PreparedDefinition? {
        guard directory.entries[name] != nil else { return nil }  // exactly, as in `prepared(_:)`
        let loaded: Loaded
        switch overlays[name] {
        case .done(let prepared):
            return prepared
        case .preloaded(let preloaded):
            loaded = preloaded
        case nil:
            guard let path = directory.entries[name]?.overlayPath else {
                overlays[name] = .done(nil)
                return nil
            }
            loaded = Self.loadFile(path: path, name: name, isOverlay: true)
        }
        let prepared = finish(loaded)
        overlays[name] = .done(prepared)
        return prepared
    }

    /// A file read, parsed and decoded, with what was found on the way (reported when the definition is first used).
    private enum Loaded {
        // Boxed: a definition and a diagnostic are large, and thousands of slots hold this enum.
        indirect case failure(Diagnostic)
        indirect case decoded(ProfileDefinition, [Diagnostic])
        /// Decoded, checked against the catalog and prepared ahead of its first use, by ``preload(_:)``.
        case prepared(PreparedDefinition, [Diagnostic])
    }

    private static func loadFile(path: String, name: String, isOverlay: Bool) -> Loaded {
        let document: YAMLDocument
        do {
            document = try parse(path: path)
        } catch {
            return .failure(error)
        }
        let (definition, problems) = ProfileDecoder.decode(document, name: name, isOverlay: isOverlay)
        return .decoded(definition, problems)
    }

    /// A file read, parsed, decoded and checked against the catalog by one of ``preload(_:)``'s tasks.
    private enum Checked: Sendable {
        case failure(Diagnostic)
        /// The definition as the catalog typed it, what decoding and the catalog check found, and what `lint` needs
        /// to know of it.
        case checked(ProfileDefinition, [Diagnostic], PreparedDefinition.LintFlags)
    }

    /// Reads, parses, decodes, checks against the catalog and prepares the files of the profiles `names` (and of their
    /// overlays) not loaded yet, on every processor, ahead of their first use. Nothing else changes: what a file
    /// reports is reported when its definition is first used, as without this.
    func preload(_ names: [String]) async {
        var jobs: [(path: String, name: String, isOverlay: Bool, hasOverlay: Bool)] = []
        jobs.reserveCapacity(names.count)
        for name in names {
            guard let entry = directory.entries[name] else { continue }
            if definitions[name] == nil { jobs.append((entry.path, name, false, entry.overlayPath != nil)) }
            if let overlayPath = entry.overlayPath, overlays[name] == nil {
                jobs.append((overlayPath, name, true, false))
            }
        }
        let jobList = jobs
        let catalog = self.catalog
        // Each chunk of files also counts their keys in a table of its own, while the files are in that processor's
        // cache; the tables are merged here.
        let chunks = await Parallel.map(jobs.count) { range in
            var variants = KeyVariants()
            var checked: [Checked] = []
            checked.reserveCapacity(range.count)
            for index in range {
                let job = jobList[index]
                let decoded: ProfileDefinition
                let problems: [Diagnostic]
                switch Self.loadFile(path: job.path, name: job.name, isOverlay: job.isOverlay) {
                case .decoded(let definition, let found):
                    decoded = definition
                    problems = found
                case .failure(let diagnostic):
                    checked.append(.failure(diagnostic))
                    continue
                case .prepared(_, let found):  // not what loading a file gives
                    checked.append(.failure(found.first ?? .error("cannot load `\(job.path)`")))
                    continue
                }
                let (definition, found) = Self.check(decoded, problems: problems, catalog: catalog)
                let flags = PreparedDefinition.LintFlags(definition)
                variants.add(keysOf: definition, keyHashes: flags.keyHashes)
                checked.append(.checked(definition, found, flags))
            }
            return (checked, variants)
        }
        definitions.reserveCapacity(definitions.count + jobs.count)
        var index = 0
        for (checked, variants) in chunks {
            keyVariants.add(variants)
            for file in checked {
                let job = jobs[index]
                index += 1
                let loaded: Loaded
                switch file {
                case .failure(let diagnostic):
                    loaded = .failure(diagnostic)
                case .checked(let definition, let problems, let flags):
                    let prepared = PreparedDefinition(definition, lintFlags: flags)
                    prepared.keysCounted = true
                    if !job.isOverlay, !job.hasOverlay { prepared.overlay = .some(nil) }
                    loaded = .prepared(prepared, problems)
                }
                if job.isOverlay {
                    overlays[job.name] = .preloaded(loaded)
                } else {
                    definitions[job.name] = .preloaded(loaded)
                }
            }
        }
    }

    /// Reports what loading a file found, checks the definition against the catalog, and prepares it.
    private func finish(_ loaded: Loaded) -> PreparedDefinition? {
        switch loaded {
        case .failure(let diagnostic):
            add(diagnostic)
            return nil
        case .decoded(let definition, let problems):
            add(problems)  // before the catalog is first read: its own problems come after
            let (prepared, findings) = Self.prepare(definition, problems: [], catalog: catalog)
            add(findings)
            return prepared
        case .prepared(let prepared, let problems):
            add(problems)
            return prepared
        }
    }

    /// Checks `definition` against `catalog` and prepares it; `problems` followed by what the catalog check found.
    private static func prepare(
        _ definition: ProfileDefinition, problems: [Diagnostic], catalog: Catalog?
    ) -> (PreparedDefinition, [Diagnostic]) {
        let (checked, found) = check(definition, problems: problems, catalog: catalog)
        return (PreparedDefinition(checked), found)
    }

    /// `definition` as `catalog` types its values, and `problems` followed by what the check found. Reads nothing of
    /// the repository's state: ``preload(_:)``'s tasks run it.
    private static func check(
        _ definition: ProfileDefinition, problems: [Diagnostic], catalog: Catalog?
    ) -> (ProfileDefinition, [Diagnostic]) {
        guard let catalog else { return (definition, problems) }
        var definition = definition
        var problems = problems
        let (findings, values) = CatalogChecker(catalog: catalog).check(definition)
        problems.append(contentsOf: findings)
        definition.values = values
        return (definition, problems)
    }
}

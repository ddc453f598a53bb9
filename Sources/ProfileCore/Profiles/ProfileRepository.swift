/// Loads profile files on demand, each at most once, and keeps every problem found while loading.
///
/// Only the profiles a command needs are read: `run uitest` reads `uitest`, its parents and their overlays.
public final class ProfileRepository {
    /// The directory the profiles come from.
    public let directory: ProfileDirectory
    /// Problems found so far, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []

    private var definitions: [String: ProfileDefinition?] = [:]
    private var loadedCatalog: Catalog??
    private var overlays: [String: ProfileDefinition?] = [:]
    private var reported = Set<String>()

    /// A repository over `directory`.
    public init(directory: ProfileDirectory) {
        self.directory = directory
    }

    /// Records a diagnostic that concerns the profiles (file-name problems are added on first use).
    public func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Records diagnostics.
    public func report(_ list: [Diagnostic]) { diagnostics.append(contentsOf: list) }

    /// The file-name problems of the profiles directory that concern `name` (or all of them when nil).
    public func reportDirectoryProblems(for name: String? = nil) {
        for diagnostic in directory.diagnostics {
            let path = diagnostic.location?.file.path ?? ""
            if reported.contains(path) { continue }
            if let name, !(path.hasSuffix("/\(name).yml") || path.hasSuffix("/\(name).yaml")
                || path.hasSuffix("/\(name).local.yml") || path.hasSuffix("/\(name).local.yaml")) { continue }
            reported.insert(path)
            diagnostics.append(diagnostic)
        }
    }

    /// Reads and parses a file into a YAML document, or records why it could not.
    public static func parse(path: String) -> Result<YAMLDocument, Diagnostic> {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            return .failure(.error(error.description))
        }
        do {
            return .success(try YAMLParser.parse(SourceFile(path: path, bytes: bytes)))
        } catch {
            return .failure(error)
        }
    }

    /// The catalog, when the directory has one that can be read (its problems are reported on first use).
    public var catalog: Catalog? {
        if let loadedCatalog { return loadedCatalog }
        var catalog: Catalog?
        if let path = directory.catalogPath {
            switch Self.parse(path: path) {
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
            case .success(let document):
                let (decoded, problems) = CatalogDecoder.decode(document)
                diagnostics.append(contentsOf: problems)
                catalog = decoded
            }
        }
        loadedCatalog = .some(catalog)
        return catalog
    }

    /// The definition of profile `name`, or nil when it does not exist or its file cannot be read or parsed.
    public func definition(_ name: String) -> ProfileDefinition? {
        if let cached = definitions[name] { return cached }
        guard let entry = directory.entries[name] else {
            definitions[name] = .some(nil)
            return nil
        }
        reportDirectoryProblems(for: name)
        let definition = load(path: entry.path, name: name, isOverlay: false)
        definitions[name] = definition
        return definition
    }

    /// The `.local` overlay of `name`, when it exists and loads.
    public func overlay(_ name: String) -> ProfileDefinition? {
        if let cached = overlays[name] { return cached }
        guard let path = directory.entries[name]?.overlayPath else {
            overlays[name] = .some(nil)
            return nil
        }
        let definition = load(path: path, name: name, isOverlay: true)
        overlays[name] = definition
        return definition
    }

    private func load(path: String, name: String, isOverlay: Bool) -> ProfileDefinition? {
        switch Self.parse(path: path) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .success(let document):
            var (definition, problems) = ProfileDecoder.decode(document, name: name, isOverlay: isOverlay)
            diagnostics.append(contentsOf: problems)
            if let catalog {
                let (findings, values) = CatalogChecker(catalog: catalog).check(definition)
                diagnostics.append(contentsOf: findings)
                definition.values = values
            }
            return definition
        }
    }
}

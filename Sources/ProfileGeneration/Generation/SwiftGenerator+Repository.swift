import ProfileModel
import ProfilePlatform
import ProfileResolution
import ProfileRuntime

extension SwiftGenerator {
    /// A generator for a profiles directory: its catalog, and every runnable (non-abstract) profile resolved as
    /// `profile run` would launch it, but against an empty environment so that the output does not depend on the
    /// machine (`${VAR:-default}` is its default, `${VAR:?message}` is not enforced); what a generated file cannot
    /// hold is left out (``launchProfiles(_:)``) and warned about (``SwiftGenerator/warnings``).
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

    /// Every runnable profile of `repository`, sorted by name, resolved against an empty environment, without the
    /// entries a UI test cannot be given as they were generated (``LaunchProfile/leftOut``).
    ///
    /// An entry is left out when it is secret (the catalog says so, or it is built from a secret variable) or takes a
    /// variable of the environment of the run without a default (`${HOME}/.cache`, `${API_TOKEN}`,
    /// `${TOKEN:?message}`): written as generated, it would hand the app `/.cache` or `<secret>`. A `${VAR:-default}`
    /// is its default and stays. An argument left out takes the option before it along (`--cache ${HOME}/.cache`), so
    /// that the option is not left without its value.
    package static func launchProfiles(_ repository: ProfileRepository) -> [LaunchProfile] {
        repository.reportDirectoryProblems()
        let directory = repository.directory
        // The variables the profiles read without a default: set in a second resolution, which marks what they reach.
        let probed = EnvironmentTable(referencedWithoutDefault(in: directory).map { ($0, "x") })
        let probeRepository = probed.count > 0 ? ProfileRepository(directory: directory) : nil
        var result: [LaunchProfile] = []
        for name in directory.names {
            guard let entry = directory.entries[name], let definition = repository.definition(name),
                !definition.isAbstract
            else { continue }
            let located = Located(name, at: .wholeFile(SourceFile(path: entry.path, bytes: [])))
            guard
                var resolved = Resolver(repository: repository).resolve(
                    [located], environment: EnvironmentTable(), purpose: .lint)
            else { continue }
            let probe = probeRepository.flatMap {
                Resolver(repository: $0).resolve([located], environment: probed, purpose: .lint)
            }
            let leftOut = leaveOut(from: &resolved, tainted: probe ?? resolved, profile: name)
            // Nothing secret is left; hidden all the same, should a kind of secret entry be added.
            let payload = Redaction.hiding.payload(resolved)
            var environment: [String: String] = [:]
            for change in Redaction.hiding.environmentChanges(resolved, payload: WireFormat.encode(payload)) {
                environment[change.name] = change.value
            }
            var profile = LaunchProfile(
                name: name, description: resolved.description, launchArguments: payload.launchArguments,
                launchEnvironment: environment)
            profile.leftOut = leftOut
            result.append(profile)
        }
        return result
    }

    /// Removes from `resolved` the entries that are secret in `tainted` (the same profile resolved with the probed
    /// variables set), and returns them described, where each was written.
    private static func leaveOut(
        from resolved: inout ResolvedProfile, tainted: ResolvedProfile, profile: String
    ) -> [LaunchProfile.LeftOut] {
        var leftOut: [LaunchProfile.LeftOut] = []
        /// Why an entry is left out: secret as written, or secret once the environment of the run is read.
        func reason(isSecret: Bool, display: String?) -> String {
            if isSecret { return "it is secret" }
            return "it takes the environment of the run (`\(display ?? "")`)"
        }
        let taintedValues = Dictionary(tainted.values.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        var keptValues: [ResolvedProfile.Entry<TypedValue>] = []
        for value in resolved.values {
            let probe = taintedValues[value.key]
            guard value.isSecret || probe?.isSecret == true else {
                keptValues.append(value)
                continue
            }
            var entry = LaunchProfile.LeftOut(
                what: "value `\(value.key)`", why: reason(isSecret: value.isSecret, display: probe?.display),
                at: value.origin, setting: .value(value.key))
            entry.isSecret = value.isSecret
            leftOut.append(entry)
        }
        resolved.values = keptValues
        let taintedVariables = Dictionary(tainted.environment.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        var keptVariables: [ResolvedProfile.EnvironmentChange] = []
        for change in resolved.environment {
            let probe = taintedVariables[change.name]
            guard change.value != nil, change.isSecret || probe?.isSecret == true else {
                keptVariables.append(change)
                continue
            }
            var entry = LaunchProfile.LeftOut(
                what: "environment variable `\(change.name)`",
                why: reason(isSecret: change.isSecret, display: probe?.display), at: change.origin,
                setting: .environment(change.name))
            entry.isSecret = change.isSecret
            leftOut.append(entry)
        }
        resolved.environment = keptVariables
        // Arguments by position: the same items in both resolutions (else every argument is taken as tainted). An
        // option goes with the value after it (`--cache ${HOME}/.cache`).
        let aligned = tainted.arguments.count == resolved.arguments.count
        // The option each value goes with, as the runtime reads them (not after `--`).
        var optionOf: [Int: Int] = [:]
        LaunchArguments.items(resolved.arguments.map(\.value)) { item in
            if let value = item.value { optionOf[value] = item.index }
        }
        var removed = Set<Int>()
        for index in resolved.arguments.indices
        where resolved.arguments[index].isSecret || !aligned || tainted.arguments[index].isSecret {
            removed.insert(index)
            if let option = optionOf[index] { removed.insert(option) }
        }
        var run: [Int] = []
        func flush() {
            guard let first = run.first else { return }
            let words = run.map { (aligned ? tainted.arguments[$0] : resolved.arguments[$0]).display }
            let isSecret = run.contains { resolved.arguments[$0].isSecret }
            var entry = LaunchProfile.LeftOut(
                what: (run.count == 1 ? "argument `" : "arguments `") + words.joined(separator: " ") + "`",
                why: isSecret ? "it is secret" : "it takes the environment of the run",
                at: resolved.arguments[first].origin, setting: nil)
            entry.isSecret = isSecret
            leftOut.append(entry)
            run = []
        }
        for index in removed.sorted() {
            if let last = run.last, last + 1 != index { flush() }
            run.append(index)
        }
        flush()
        for index in removed.sorted(by: >) { resolved.arguments.remove(at: index) }
        return leftOut
    }

    /// The names `${NAME}`, `${NAME:?…}` and `${NAME?…}` read in the profile files of `directory` (and its overlays):
    /// the variables whose absence gives an entry an empty text where the run would give a value.
    static func referencedWithoutDefault(in directory: ProfileDirectory) -> [String] {
        var names = Set<String>()
        for name in directory.names {
            guard let entry = directory.entries[name] else { continue }
            for path in [entry.path, entry.overlayPath].compactMap({ $0 }) {
                guard let bytes = try? FileSystem.read(path) else { continue }
                names.formUnion(referencesWithoutDefault(bytes))
            }
        }
        return names.sorted()
    }

    /// The names read by `${NAME}`, `${NAME:?…}` or `${NAME?…}` in `bytes` (a `$${NAME}` too: reading more than the
    /// profile reads only costs a resolution).
    static func referencesWithoutDefault(_ bytes: [UInt8]) -> Set<String> {
        var names = Set<String>()
        var index = 0
        let isStart = { (byte: UInt8) in byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) }
        let isName = { (byte: UInt8) in isStart(byte) || (byte >= 0x30 && byte <= 0x39) }
        while index + 2 < bytes.count {
            guard bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "{"), isStart(bytes[index + 2])
            else {
                index += 1
                continue
            }
            let start = index + 2
            var end = start
            while end < bytes.count, isName(bytes[end]) { end += 1 }
            let next = end < bytes.count ? bytes[end] : 0
            let colonQuestion =
                next == UInt8(ascii: ":") && end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: "?")
            if next == UInt8(ascii: "}") || next == UInt8(ascii: "?") || colonQuestion {
                names.insert(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            index = end
        }
        return names
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

import Foundation
import PackagePlugin

/// Generates `Profile+Generated.swift` for a target from the nearest `profiles/_catalog.yml`, at every build where
/// the catalog or a profile changed, or a profile was added or removed:
///
/// ```swift
/// .target(name: "App", dependencies: [.product(name: "ProfileRuntime", package: "profile")],
///         plugins: [.plugin(name: "ProfileCodegen", package: "profile")])
/// ```
///
/// The catalog is looked for in `profiles/` beside the target's sources, then in each parent directory up to the
/// package root. The generated declarations are `internal` to the target. The inputs are the catalog, every profile
/// file and the `profiles/` directory itself: a file added to it or removed from it changes the directory, so the
/// file is generated again without touching the catalog. Personal `.local` overlays are not inputs: generated code
/// leaves them out.
@main
struct ProfileCodegen: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // `Target.directoryURL` needs tools version 6.1 and `directory` is deprecated: start from the deepest folder
        // that holds every source file of the target (its own folder, or below it).
        let targetDirectory = Self.commonDirectory(target.sourceFiles.map(\.url)) ?? context.package.directoryURL
        let packageDirectory = context.package.directoryURL
        guard let catalog = Self.findCatalog(from: targetDirectory, root: packageDirectory) else {
            Diagnostics.warning(
                "ProfileCodegen: no profiles/_catalog.yml between \(targetDirectory.path) and the package root "
                    + "\(packageDirectory.path); nothing generated for \(target.name)")
            return []
        }
        let profiles = catalog.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: profiles.path)) ?? []
        let files = names.filter {
            ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml")) && !$0.hasSuffix(".local.yml")
                && !$0.hasSuffix(".local.yaml")
        }
        let inputs = [profiles] + files.sorted().map { profiles.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Profile+Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating \(output.lastPathComponent) for \(target.name) from \(catalog.path)",
                executable: try context.tool(named: "profile").url,
                arguments: ["generate", "swift", "--profiles-dir", profiles.path, "--output", output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// The deepest directory containing all `files`.
    static func commonDirectory(_ files: [URL]) -> URL? {
        let paths = files.map { $0.standardizedFileURL.deletingLastPathComponent().pathComponents }
        guard var common = paths.first else { return nil }
        for components in paths.dropFirst() {
            var count = 0
            while count < min(common.count, components.count), common[count] == components[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        return URL(fileURLWithPath: "/" + common.dropFirst().joined(separator: "/"), isDirectory: true)
    }

    /// `profiles/_catalog.yml` (or `.yaml`) in `start` or the nearest parent, not above `root`.
    static func findCatalog(from start: URL, root: URL) -> URL? {
        let rootPath = root.standardizedFileURL.path
        var directory = start.standardizedFileURL
        while true {
            for name in ["_catalog.yml", "_catalog.yaml"] {
                let candidate = directory.appendingPathComponent("profiles").appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            }
            if directory.path == rootPath || directory.path == "/" { return nil }
            directory = directory.deletingLastPathComponent().standardizedFileURL
        }
    }
}

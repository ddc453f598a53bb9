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
/// A target of an Xcode project applies it too (Build Phases, Run Build Tool Plug-ins): see the
/// `XcodeBuildToolPlugin` conformance at the end of this file.
///
/// The catalog is looked for in `profiles/` beside the target's sources, then in each parent directory up to the
/// package root (the project's directory for an Xcode target). The generated declarations are `internal` to the
/// target. The inputs are the catalog, every profile file and the `profiles/` directory itself: a file added to it or
/// removed from it changes the directory, so the file is generated again without touching the catalog. Personal
/// `.local` overlays are not inputs: generated code leaves them out.
///
/// The `profile` tool the command runs is whatever the manifest gives the plugin: today the `profile` executable
/// built from source; once a release hosts `profile.artifactbundle`, the prebuilt binary (Package.swift,
/// `prebuiltTool`). This file is the same in both cases, and `Tests/BundleConsumer` runs it against the bundle.
@main
struct ProfileCodegen: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // `Target.directoryURL` needs tools version 6.1 and `directory` is deprecated: start from the deepest folder
        // that holds every source file of the target (its own folder, or below it).
        return try Self.commands(
            targetName: target.name,
            sourceFiles: target.sourceFiles.map(\.url),
            root: context.package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "profile").url)
    }

    /// The build command for one target, SwiftPM's or Xcode's: `sourceFiles` locate the target, `root` is where the
    /// search for `profiles/` stops.
    static func commands(targetName: String, sourceFiles: [URL], root: URL, workDirectory: URL, tool: URL) -> [Command]
    {
        let targetDirectory = commonDirectory(sourceFiles) ?? root
        guard let catalog = findCatalog(from: targetDirectory, root: root) else {
            Diagnostics.warning(
                "ProfileCodegen: no profiles/_catalog.yml between \(targetDirectory.path) and "
                    + "\(root.path); nothing generated for \(targetName)")
            return []
        }
        let profiles = catalog.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: profiles.path)) ?? []
        let files = names.filter {
            ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml")) && !$0.hasSuffix(".local.yml")
                && !$0.hasSuffix(".local.yaml")
        }
        let inputs = [profiles] + files.sorted().map { profiles.appendingPathComponent($0) }
        let output = workDirectory.appendingPathComponent("Profile+Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating \(output.lastPathComponent) for \(targetName) from \(catalog.path)",
                executable: tool,
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

// Targets of an Xcode project. `XcodeProjectPlugin` ships with Xcode only (not with the open-source toolchain), so
// Linux and `swift build` never compile this. Its API as Apple's own plugins use it (swift-openapi-generator 1.14.3,
// Plugins/OpenAPIGenerator/plugin.swift:60-72; swift-protobuf 1.39.0, Plugins/SwiftProtobufPlugin/plugin.swift:335-349;
// swift-format, Plugins/LintPlugin/plugin.swift:69-85): `createBuildCommands(context: XcodePluginContext,
// target: XcodeTarget)`, `target.inputFiles` (a `FileList` of `File`s, each with `url` and `type`: PackagePlugin's
// swift-package-manager Sources/PackagePlugin/PackageModel.swift, `struct File`, `enum FileType`),
// `target.displayName`, `context.pluginWorkDirectoryURL`, `context.tool(named:)` and
// `context.xcodeProject.directoryURL`.
#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ProfileCodegen: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        // An Xcode target has no folder of its own: its source files locate it, and the search for `profiles/`
        // stops at the directory of the `.xcodeproj`.
        let sources = target.inputFiles.filter { $0.type == .source }.map(\.url)
        return try Self.commands(
            targetName: target.displayName,
            sourceFiles: sources,
            root: context.xcodeProject.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "profile").url)
    }
}
#endif

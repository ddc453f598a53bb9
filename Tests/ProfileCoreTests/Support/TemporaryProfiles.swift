import Foundation
import ProfileCore
import Testing

/// A throwaway `profiles/` directory holding the given files, for tests.
final class TemporaryProfiles {
    let root: String
    let directory: String

    init(_ files: [String: String]) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("profile-tests-\(UUID().uuidString)")
        root = base.path
        directory = base.appendingPathComponent("profiles").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// A repository over the directory, with display paths `profiles/<file>`.
    func repository() throws -> ProfileRepository {
        let listing = try ProfileDirectory(path: directory)
        return ProfileRepository(directory: listing)
    }

    /// Resolves `names` for `purpose`; returns the profile (nil on errors) and the rendered diagnostics with the
    /// temporary directory shown as `profiles`.
    func resolve(
        _ names: [String], overrides: Overrides = Overrides(), environment: [(String, String)] = [],
        purpose: Resolver.Purpose = .run
    ) throws -> (ResolvedProfile?, String) {
        let repository = try repository()
        let source = CommandLineSource(arguments: ["run"] + names)
        let located = names.enumerated().map { source.located($0.element, argument: $0.offset + 1) }
        let resolved = Resolver(repository: repository).resolve(
            located, overrides: overrides, environment: EnvironmentTable(environment), purpose: purpose)
        return (resolved, render(repository.diagnostics))
    }

    /// Renders diagnostics sorted, without colours, with the temporary path replaced by `profiles`.
    func render(_ diagnostics: [Diagnostic]) -> String {
        DiagnosticRenderer().render(diagnostics.sortedByLocation()).replacingOccurrences(of: directory, with: "profiles")
    }
}

extension ResolvedProfile {
    /// The environment changes as `NAME=value` / `-NAME` strings.
    var environmentSummary: [String] {
        environment.map { change in change.value.map { "\(change.name)=\($0)" } ?? "-\(change.name)" }
    }

    /// The flags as `key=on|off`.
    var flagSummary: [String] { flags.map { "\($0.key)=\($0.value ? "on" : "off")" } }
}

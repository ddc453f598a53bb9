import Foundation
import ProfileModel
import ProfilePlatform
import ProfileResolution
import TestSupport
import Testing

/// A throwaway `profiles/` directory holding the given files, for tests. Removed with everything in it when the test
/// that holds it ends, however it ends.
final class TemporaryProfiles {
    let temporary: TemporaryDirectory
    let directory: String

    init(_ files: [String: String]) throws {
        temporary = try TemporaryDirectory(prefix: "profile-tests")
        directory = temporary.path("profiles")
        try temporary.createDirectory("profiles")
        for (name, text) in files { try temporary.write("profiles/" + name, text) }
    }

    /// The folder holding `profiles/`.
    var root: String { temporary.path }

    /// The directory as macOS's case-insensitive APFS presents it when `otherCases` — names that differ from a file's
    /// only in case — are opened there: where the tests' folder folds case (a Mac; CI's case-folding mount) the real
    /// folder, listed as it is, where the other names open the real file. Where it does not, faked: the listing is
    /// taken first, then each other name is written as a file of its own with its text (what a lookup that opened
    /// names instead of going by the listing would read).
    func directoryAsOnAPFS(otherCases: [String: String]) throws -> ProfileDirectory {
        let listing = try ProfileDirectory(path: directory)
        if !TemporaryDirectory.foldsCase {
            for (name, text) in otherCases { try temporary.write("profiles/" + name, text) }
        }
        return listing
    }

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
        DiagnosticRenderer().render(diagnostics.sortedByLocation()).replacingOccurrences(
            of: directory, with: "profiles")
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

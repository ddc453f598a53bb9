import Foundation
import ProfilePlatform
import TestSupport
import Testing

/// One version: `ProfileVersion.current` is what `profile --version` prints, the latest release of CHANGELOG.md and
/// the `from:` of the README's Package.swift snippet (what `Scripts/release.sh` tags).
@Suite(.timeLimit(.minutes(20))) struct VersionTests {
    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: TestPaths.repositoryPath(relative), encoding: .utf8)
    }

    @Test func theCommandPrintsTheVersion() throws {
        let result = try CLI.profile(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == ProfileVersion.current + "\n")
    }

    @Test func theChangelogsLatestReleaseIsTheVersion() throws {
        let headings = try read("CHANGELOG.md").split(separator: "\n").filter {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        let latest = try #require(headings.first)
        #expect(latest.hasPrefix("## [\(ProfileVersion.current)] - "), "\(latest)")
    }

    @Test func theReadmeDependsOnTheVersion() throws {
        let readme = try read("README.md")
        #expect(readme.contains(#"from: "\#(ProfileVersion.current)")"#))
        #expect(readme.contains(#".product(name: "ProfileRuntime", package: "profile")"#))
    }

    @Test func theVersionIsSemantic() {
        let parts = ProfileVersion.current.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) })
    }
}

import Foundation
import ProfileRuntime
import TestSupport
import Testing

@testable import ProfileModel
@testable import ProfilePlatform
@testable import ProfileResolution

@Suite struct ProfileDirectoryTests {
    @Test func listsProfilesOverlaysAndTheCatalog() throws {
        let profiles = try TemporaryProfiles([
            "uitest.yml": "{}", "demo.yaml": "{}", "uitest.local.yml": "{}", "_catalog.yml": "{}", "README.md": "x",
            ".hidden.yml": "{}",
        ])
        let directory = try ProfileDirectory(path: profiles.directory)
        #expect(directory.names == ["demo", "uitest"])
        #expect(directory.entries["uitest"]?.overlayPath?.hasSuffix("uitest.local.yml") == true)
        #expect(directory.catalogPath?.hasSuffix("_catalog.yml") == true)
        #expect(directory.diagnostics.isEmpty)
    }

    @Test func reportsFileNameProblems() throws {
        let profiles = try TemporaryProfiles([
            "a.yml": "{}", "a.yaml": "{}", "b c.yml": "{}", "_other.yml": "{}", "uitset.local.yml": "{}",
            "uitest.yml": "{}",
        ])
        let directory = try ProfileDirectory(path: profiles.directory)
        #expect(
            profiles.render(directory.diagnostics) == """
                profiles/_other.yml: error: `_other.yml` is not a valid profile file name: a profile name has letters, digits, `-` and `_`, and starts with a letter or digit (the catalog is `_catalog.yml`)
                profiles/a.yml: error: profile `a` is defined twice, here and in `profiles/a.yaml`; keep one
                profiles/b c.yml: error: `b c.yml` is not a valid profile file name: a profile name has letters, digits, `-` and `_`, and starts with a letter or digit
                profiles/uitset.local.yml: error: overlay for `uitset`, but there is no profile `uitset`; did you mean `uitest.local.yml`?

                """)
    }

    @Test func locateWalksUpAndStopsAtTheRepositoryRoot() throws {
        let profiles = try TemporaryProfiles(["a.yml": "{}"])
        let found = try ProfileDirectory.locate(
            explicit: nil, environment: EnvironmentTable(), workingDirectory: profiles.root)
        #expect(found.path == "profiles")
        // A repository below it (its own `.git`) with no `profiles/`: the walk stops at that root, it does not take
        // the `profiles/` above.
        try profiles.temporary.createDirectory("repo/.git")
        try profiles.temporary.createDirectory("repo/sub")
        let error = #expect(throws: Diagnostic.self) {
            try ProfileDirectory.locate(
                explicit: nil, environment: EnvironmentTable(), workingDirectory: profiles.temporary.path("repo/sub"))
        }
        #expect(
            error?.message
                == "no `profiles/` directory here or in any parent up to the repository root; create one with "
                + "`profile init`, or name one with --profiles-dir or PROFILES_DIR")
    }

    // MARK: Names match files byte for byte

    /// What macOS's case-insensitive APFS lists for a folder holding `uitest.yml`: that name only, while opening
    /// `UITest.yml` there succeeds. The lookup goes by the listing: `UITest` is no profile.
    @Test func aNameInAnotherCaseIsNoProfile() {
        let directory = ProfileDirectory(path: "profiles", listing: [("uitest.yml", .regularFile)])
        #expect(directory.names == ["uitest"])
        #expect(directory.entries["uitest"]?.path == "profiles/uitest.yml")
        for other in ["UITest", "UITEST", "Uitest", "uitesT"] {
            #expect(directory.entries[other] == nil, "\(other)")
        }
    }

    /// Swift's `==` on strings is canonical equivalence: the Kelvin sign (U+212A) equals `K`, and a dictionary keyed by
    /// `String` finds `Keys` for `\u{212A}eys`. The lookup compares bytes.
    @Test func aNameSwiftCallsEqualIsNoProfileUnlessItsBytesAre() {
        let kelvin = "\u{212A}eys"
        #expect(kelvin == "Keys")  // the trap itself
        #expect(["Keys": 1][kelvin] == 1)
        let directory = ProfileDirectory(path: "profiles", listing: [("Keys.yml", .regularFile)])
        #expect(directory.entries["Keys"]?.path == "profiles/Keys.yml")
        #expect(directory.entries[kelvin] == nil)
    }

    /// The repository and the resolver over a case-insensitive file system: both `uitest.yml` and `UITest.yml` open
    /// (on APFS and in CI's case-folding mount they are one file; elsewhere `UITest.yml` is written as a file of its
    /// own), the listing has only `uitest.yml`. Resolving `UITest` is an unknown profile with the near miss, and no
    /// file is read for it; `uitest` resolves from its own file.
    @Test func theRepositoryReadsOnlyFilesNamedExactly() throws {
        let profiles = try TemporaryProfiles(["uitest.yml": "arguments: [-UITests]\n"])
        let directory = try profiles.directoryAsOnAPFS(otherCases: ["UITest.yml": "arguments: [-FromTheWrongFile]\n"])
        #expect(directory.names == ["uitest"])
        let repository = ProfileRepository(directory: directory)
        let source = CommandLineSource(arguments: ["run", "UITest"])
        let refused = Resolver(repository: repository).resolve(
            [source.located("UITest", argument: 1)], overrides: Overrides(), environment: EnvironmentTable(),
            purpose: .run)
        #expect(refused == nil)
        #expect(repository.definition("UITest") == nil)
        #expect(
            profiles.render(repository.diagnostics) == """
                command line:1:13: error: unknown profile `UITest`; did you mean `uitest`?
                profile run UITest
                            ^~~~~~

                """)

        let other = ProfileRepository(directory: directory)
        let accepted = Resolver(repository: other).resolve(
            [CommandLineSource(arguments: ["run", "uitest"]).located("uitest", argument: 1)], overrides: Overrides(),
            environment: EnvironmentTable(), purpose: .run)
        #expect(accepted?.arguments.map(\.value) == ["-UITests"])
        #expect(other.diagnostics.isEmpty)
    }

    /// `extends` names a parent the same way: `extends: Base` with only `base.yml` listed (and `Base.yml` opening, as
    /// on APFS) is an unknown profile, located in the file.
    @Test func aParentInAnotherCaseIsNoProfile() throws {
        let profiles = try TemporaryProfiles(["base.yml": "arguments: [-base]\n", "child.yml": "extends: Base\n"])
        let directory = try profiles.directoryAsOnAPFS(otherCases: ["Base.yml": "arguments: [-FromTheWrongFile]\n"])
        #expect(directory.names == ["base", "child"])
        let repository = ProfileRepository(directory: directory)
        let resolved = Resolver(repository: repository).resolve(
            [CommandLineSource(arguments: ["run", "child"]).located("child", argument: 1)], overrides: Overrides(),
            environment: EnvironmentTable(), purpose: .run)
        #expect(resolved == nil)
        #expect(
            profiles.render(repository.diagnostics) == """
                profiles/child.yml:1:10: error: unknown profile `Base`; did you mean `base`?
                extends: Base
                         ^~~~

                """)
    }

    /// The same through files: a `Keys` profile is not run for `\u{212A}eys`, which is an unknown profile.
    @Test func aNameSwiftCallsEqualResolvesToNothing() throws {
        let profiles = try TemporaryProfiles(["Keys.yml": "env: {A: b}\n"])
        let (resolved, diagnostics) = try profiles.resolve(["\u{212A}eys"])
        #expect(resolved == nil)
        #expect(
            diagnostics == """
                command line:1:14: error: unknown profile `\u{212A}eys`
                profile run '\u{212A}eys'
                             ^~~~

                """)
        withKnownIssue("NearMiss (ProfileRuntime) skips candidates with Swift's `!=`: `Keys` is never offered") {
            #expect(diagnostics.contains("did you mean `Keys`?"))
        }
    }
}

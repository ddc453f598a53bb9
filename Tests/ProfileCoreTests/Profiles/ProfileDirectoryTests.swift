import ProfileCore
import Testing

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
        #expect(throws: Diagnostic.self) {
            try ProfileDirectory.locate(explicit: nil, environment: EnvironmentTable(), workingDirectory: "/proc/self")
        }
    }
}

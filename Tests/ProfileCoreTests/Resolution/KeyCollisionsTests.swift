import ProfileModel
import ProfileResolution
import Testing

/// Issue 14, item 5: a flag and a value (or a mock point) that the app reads as one key are an error, at the later
/// entry with a note at the first, in profiles, across `extends`, against command-line overrides and in the catalog.
@Suite struct KeyCollisionsTests {
    @Test func aFlagAndAValueInOneFile() throws {
        let profiles = try TemporaryProfiles(["p.yml": "flags:\n  k: true\nvalues:\n  k: x\n"])
        let (resolved, diagnostics) = try profiles.resolve(["p"])
        #expect(resolved == nil)
        #expect(
            diagnostics == """
                profiles/p.yml:4:3: error: `k` is both a flag and a value: which one the app reads depends on how it asks; keep one of them
                  k: x
                  ^
                profiles/p.yml:2:3: note: flag `k` is set here
                  k: true
                  ^

                """)
    }

    @Test func twoSpellingsOfOneKey() throws {
        let profiles = try TemporaryProfiles(["p.yml": "values:\n  page_size: 3\nflags:\n  pageSize: true\n"])
        let (resolved, diagnostics) = try profiles.resolve(["p"])
        #expect(resolved == nil)
        #expect(
            diagnostics == """
                profiles/p.yml:4:3: error: flag `pageSize` and value `page_size` are one key to the app (`page-size`): which one the app reads depends on how it asks; keep one of them
                  pageSize: true
                  ^~~~~~~~
                profiles/p.yml:2:3: note: value `page_size` is set here
                  page_size: 3
                  ^~~~~~~~~

                """)
    }

    @Test func acrossExtendsTheLaterProfileIsWrong() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "flags: [countries]\n",
            "child.yml": "extends: base\nmocks: {countries: live}\n",
            "reversed.yml": "extends: child\nflags: {countries: false}\n",
            "fine.yml": "extends: base\nvalues: {pageSize: 1}\n",
        ])
        let (child, childDiagnostics) = try profiles.resolve(["child"])
        #expect(child == nil)
        #expect(
            childDiagnostics.hasPrefix(
                "profiles/child.yml:2:9: error: `countries` is both a flag and a mock point: which one the app reads "
                    + "depends on how it asks; keep one of them\n"))
        #expect(childDiagnostics.contains("profiles/base.yml:1:9: note: flag `countries` is set here"))
        // The flag set again last: the error moves to it.
        let (_, reversed) = try profiles.resolve(["reversed"])
        #expect(reversed.hasPrefix("profiles/reversed.yml:2:9: error: `countries` is both a mock point and a flag"))
        #expect(reversed.contains("profiles/child.yml:2:9: note: mock point `countries` is set here"))
        let (fine, fineDiagnostics) = try profiles.resolve(["fine"])
        #expect(fine != nil)
        #expect(fineDiagnostics == "")
    }

    @Test func aValueRemovedBeforeTheFlagIsSetDoesNotCollide() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "values: {k: 1}\n",
            "child.yml": "extends: base\nvalues: {k: null}\nflags: [k]\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["child"])
        #expect(diagnostics == "")
        #expect(resolved?.flagSummary == ["k=on"])
    }

    @Test func aCommandLineOverrideThatMakesACollision() throws {
        let profiles = try TemporaryProfiles(["p.yml": "values: {pageSize: 5}\nmocks: {net: stub}\n"])
        let arguments = ["run", "p", "--enable", "page-size", "--value", "net=1", "--", "app"]
        let source = CommandLineSource(arguments: arguments)
        let overrides = Overrides(items: [
            .enable(source.located("page-size", argument: 3)),
            .value(source.located("net", argument: 5), source.located("1", argument: 5, offset: 4)),
        ])
        let (resolved, diagnostics) = try profiles.resolve(["p"], overrides: overrides)
        #expect(resolved == nil)
        #expect(
            diagnostics == """
                command line:1:24: error: flag `page-size` and value `pageSize` are one key to the app (`page-size`): which one the app reads depends on how it asks; keep one of them
                profile run p --enable page-size --value net=1 -- app
                                       ^~~~~~~~~
                profiles/p.yml:1:10: note: value `pageSize` is set here
                values: {pageSize: 5}
                         ^~~~~~~~
                command line:1:42: error: `net` is both a mock point and a value: which one the app reads depends on how it asks; keep one of them
                profile run p --enable page-size --value net=1 -- app
                                                         ^~~
                profiles/p.yml:2:9: note: mock point `net` is set here
                mocks: {net: stub}
                        ^~~

                """)
    }

    @Test func lintReportsACollisionInAChainItWouldNotOtherwiseMerge() async throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "flags: [k]\n",
            "child.yml": "extends: base\nvalues: {K: 2}\n",
            "clean.yml": "flags: [a]\nvalues: {b: 1}\nmocks: {c: d}\n",
        ])
        let diagnostics = await Linter(repository: try profiles.repository()).run()
        #expect(
            diagnostics.map { "\($0.location?.description ?? "") \($0.message)" } == [
                "\(profiles.directory)/child.yml:2:10 value `K` and flag `k` are one key to the app (`k`): which one the "
                    + "app reads depends on how it asks; keep one of them"
            ])
        #expect(
            diagnostics.first?.notes.map { $0.location?.description ?? "" } == ["\(profiles.directory)/base.yml:1:9"])
    }

    @Test func theCatalogDeclaresAKeyOnce() throws {
        let text = """
            flags:
              pageSize: Show pages
            mocks:
              theme: [light, dark]
            values:
              page_size: {type: int}
              THEME: {type: string}
              other: {type: int}
            """
        let document = try YAMLParser.parse(SourceFile(path: "profiles/_catalog.yml", bytes: Array(text.utf8)))
        let (_, diagnostics) = CatalogDecoder.decode(document)
        #expect(
            DiagnosticRenderer().render(diagnostics.sortedByLocation()) == """
                profiles/_catalog.yml:6:3: error: value `page_size` and flag `pageSize` are one key to the app (`page-size`): which one the app reads depends on how it asks; keep one of them
                  page_size: {type: int}
                  ^~~~~~~~~
                profiles/_catalog.yml:2:3: note: flag `pageSize` is declared here
                  pageSize: Show pages
                  ^~~~~~~~
                profiles/_catalog.yml:7:3: error: value `THEME` and mock point `theme` are one key to the app (`theme`): which one the app reads depends on how it asks; keep one of them
                  THEME: {type: string}
                  ^~~~~
                profiles/_catalog.yml:4:3: note: mock point `theme` is declared here
                  theme: [light, dark]
                  ^~~~~

                """)
    }
}

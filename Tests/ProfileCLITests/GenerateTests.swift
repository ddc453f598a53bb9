import Foundation
import TestSupport
import Testing

/// `profile generate swift` against the built binary. Whole outputs are compared, the generated Swift with golden files
/// (`Golden`: regenerate them with `PROFILE_UPDATE_GOLDEN=1 swift test --filter GenerateTests`).
@Suite(.timeLimit(.minutes(20))) struct GenerateTests {
    /// Where this suite's golden files are.
    static let golden = "Tests/ProfileCLITests/Fixtures/Generated"

    /// Every golden file is one a test below compares with.
    @Test func everyGoldenFileIsCompared() {
        let names = ["generated", "public-access", "include-local", "regenerated-public", "renamed-mock-point"]
        #expect(Golden.unused(in: Self.golden, names: names) == [])
    }

    /// The golden file `name`, written from `actual` when updating.
    static func golden(_ name: String, _ actual: String) -> String? { Golden.text(name, in: golden, writing: actual) }

    static let files = [
        "profiles/_catalog.yml": """
        flags: {skipOnboarding: Skip the onboarding}
        mocks:
          countries: {variants: [live, local-mock], default: live}
        values:
          pageSize: {type: int, default: 20}

        """,
        "profiles/base.yml": "abstract: true\nvalues: {pageSize: 10}\n",
        "profiles/uitest.yml": "extends: base\nenv: {WHO: \"${USER:-nobody}\"}\nmocks: {countries: local-mock}\n",
    ]

    @Test func printsSwiftToStandardOutput() throws {
        let project = try Project(Self.files)
        let result = try project.profile(["generate", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        // The catalog's header, `Countries`, `skipOnboarding`, `pageSize` and `uitest`; no `base` (abstract).
        #expect(result.stdout == Self.golden("generated", result.stdout))
    }

    /// The same bytes from any working directory, any invoking environment, any number of runs.
    @Test func outputIsByteIdenticalAcrossRunsDirectoriesAndEnvironments() throws {
        let project = try Project(Self.files)
        try FileManager.default.createDirectory(atPath: project.path("Sources/App"), withIntermediateDirectories: true)
        let first = try project.profile(["generate", "swift", "--output", "Sources/App/Profile+Generated.swift"])
        #expect(first.status == 0, "\(first.stderr)")
        let written = try String(contentsOfFile: project.path("Sources/App/Profile+Generated.swift"), encoding: .utf8)
        // `"WHO": "nobody"`: the file is what standard output shows.
        #expect(written == Self.golden("generated", written))
        let again = try project.profile(["generate", "swift"], environment: ["USER": "someone", "HOME": "/elsewhere"])
        let fromBelow = try project.profile(["generate", "swift"], in: "Sources/App")
        let explicit = try CLI.profile(["generate", "swift", "--profiles-dir", project.path("profiles")], in: "/")
        #expect(again.stdout == written)
        #expect(fromBelow.stdout == written)
        #expect(explicit.stdout == written)
    }

    @Test func writesTheOutputFileAndLeavesAnUnchangedOneAlone() throws {
        let project = try Project(Self.files)
        let result = try project.profile(["generate", "swift", "-o", "Generated/Profile.swift"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        let path = project.path("Generated/Profile.swift")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        #expect(try project.profile(["generate", "swift", "-o", "Generated/Profile.swift"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.modificationDate] as? Date == old)
    }

    @Test func checkPassesWhenCurrentAndFailsWhenStale() throws {
        let project = try Project(Self.files)
        let output = "Profile+Generated.swift"
        let missing = try project.profile(["generate", "swift", "--output", output, "--check"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("`\(output)` does not exist: run `profile generate swift --output \(output)`"))
        #expect(!project.exists(output))

        #expect(try project.profile(["generate", "swift", "--output", output]).status == 0)
        let current = try project.profile(["generate", "swift", "--output", output, "--check"])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stdout == "" && current.stderr == "")

        try project.write("profiles/uitest.yml", "extends: base\nvalues: {pageSize: 3}\n")
        let stale = try project.profile(["generate", "swift", "--output", output, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("`\(output)` is out of date: run `profile generate swift --output \(output)`"))

        let publicCheck = try project.profile([
            "generate", "swift", "--output", output, "--check", "--access", "public",
        ])
        #expect(publicCheck.status == 1)
        #expect(publicCheck.stderr.contains("--access public`"))
    }

    @Test func checkNeedsAnOutputFile() throws {
        let project = try Project(Self.files)
        let result = try project.profile(["generate", "swift", "--check"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--check compares with a file: give it with --output"))
    }

    @Test func publicAccess() throws {
        let project = try Project(Self.files)
        let result = try project.profile(["generate", "swift", "--access", "public"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.golden("public-access", result.stdout))
        let wrong = try project.profile(["generate", "swift", "--access", "private"])
        #expect(wrong.status == 64)
    }

    @Test func unknownLanguageIsAUsageError() throws {
        let project = try Project(Self.files)
        let result = try project.profile(["generate", "kotlin"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("swift"))
    }

    @Test func withoutACatalogSaysHowToCreateOne() throws {
        let project = try Project(["profiles/uitest.yml": "flags: {a: true}\n"])
        let result = try project.profile(["generate", "swift"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("create `profiles/_catalog.yml`"))
    }

    @Test func profileErrorsAreReportedAndNothingIsWritten() throws {
        var files = Self.files
        files["profiles/broken.yml"] = "mocks: {countries: remote}\n"
        let project = try Project(files)
        let result = try project.profile(["generate", "swift", "--output", "Out.swift"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("profiles/broken.yml:1:"))
        #expect(!project.exists("Out.swift"))
    }

    @Test func personalOverlaysAreLeftOutUnlessAsked() throws {
        var files = Self.files
        files["profiles/uitest.local.yml"] = "values: {pageSize: 99}\n"
        let project = try Project(files)
        let clean = try project.profile(["generate", "swift"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stderr == "")
        // `-pageSize 10`, not 99.
        #expect(clean.stdout == Self.golden("generated", clean.stdout))
        let withoutOverlay = try Project(Self.files).profile(["generate", "swift"])
        #expect(clean.stdout == withoutOverlay.stdout)

        let result = try project.profile(["generate", "swift", "--include-local"])
        #expect(result.status == 0, "\(result.stderr)")
        // `// Options: --include-local` in the header, `-pageSize 99`.
        #expect(result.stdout == Self.golden("include-local", result.stdout))
        #expect(result.stderr.contains("warning: the personal overlay `profiles/uitest.local.yml` is applied"))
    }

    @Test func checkAndRegenerationKeepTheOptionsTheFileRecords() throws {
        let project = try Project(Self.files)
        let output = "Sources/App/Profile+Generated.swift"
        let written = try project.profile(["generate", "swift", "--output", output, "--access", "public"])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: project.path(output), encoding: .utf8)
        #expect(
            text.hasPrefix(
                "// Generated by `profile generate swift` from profiles/_catalog.yml. Do not edit.\n"
                    + "// Options: --access public\n\nimport ProfileRuntime\n"))
        // The options the file records are the ones --check uses when none are given...
        let check = try project.profile(["generate", "swift", "--output", output, "--check"])
        #expect(check.status == 0, "\(check.stderr)")
        // ... and the fix it suggests when stale names them.
        try project.write("profiles/uitest.yml", "extends: base\nvalues: {pageSize: 3}\n")
        let stale = try project.profile(["generate", "swift", "--output", output, "--check"])
        #expect(stale.status == 1)
        #expect(
            stale.stderr.contains(
                "`\(output)` is out of date: run `profile generate swift --output \(output) --access public`"))
        // Regenerating without options keeps them too; options given replace them.
        #expect(try project.profile(["generate", "swift", "--output", output]).status == 0)
        #expect(try project.profile(["generate", "swift", "--output", output, "--check"]).status == 0)
        let regenerated = try String(contentsOfFile: project.path(output), encoding: .utf8)
        #expect(regenerated == Self.golden("regenerated-public", regenerated))
        let asInternal = try project.profile([
            "generate", "swift", "--output", output, "--check", "--access", "internal",
        ])
        #expect(asInternal.status == 1)
        #expect(asInternal.stderr.contains("run `profile generate swift --output \(output)`"))
    }

    @Test func aMockPointsTypeCanBeRenamedInTheCatalog() throws {
        var files = Self.files
        files["profiles/_catalog.yml"] = """
            mocks:
              countries.datasource: {variants: [live, local-mock], swiftName: CountriesDatasourceMock}
              datasource: {variants: [a, b]}

            """
        files["profiles/uitest.yml"] = "mocks: {countries.datasource: local-mock}\n"
        files["profiles/base.yml"] = "abstract: true\n"
        let project = try Project(files)
        let result = try project.profile(["generate", "swift"])
        #expect(result.status == 0, "\(result.stderr)")
        // `CountriesDatasourceMock` (its mock key `countries.datasource`) and `Datasource`.
        #expect(result.stdout == Self.golden("renamed-mock-point", result.stdout))

        try project.write("profiles/_catalog.yml", "mocks:\n  countries: {variants: [live], swiftName: 2fast}\n")
        let wrong = try project.profile(["generate", "swift"])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("profiles/_catalog.yml:2:44: error: `swiftName` takes a Swift type name"))
    }

    @Test func anUnwritableOutputExits73() throws {
        let project = try Project(Self.files)
        try project.write("blocker", "a file, not a directory\n")
        let result = try project.profile(["generate", "swift", "--output", "blocker/Out.swift"])
        #expect(result.status == 73)
        #expect(result.stderr.contains("blocker"))
    }

    /// The committed generated files (the example app's, the trait tests') are what the generator writes from the
    /// repository's catalog today.
    @Test(arguments: [
        "Sources/countries/Generated/Profile+Generated.swift", "Tests/ProfileTestingTests/Profile+Generated.swift",
    ])
    func theCommittedGeneratedFilesAreCurrent(path: String) throws {
        let root = CLI.repositoryRoot
        let result = try CLI.profile([
            "generate", "swift", "--profiles-dir", root.appendingPathComponent("profiles").path,
            "--output", root.appendingPathComponent(path).path, "--check",
        ])
        #expect(result.status == 0, "regenerate \(path): \(result.stderr)")
    }
}

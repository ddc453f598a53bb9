import Foundation
import TestSupport
import Testing

/// `profile generate json-schema`, checked by a real validator: the `jsonschema` package (draft 2020-12) through
/// `Scripts/check-profile-schema.py`, over the repository's profiles (which it must accept) and the corpus's cases
/// (the valid ones accepted, those whose files have the wrong structure rejected).
@Suite(.timeLimit(.minutes(20))) struct JSONSchemaTests {
    /// Whether python3 has `jsonschema` and `yaml` (CI installs them; `PROFILE_REQUIRE_SHELLS=1` makes their absence
    /// a failure rather than a skip, as for the completion tests' shells).
    static let validatorAvailable = Tools.available("jsonschema", "yaml")
    /// The validator's python3, as the user's PATH finds it (a pyenv version, a virtual environment): one interpreter
    /// for each test that asks at the same time, which imports `jsonschema` once (`PythonServers`).
    static let python = Tools.pythonServers()
    static let required = Tools.required
    static let corpus = CLI.repositoryRoot.appendingPathComponent("Tests/ProfileCLITests/Fixtures/Corpus").path

    /// Cases whose profiles `profile` accepts (an empty `.local` overlay aside: the schema is a profile's).
    static let valid = [
        "000-control-valid-profile-launches", "030-bom-is-accepted", "094-overlay-commented-out-is-accepted",
        "123-interpolation-lazy-required-not-evaluated", "137-no-arguments-without-arguments-launches",
    ]
    /// Cases with a file of the wrong structure: unknown keys, wrong types, bad names, not a mapping; with a catalog,
    /// an undeclared flag and a value out of range. (Not here: what JSON cannot hold, a list as a key in 058, and
    /// what YAML loaders make the same, `'no'` and `no`, in 136.)
    static let invalid = [
        "039-crlf-line-endings", "042-file-is-a-list", "043-file-is-a-scalar", "056-wrong-types-top-level",
        "057-wrong-types-nulls-and-quoted-booleans", "059-wrong-types-arguments", "060-wrong-types-flags",
        "061-wrong-types-mocks", "062-wrong-types-values", "063-unknown-keys-suggest-near-misses",
        "064-unknown-keys-suggest-synonyms", "065-unknown-key-in-arguments-item", "066-bad-profile-names-in-extends",
        "101-profile-checked-against-catalog", "102-value-out-of-catalog-range", "120-caret-after-combining-marks",
    ]

    /// Generates the schema of `profilesDirectory` and validates its profile files (not the catalog, not `.local`
    /// overlays) with it; returns the validator's status and output.
    func validate(_ profilesDirectory: String) throws -> (status: Int32, output: String) {
        let work = try TemporaryDirectory(prefix: "profile-schema")
        let schema = work.path("profile.schema.json")
        let generated = try CLI.profile([
            "generate", "json-schema", "--profiles-dir", profilesDirectory, "--output", schema,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: profilesDirectory).filter {
            ($0.hasSuffix(".yml") || $0.hasSuffix(".yaml")) && !$0.hasPrefix("_") && !$0.contains(".local.")
        }.sorted().map { profilesDirectory + "/" + $0 }
        #expect(!files.isEmpty)
        let script = CLI.repositoryRoot.appendingPathComponent("Scripts/check-profile-schema.py").path
        let result = try Self.python.run([script, schema] + files)
        return (result.status, result.stdout + result.stderr)
    }

    @Test(.enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"))
    func theRepositorysProfilesAreValid() throws {
        for directory in ["profiles", "Tests/Consumer/profiles"] {
            let result = try validate(CLI.repositoryRoot.appendingPathComponent(directory).path)
            #expect(result.status == 0, "\(directory): \(result.output)")
        }
    }

    @Test(.enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"), arguments: valid)
    func validCorpusCasesAreValid(_ name: String) throws {
        let result = try validate(Self.corpus + "/" + name + "/profiles")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"), arguments: invalid)
    func wrongStructureIsRejected(_ name: String) throws {
        let result = try validate(Self.corpus + "/" + name + "/profiles")
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("invalid "))
    }

    @Test func theCatalogRefinesTheSchema() throws {
        let project = try Project([
            "profiles/_catalog.yml": """
            flags: {fast: Go fast}
            mocks: {net: {description: The network, variants: {live: Real, stub: Canned}}}
            values: {http.timeout: {type: double, minimum: 0.5}, theme: {type: enum, cases: [light, dark]}}
            """,
            "profiles/p.yml": "flags: [fast]\n",
        ])
        let result = try project.profile(["generate", "json-schema"])
        #expect(result.status == 0, "\(result.stderr)")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let properties = try #require(schema["properties"] as? [String: Any])
        let mocks = try #require((properties["mocks"] as? [String: Any])?["properties"] as? [String: Any])
        let net = try #require(mocks["net"] as? [String: Any])
        #expect(net["enum"] as? [String] == ["live", "stub"])
        #expect((net["description"] as? String)?.contains("`stub`: Canned") == true)
        let values = try #require((properties["values"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(values.keys) == ["http.timeout", "theme", "http"])

        // Like generate swift: --check compares with the file, and names the command when it is stale.
        #expect(try project.profile(["generate", "json-schema", "--output", "profile.schema.json"]).status == 0)
        #expect(
            try project.profile(["generate", "json-schema", "--output", "profile.schema.json", "--check"]).status == 0)
        try project.write("profiles/_catalog.yml", "flags: {slow: Go slow}\n")
        let stale = try project.profile(["generate", "json-schema", "--output", "profile.schema.json", "--check"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("run `profile generate json-schema --output profile.schema.json`"))
    }

    /// `profile init` writes the schema of its catalog, which its profiles name on their first line, and which is
    /// current; the validator accepts the scaffolded profiles.
    @Test(.enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"))
    func initWritesTheSchemaItsProfilesName() throws {
        let project = try Project([:])
        #expect(try project.profile(["init"]).status == 0)
        let example = try String(contentsOfFile: project.path("profiles/example.yml"), encoding: .utf8)
        #expect(example.hasPrefix("# yaml-language-server: $schema=profile.schema.json\n"))
        let check = try project.profile([
            "generate", "json-schema", "--output", "profiles/profile.schema.json", "--check",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        let result = try validate(project.path("profiles"))
        #expect(result.status == 0, "\(result.output)")
    }

    /// `profile lint` checks that the schema beside the profiles is current, like `generate --check`.
    @Test func lintFindsAStaleSchema() throws {
        let project = try Project([:])
        #expect(try project.profile(["init"]).status == 0)
        #expect(try project.profile(["lint"]).status == 0)
        let catalog = try String(contentsOfFile: project.path("profiles/_catalog.yml"), encoding: .utf8)
        try project.write("profiles/_catalog.yml", catalog + "\n# a comment changes nothing\n")
        #expect(try project.profile(["lint"]).status == 0)
        try project.write(
            "profiles/_catalog.yml", catalog.replacingOccurrences(of: "flags:\n", with: "flags:\n  fresh: New\n"))
        // A warning at the file, with the command: `lint` passes, `lint --strict` (CI) fails.
        let warning =
            "profiles/profile.schema.json: warning: out of date (the catalog changed): run `profile generate "
            + "json-schema --output profiles/profile.schema.json`\n"
        let stale = try project.profile(["lint"])
        #expect(stale.status == 0)
        #expect(stale.stderr == warning)
        let strict = try project.profile(["lint", "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr == warning)
        #expect(
            try project.profile(["generate", "json-schema", "--output", "profiles/profile.schema.json"]).status == 0)
        #expect(try project.profile(["lint"]).status == 0)
    }

    // MARK: - The catalog's own schema

    /// Corpus cases whose catalog `profile` reads without a problem (their profiles may have some).
    static let validCatalogs = [
        "101-profile-checked-against-catalog", "102-value-out-of-catalog-range", "103-mock-without-equals",
        "104-unknown-flag-with-catalog", "105-override-values-checked-against-catalog",
        "150-secret-from-environment-in-catalog-error", "151-catalog-secret-wrong-type-in-overlay",
        "153-catalog-secret-override-wrong-type", "195-catalog-declaration-shapes",
    ]
    /// Corpus cases whose catalog has the wrong structure: unknown keys, wrong types, bad names, no variants, no type,
    /// not a mapping, `cases` or bounds where they don't belong. (Not here: what JSON cannot hold or a schema cannot
    /// compare: duplicate keys in 054, keys that collide across sections in 129, a default that is not one of its
    /// variants or cases (in 098, beside errors the schema finds); what YAML loaders do not read alike: the syntax
    /// error of 099, the tags and 64-bit range of 171; a catalog that is not a regular file, 156.)
    static let invalidCatalogs = [
        "098-catalog-declaration-errors", "100-catalog-is-a-list", "180-catalog-swift-name-not-a-type-name",
        "196-catalog-fields-out-of-place",
    ]

    /// Writes `profile generate catalog-schema` and validates the catalogs at `paths` with it.
    func validateCatalogs(_ paths: [String]) throws -> (status: Int32, output: String) {
        let work = try TemporaryDirectory(prefix: "profile-catalog-schema")
        let schema = work.path("catalog.schema.json")
        let generated = try CLI.profile(["generate", "catalog-schema", "--output", schema])
        #expect(generated.status == 0, "\(generated.stderr)")
        let script = CLI.repositoryRoot.appendingPathComponent("Scripts/check-profile-schema.py").path
        let result = try Self.python.run([script, schema] + paths)
        return (result.status, result.stdout + result.stderr)
    }

    @Test(.enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"))
    func theRepositorysCatalogsAreValid() throws {
        let paths = ["profiles/_catalog.yml", "Tests/Consumer/profiles/_catalog.yml"].map {
            CLI.repositoryRoot.appendingPathComponent($0).path
        }
        let result = try validateCatalogs(paths)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(
        .enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"),
        arguments: validCatalogs)
    func validCorpusCatalogsAreValid(_ name: String) throws {
        // The catalog is valid as `profile` reads it: no diagnostic names it.
        let directory = Self.corpus + "/" + name + "/profiles"
        let lint = try CLI.profile(["lint", "--profiles-dir", directory])
        #expect(!lint.stderr.contains("_catalog.yml:"), "\(lint.stderr)")
        let result = try validateCatalogs([directory + "/_catalog.yml"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(
        .enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"),
        arguments: invalidCatalogs)
    func catalogsOfTheWrongStructureAreRejected(_ name: String) throws {
        let result = try validateCatalogs([Self.corpus + "/" + name + "/profiles/_catalog.yml"])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("invalid "))
    }

    /// Every problem of case 196 is found by the schema, each at its place.
    @Test(.enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"))
    func everyMisplacedFieldIsFound() throws {
        let result = try validateCatalogs([Self.corpus + "/196-catalog-fields-out-of-place/profiles/_catalog.yml"])
        for place in [
            "values/count", "values/name", "values/level", "values/ratio/default", "mocks/net", "mocks/bad",
            "flags/fast",
        ] {
            #expect(result.output.contains("(at \(place))"), "\(place): \(result.output)")
        }
    }

    /// `profile init` writes the catalog's schema, which the scaffolded catalog names on its first line; the validator
    /// accepts that catalog; `lint` reports the file when it is not what this `profile` writes.
    @Test(.enabled(if: validatorAvailable || required, "needs python3 with jsonschema and pyyaml"))
    func initWritesTheCatalogSchema() throws {
        let project = try Project([:])
        #expect(try project.profile(["init"]).status == 0)
        let catalog = try String(contentsOfFile: project.path("profiles/_catalog.yml"), encoding: .utf8)
        #expect(catalog.hasPrefix("# yaml-language-server: $schema=catalog.schema.json\n"))
        let check = try project.profile([
            "generate", "catalog-schema", "--output", "profiles/catalog.schema.json", "--check",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        let result = try validateCatalogs([project.path("profiles/_catalog.yml")])
        #expect(result.status == 0, "\(result.output)")

        try project.write("profiles/catalog.schema.json", "{}\n")
        let warning =
            "profiles/catalog.schema.json: warning: out of date (written by another version of `profile`): run "
            + "`profile generate catalog-schema --output profiles/catalog.schema.json`\n"
        let stale = try project.profile(["lint"])
        #expect(stale.status == 0)
        #expect(stale.stderr == warning)
        let strict = try project.profile(["lint", "--strict", "--format", "github"])
        #expect(strict.status == 1)
        #expect(strict.stdout == "::warning file=profiles/catalog.schema.json::" + warning.dropFirst(39))
        #expect(
            try project.profile(["generate", "catalog-schema", "--output", "profiles/catalog.schema.json"]).status == 0)
        #expect(try project.profile(["lint"]).status == 0)
    }

    @Test func withoutACatalogTheFormatAlone() throws {
        let project = try Project(["profiles/p.yml": "flags: [fast]\n"])
        let result = try project.profile(["generate", "json-schema"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""additionalProperties": false"#))
        #expect(!result.stdout.contains("checked against the catalog"))
    }
}

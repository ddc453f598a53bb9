import ProfilePlatform

/// What `profile init` writes: a commented example profile, an abstract base, the catalog, and the `.gitignore`
/// rule that keeps personal `.local` overlays out of the repository.
package enum Scaffold {
    /// The lines `.gitignore` needs for overlays.
    package static let gitignoreRules = ["profiles/*.local.yml", "profiles/*.local.yaml"]

    /// The files to create, relative to the project directory, in order.
    package static let files: [(path: String, text: String)] = [
        ("profiles/_catalog.yml", catalog),
        ("profiles/base.yml", base),
        ("profiles/example.yml", example),
    ]

    /// The `.gitignore` text with the overlay rules added (unchanged when they are there already).
    package static func gitignore(adding existing: String?) -> String? {
        let lines = (existing ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let missing = gitignoreRules.filter { rule in !lines.contains { $0.trimmingSpacesOnly() == rule } }
        if missing.isEmpty { return nil }
        var text = existing ?? ""
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += "# Personal profile overlays (profile init)\n" + missing.joined(separator: "\n") + "\n"
        return text
    }

    static let catalog = """
        # yaml-language-server: $schema=catalog.schema.json
        # The catalog: every flag, mock point and value your app reads, declared once.
        # `profile lint` checks every profile against it; `profile generate swift` turns it into typed Swift.

        flags:
          # A flag is on or off. The shorthand is its description.
          skipOnboarding: Start on the main screen instead of the onboarding screens

        mocks:
          # A mock point selects one variant: the real dependency or a fake one.
          backend:
            description: Where the app's data comes from
            variants:
              live: The real API
              local-mock: Canned data bundled with the app, no network
            default: live

        values:
          # A value is typed: string, int, double, bool, url or enum (with `cases`).
          pageSize:
            type: int
            description: Items per page
            default: 20
            minimum: 1
          apiBaseURL:
            type: url
            description: Base URL of the API
            default: https://api.example.com

        env:
          # Environment variables worth documenting; `secret: true` hides their values in `profile show`.
          API_TOKEN:
            description: Token for the API, taken from your shell, never committed
            secret: true

        """

    /// The JSON Schema `profile init` writes beside the profiles (`profile generate json-schema`), which the first
    /// line of each scaffolded profile names for yaml-language-server editors.
    package static let schemaPath = "profiles/" + ProfileSchema.fileName
    /// The JSON Schema of the catalog file (`profile generate catalog-schema`), which the scaffolded catalog's first
    /// line names.
    package static let catalogSchemaPath = "profiles/" + CatalogSchema.fileName

    static let base = """
        # yaml-language-server: $schema=profile.schema.json
        # An abstract profile: others extend it; it is hidden from `profile list` and cannot be run itself.
        description: Settings every launch shares
        abstract: true

        env:
          # Values are taken exactly as written (`yes`, `0777` stay text); `null` unsets a variable.
          LOG_LEVEL: info

        mocks:
          backend: live

        values:
          pageSize: 20

        """

    static let example = """
        # yaml-language-server: $schema=profile.schema.json
        # A profile: `profile run example -- ./your-app` launches your app with it.
        # Personal tweaks go in `example.local.yml` beside it (git-ignored), applied on top.
        description: An example profile — copy it for `uitest`, `offline`, `demo`...
        extends: base

        env:
          LOG_LEVEL: debug
          # `${VAR}` reads the environment built so far; `${VAR:-default}` has a fallback; `$$` is a literal `$`.
          API_URL: ${API_BASE_URL:-http://localhost:8080}

        arguments:
          # Appended to the command, in this order. A group travels (and is dropped or replaced) together.
          - -UITests
          - [-AppleLanguages, (en)]

        flags:
          skipOnboarding: true

        mocks:
          backend: local-mock

        values:
          pageSize: 5

        """
}

import ProfileRuntime

/// Everything the app reads from its profile, read once at start from `ActiveProfile.current`: whatever launched the
/// app (`profile run uitest -- countries`, its own arguments), the profile baked into the build (`-DDEMO`), or, in its
/// unit tests, the scope of a test's `.profile(…)` trait.
struct AppConfiguration: Equatable {
    /// The applied profiles, as the first line prints them (`uitest`, `demo + uitest`, `none`).
    var profiles: String
    /// The line printed when the app starts.
    var greeting: String
    /// The seeds' bare `-UITests`: alone, it selects the bundled data.
    var uiTests: Bool
    /// Where the countries come from.
    var datasource: CountriesDatasourceMock
    /// Countries per page.
    var pageSize: Int
    /// Seconds before a request gives up.
    var requestTimeout: Double
    /// Start on the list, without the onboarding screens.
    var skipOnboarding: Bool
    /// Keep settings in memory.
    var inMemorySettings: Bool
}

extension AppConfiguration {
    /// Reads `profile`.
    /// - Throws: `ProfileRuntimeError` for an unknown datasource variant or a broken payload.
    init(_ profile: ActiveProfile = .current) throws(ProfileRuntimeError) {
        profiles = profile.profiles.isEmpty ? "none" : profile.profiles.joined(separator: " + ")
        greeting = profile.value(ProfileValues.greeting)
        // The seeds' bare `-UITests`, on the command line or among a profile's arguments (profiles/uitest.yml): a
        // launch argument the app reads by its key, which the catalog does not declare (it would then be a flag, and
        // a profile adding the argument beside it would be linted as shadowing it). Alone, it switches the app to its
        // bundled data, as the first seed article's `-UITests` switches to the mock network client; a datasource
        // chosen explicitly (`--countries-datasource live`, a profile's mock) still wins.
        uiTests = profile.isEnabled("UITests")
        datasource =
            uiTests
            ? try profile.variant(of: CountriesDatasourceMock.self, default: .localMock)
            : try profile.variant(of: CountriesDatasourceMock.self)
        pageSize = profile.value(ProfileValues.pageSize)
        requestTimeout = profile.value(ProfileValues.requestTimeout)
        skipOnboarding = profile.isEnabled(ProfileFlags.skipOnboarding)
        inMemorySettings = profile.isEnabled(ProfileFlags.inMemorySettings)
    }
}

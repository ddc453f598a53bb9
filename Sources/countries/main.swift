// Countries: the example app of `profile`. It reads everything through the runtime library and the code that
// `profile generate swift` wrote from profiles/_catalog.yml (Generated/Profile+Generated.swift):
//
//     profile run uitest -- countries        # bundled data, no onboarding, settings in memory
//     countries --countries-datasource local-mock -UITests -skipOnboarding YES --page-size=3
//     countries -UITests                     # the seed's flag alone: bundled data too
//
// It reads its datasource the way the seed articles' apps do, `--countries-datasource local-mock`: the mock point
// `countries.datasource` (the runtime maps `--countries-datasource`, `-countries.datasource` and a profile's
// `countries.datasource:` to one key), as the generated enum `CountriesDatasourceMock`. And their bare `-UITests`,
// which alone selects the bundled data, as the first seed article's app selects its mock network client.
import ProfileRuntime

let profile = ActiveProfile.current
do {
    // The seeds' bare `-UITests`, on the command line or among a profile's arguments (profiles/uitest.yml): a launch
    // argument the app reads by its key, which the catalog does not declare (it would then be a flag, and a profile
    // adding the argument beside it would be linted as shadowing it). Alone, it switches the app to its bundled data,
    // as the first seed article's `-UITests` switches to the mock network client; a datasource chosen explicitly
    // (`--countries-datasource live`, a profile's mock) still wins.
    let uiTests = profile.isEnabled("UITests")
    let source =
        uiTests
        ? try profile.variant(of: CountriesDatasourceMock.self, default: .localMock)
        : try profile.variant(of: CountriesDatasourceMock.self)
    let pageSize = profile.value(ProfileValues.pageSize)
    guard pageSize >= 1 else {
        fail("countries: pageSize must be at least 1, not \(pageSize)", status: 64)
    }
    let timeout = profile.value(ProfileValues.requestTimeout)
    guard timeout.isFinite, timeout > 0 else {
        fail("countries: requestTimeout must be a positive number of seconds, not \(timeout)", status: 64)
    }

    print("profile: \(profile.profiles.isEmpty ? "none" : profile.profiles.joined(separator: " + "))")
    print(profile.value(ProfileValues.greeting))
    if uiTests { print("ui tests: animations off") }
    if !profile.isEnabled(ProfileFlags.skipOnboarding) { Onboarding.show() }
    let settings = Settings(inMemory: profile.isEnabled(ProfileFlags.inMemorySettings))
    print("settings: \(settings.save(["pageSize": String(pageSize)]))")

    let datasource = makeDatasource(source, timeout: timeout)
    let countries = try datasource.countries()
    print("countries from \(source.rawValue) (\(min(pageSize, countries.count)) of \(countries.count)):")
    for country in countries.prefix(pageSize) {
        print("  \(country.name) — \(country.capital)")
    }
} catch let error as ProfileRuntimeError {
    fail("countries: \(error)", status: 64)
} catch let error as DatasourceError {
    fail("countries: \(error.message)", status: 69)
}

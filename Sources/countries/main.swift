// Countries: the example app of `profile`. It reads everything through the runtime library and the code that
// `profile generate swift` wrote from profiles/_catalog.yml (Generated/Profile+Generated.swift):
//
//     profile run uitest -- countries        # bundled data, no onboarding, settings in memory
//     countries --countries-datasource local-mock -UITests -skipOnboarding YES --page-size=3
//     countries -UITests                     # the seed's flag alone: bundled data too
//     swift build --product countries -Xswiftc -DDEMO    # a build with `demo` baked in (AppConfiguration.swift)
//
// It reads its datasource the way the seed articles' apps do, `--countries-datasource local-mock`: the mock point
// `countries.datasource` (the runtime maps `--countries-datasource`, `-countries.datasource` and a profile's
// `countries.datasource:` to one key), as the generated enum `CountriesDatasourceMock`. And their bare `-UITests`,
// which alone selects the bundled data, as the first seed article's app selects its mock network client.
import ProfileRuntime

// A baked build: `swift build --product countries -Xswiftc -DDEMO` runs as `demo` when nothing launches it with a
// profile, and as what `profile run` passes when something does (the launch wins key by key).
#if DEMO
ActiveProfile.bake(LaunchProfiles.demo)
#endif

do {
    let configuration = try AppConfiguration()
    let source = configuration.datasource
    let pageSize = configuration.pageSize
    guard pageSize >= 1 else {
        fail("countries: pageSize must be at least 1, not \(pageSize)", status: 64)
    }
    let timeout = configuration.requestTimeout
    guard timeout.isFinite, timeout > 0 else {
        fail("countries: requestTimeout must be a positive number of seconds, not \(timeout)", status: 64)
    }

    print("profile: \(configuration.profiles)")
    print(configuration.greeting)
    if configuration.uiTests { print("ui tests: animations off") }
    if !configuration.skipOnboarding { Onboarding.show() }
    let settings = Settings(inMemory: configuration.inMemorySettings)
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

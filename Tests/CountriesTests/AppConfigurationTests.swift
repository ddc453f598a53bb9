import ProfileRuntime
import ProfileTesting
import Testing

@testable import countries

/// The example app's unit tests: what it reads under each profile, two profiles in parallel in one process, through
/// the same generated `LaunchProfiles` its UI tests and `profile run` use. No process is launched and the environment
/// is not touched.
@Suite(.profile(LaunchProfiles.uitest))
struct UITestConfigurationTests {
    static let expected = AppConfiguration(
        profiles: "uitest", greeting: "Welcome to Countries", uiTests: true, datasource: .localMock, pageSize: 5,
        requestTimeout: 2.5, skipOnboarding: true, inMemorySettings: true)

    @Test(arguments: 0..<10)
    func readsTheUITestProfile(round: Int) throws {
        #expect(try AppConfiguration() == Self.expected)
    }

    @Test(
        .profile(LaunchProfiles.uitest.setting(ProfileValues.pageSize, to: 3).selecting(CountriesDatasourceMock.live)))
    func oneTestChangesItsProfile() throws {
        var expected = Self.expected
        expected.pageSize = 3
        expected.datasource = .live
        #expect(try AppConfiguration() == expected)
    }
}

@Suite(.profile(LaunchProfiles.offline))
struct OfflineConfigurationTests {
    static let expected = AppConfiguration(
        profiles: "offline", greeting: "Welcome to Countries", uiTests: false, datasource: .localMock,
        pageSize: 20, requestTimeout: 0.5, skipOnboarding: false, inMemorySettings: false)

    @Test(arguments: 0..<10)
    func readsTheOfflineProfile(round: Int) throws {
        #expect(try AppConfiguration() == Self.expected)
    }

    @Test func anUnknownVariantIsAnErrorNamingIt() {
        ActiveProfile.withProfile(LaunchProfiles.offline.selecting("satellite", for: CountriesDatasourceMock.mockKey)) {
            #expect(throws: ProfileRuntimeError.self) { try AppConfiguration() }
        }
    }
}

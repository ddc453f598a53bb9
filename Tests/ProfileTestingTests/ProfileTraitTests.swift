import ProfileRuntime
import ProfileTesting
import Testing

@Suite(.profile(LaunchProfiles.uitest))
struct ProfileTraitTests {
    @Test func aSuiteTraitReachesItsTests() {
        #expect(ActiveProfile.current.profiles == ["uitest"])
        #expect(ActiveProfile.current.launchConfiguration == LaunchProfiles.uitest)
        #expect(ActiveProfile.current.source(of: ProfileValues.pageSize).description == "scope (uitest)")
    }

    @Test(.profile(LaunchProfiles.offline.enabling(ProfileFlags.skipOnboarding)))
    func aTestsOwnTraitWinsOverItsSuites() {
        let profile = ActiveProfile.current
        #expect(profile.profiles == ["offline"])
        #expect(profile.isEnabled(ProfileFlags.skipOnboarding))
        #expect(profile.value(ProfileValues.requestTimeout) == 0.5)
    }

    @Suite struct Nested {
        @Test func aNestedSuiteInheritsIt() {
            #expect(ActiveProfile.current.profiles == ["uitest"])
            #expect(ActiveProfile.current.value(ProfileValues.pageSize) == 5)
        }
    }

    @Test(arguments: [LaunchProfiles.demo, LaunchProfiles.offline])
    func aScopeInsideATestWins(configuration: LaunchConfiguration) {
        ActiveProfile.withProfile(configuration) {
            #expect(ActiveProfile.current.launchConfiguration == configuration)
        }
        #expect(ActiveProfile.current.profiles == ["uitest"])
    }

    @Test func aConfigurationThatDoesNotParseFailsTheTestNamingIt() async throws {
        let broken = LaunchConfiguration(
            name: "offline", launchArguments: [],
            launchEnvironment: ["PROFILE_PAYLOAD": "profile/1;flag.skipOnboarding=1"])
        let trait = ProfileTrait.profile(broken)
        let test = try #require(Test.current)
        let error = await #expect(throws: ProfileRuntimeError.self) {
            try await trait.provideScope(for: test, testCase: nil) { Issue.record("the test ran") }
        }
        #expect(error?.kind == .truncatedPayload)
        #expect(
            error?.message == "the scope profile \"offline\" cannot be read: truncated payload: PROFILE_PAYLOAD does "
                + "not end with \";end\" (31 bytes, ending \"skipOnboarding=1\")")
    }
}

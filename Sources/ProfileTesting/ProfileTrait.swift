#if canImport(Testing)
@_exported import ProfileRuntime
import Testing

/// A Swift Testing trait that runs a test, or every test of a suite, with a profile as `ActiveProfile.current`:
///
/// ```swift
/// import ProfileTesting
/// import Testing
///
/// @Suite(.profile(LaunchProfiles.uitest)) struct CountryListTests {
///     @Test func showsFivePerPage() {
///         #expect(ActiveProfile.current.value(ProfileValues.pageSize) == 5)
///     }
///
///     @Test(.profile(LaunchProfiles.offline.enabling(ProfileFlags.skipOnboarding)))
///     func offlineWithoutOnboarding() { ... }
/// }
/// ```
///
/// The profile is a scope (`ActiveProfile.withProfile(_:operation:)`), a task local: tests that run in parallel in one
/// process each read their own profile, and the process environment is never touched. On a suite, the trait applies
/// to every test and test case inside it (recursively); a test's own `.profile(…)` wins over its suite's. A
/// parameterised test gets the scope around each of its cases.
///
/// A configuration whose `PROFILE_PAYLOAD` does not parse fails the test before it runs, with an error naming the
/// profile.
public struct ProfileTrait: TestTrait, SuiteTrait, TestScoping {
    /// The profile the test runs with.
    public let configuration: LaunchConfiguration

    /// Every test inside a suite runs with the profile.
    public var isRecursive: Bool { true }

    /// Runs `function` inside a scope with ``configuration``.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ActiveProfile.withProfile(configuration) {
            try ActiveProfile.current.validate()
            try await function()
        }
    }
}

extension Trait where Self == ProfileTrait {
    /// Runs the test, or every test of the suite, with `configuration` as `ActiveProfile.current`: a generated
    /// `LaunchProfiles.<name>`, changed for one test with its typed overrides
    /// (`LaunchProfiles.offline.enabling(ProfileFlags.skipOnboarding)`).
    public static func profile(_ configuration: LaunchConfiguration) -> Self {
        ProfileTrait(configuration: configuration)
    }
}
#endif

/// What a process launched with a profile receives, as a value a UI test can assign to the app it launches:
///
/// ```swift
/// let app = XCUIApplication()
/// app.launchArguments = LaunchProfiles.uitest.launchArguments
/// app.launchEnvironment = LaunchProfiles.uitest.launchEnvironment
/// app.launch()
/// ```
///
/// `profile generate swift` writes one per runnable profile (in `enum LaunchProfiles`); a process that was itself
/// launched with a profile can hand it on with ``ActiveProfile/launchConfiguration``.
public struct LaunchConfiguration: Sendable, Equatable {
    /// The profile's name (`uitest`), or the applied profiles joined by `+` (`uitest+dark`).
    public let name: String
    /// The launch arguments: the profile's arguments, then its flags, mocks and values in `-key value` form.
    public let launchArguments: [String]
    /// The environment variables the profile sets, plus `PROFILE_PAYLOAD` carrying its typed layer.
    public let launchEnvironment: [String: String]

    /// A configuration with these parts.
    public init(name: String, launchArguments: [String], launchEnvironment: [String: String]) {
        self.name = name
        self.launchArguments = launchArguments
        self.launchEnvironment = launchEnvironment
    }
}

extension ActiveProfile {
    /// This process's profile, ready to hand on to a process it launches: ``profiles`` joined by `+`,
    /// ``launchArguments`` and ``launchEnvironment`` (all empty when this process has no readable payload).
    ///
    /// Inside a scope or a preview, the configuration it was made from, as it was given.
    public var launchConfiguration: LaunchConfiguration {
        if let configuration { return configuration }
        return LaunchConfiguration(
            name: profiles.joined(separator: "+"),
            launchArguments: launchArguments,
            launchEnvironment: launchEnvironment
        )
    }
}

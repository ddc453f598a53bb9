import ProfilePlatform
import ProfileRuntime

/// What `profile run` would execute for a resolved profile and a command, without executing it
/// (`profile run --dry-run`): the file the command resolves to, the argv and the changes to the environment.
///
/// Shown as `show` shows a profile, through ``Redaction``: values taken from the invoking environment or built from a
/// secret as their reference (`${API_TOKEN}`), catalog secrets as `<secret>`, an outer profile's values as `<outer>`
/// (in the payload too), unless `reveal`.
package struct LaunchPlan: Sendable {
    /// The profiles applied, the outer ones first.
    package var profiles: [String]
    /// The file `exec` would run (a `PATH` lookup in the child's environment), or why there is none.
    package var executable: Result<String, Launcher.Failure>
    /// The child's argv, each argument as shown.
    package var argv: [String]
    /// Whether the profile's arguments are appended to argv (false too when a tool's delivery leaves them to the
    /// payload: `xcodebuild test`).
    package var appendsArguments: Bool
    /// How the profile reaches the program under the command (`xcodebuild test`, `simctl launch`, `--prefix`).
    package var delivery: Delivery
    /// The environment changes in the order applied (a nil value unsets), `PROFILE_PAYLOAD` (and `PROFILE_ACTIVE`
    /// inside `profile shell`) last, each value as shown.
    package var environment: [(name: String, value: String?)]

    /// The plan of `command` launched with `profile`.
    package init(_ profile: ResolvedProfile, command: [String], reveal: Bool) {
        profiles = profile.allNames
        appendsArguments = profile.appendsArguments && profile.delivery.arguments != .payloadOnly
        delivery = profile.delivery
        let childEnvironment = profile.childEnvironment
        executable = Launcher.lookup(command.first ?? "", environment: childEnvironment)
        let redaction = Redaction(reveal: reveal)
        argv = redaction.argv(profile, command: command)
        // The list `run` launches with (``ResolvedProfile/childEnvironment``), as `redaction` shows it.
        environment = profile.launchChanges(
            payload: WireFormat.encode(redaction.payload(profile)), exact: redaction.reveal)
    }
}

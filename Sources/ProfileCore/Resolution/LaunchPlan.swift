import ProfileRuntime

/// What `profile run` would execute for a resolved profile and a command, without executing it
/// (`profile run --dry-run`): the file the command resolves to, the argv and the changes to the environment.
///
/// Shown as `show` shows a profile: values taken from the invoking environment as their reference (`${API_TOKEN}`),
/// catalog secrets as `<secret>`, an outer profile's values as `<outer>` (in the payload too), unless `reveal`.
public struct LaunchPlan: Sendable {
    /// The profiles applied, the outer ones first.
    public var profiles: [String]
    /// The file `exec` would run (a `PATH` lookup in the child's environment), or why there is none.
    public var executable: Result<String, Launcher.Failure>
    /// The child's argv, each argument as shown.
    public var argv: [String]
    /// Whether the profile's arguments are appended to argv (false too when a tool's delivery leaves them to the
    /// payload: `xcodebuild test`).
    public var appendsArguments: Bool
    /// How the profile reaches the program under the command (`xcodebuild test`, `simctl launch`, `--prefix`).
    public var delivery: Delivery
    /// The environment changes in the order applied (a nil value unsets), `PROFILE_PAYLOAD` (and `PROFILE_ACTIVE`
    /// inside `profile shell`) last, each value as shown.
    public var environment: [(name: String, value: String?)]

    /// The plan of `command` launched with `profile`.
    public init(_ profile: ResolvedProfile, command: [String], reveal: Bool) {
        profiles = profile.allNames
        appendsArguments = profile.appendsArguments && profile.delivery.arguments != .payloadOnly
        delivery = profile.delivery
        let childEnvironment = profile.childEnvironment
        executable = Launcher.lookup(command.first ?? "", environment: childEnvironment)
        if reveal {
            argv = profile.argv(command: command)
        } else {
            var shown = profile
            for index in shown.arguments.indices where shown.arguments[index].usesInvokingEnvironment {
                shown.arguments[index].value = shown.arguments[index].display
            }
            argv = shown.argv(command: command)
        }
        var payload = profile.payload
        if !reveal {
            payload.arguments = profile.arguments.map { $0.usesInvokingEnvironment ? $0.display : $0.value }
            for value in profile.values where value.isSecret { payload.values[value.key] = value.display }
        }
        var changes: [(name: String, value: String?)] = []
        for change in profile.environment {
            if let value = change.value {
                changes.append((change.name, reveal ? value : (change.display ?? value)))
            } else {
                changes.append((change.name, nil))
            }
        }
        changes.append((WireFormat.environmentVariable, WireFormat.encode(payload)))
        changes = profile.delivered(changes)
        if let active = childEnvironment[ReservedEnvironment.active],
            profile.invokingValue(ReservedEnvironment.active) != active
        {
            changes.append((ReservedEnvironment.active, active))
        }
        environment = changes
    }
}

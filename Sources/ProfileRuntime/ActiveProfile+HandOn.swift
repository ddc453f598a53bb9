/// Handing the active profile on to a process this one launches, typically a UI test forwarding it to the app under
/// test:
///
/// ```swift
/// let app = XCUIApplication()
/// app.launchArguments = ActiveProfile.current.launchArguments
/// app.launchEnvironment = ActiveProfile.current.launchEnvironment
/// ```
extension ActiveProfile {
    /// The payload as received in `PROFILE_PAYLOAD` (empty when there is none or it is broken).
    public var payload: ProfilePayload {
        guard let payloadText else { return ProfilePayload() }
        return (try? WireFormat.decode(payloadText)) ?? ProfilePayload()
    }

    /// The payload with this process's launch-argument overrides merged in: a launch argument whose key matches
    /// one of the payload's flags, mocks or values replaces that entry's value (a bare `-flag` switches a flag on;
    /// an override that is not a boolean leaves a flag as it is). Launch arguments for keys the payload does not
    /// contain are not added: a test runner's argv carries options of its own.
    public var effectivePayload: ProfilePayload {
        var merged = payload
        for key in merged.flags.keys {
            if let entry = table[ProfileKey.canonical(key)], entry.argumentToken >= 0,
                let isOn = Self.convertBool(entry.argumentText)
            {
                merged.flags[key] = isOn
            }
        }
        for key in merged.mocks.keys {
            if let entry = table[ProfileKey.canonical(key)], entry.argumentToken >= 0, let text = entry.argumentText {
                merged.mocks[key] = text
            }
        }
        for key in merged.values.keys {
            if let entry = table[ProfileKey.canonical(key)], entry.argumentToken >= 0, let text = entry.argumentText {
                merged.values[key] = text
            }
        }
        return merged
    }

    /// Launch arguments for a launched process, ready to assign to `XCUIApplication.launchArguments`: the
    /// ``effectivePayload``'s ``ProfilePayload/launchArguments`` (the profile's arguments, then its flags, mocks and
    /// values in `-key value` form). Empty when this process has no readable payload.
    public var launchArguments: [String] {
        hasPayload ? effectivePayload.launchArguments : []
    }

    /// Environment variables for a launched process, ready to assign to `XCUIApplication.launchEnvironment`:
    /// `PROFILE_PAYLOAD` with the ``effectivePayload`` re-encoded, plus each variable the profile set (its `env=`
    /// entries) with its current value in this process (variables that are no longer set are left out). Empty when
    /// this process has no readable payload.
    public var launchEnvironment: [String: String] {
        guard hasPayload else { return [:] }
        let merged = effectivePayload
        var result: [String: String] = [:]
        for name in merged.environmentKeys {
            if let value = environment.value(name) { result[name] = value }
        }
        result[WireFormat.environmentVariable] = WireFormat.encode(merged)
        return result
    }
}

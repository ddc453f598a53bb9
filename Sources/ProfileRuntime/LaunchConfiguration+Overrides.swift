/// Per-test changes to a profile before launching, in typed form (what `app.add(mockFlag)` does in hand-written UI
/// tests):
///
/// ```swift
/// let app = XCUIApplication()
/// let configuration = LaunchProfiles.uitest.enabling(ProfileFlags.skipOnboarding)
///     .selecting(Countries.localMock).setting(ProfileValues.pageSize, to: 3)
/// app.launchArguments = configuration.launchArguments
/// app.launchEnvironment = configuration.launchEnvironment
/// app.launch()
/// ```
///
/// Each change returns a new configuration whose ``launchArguments`` and ``launchEnvironment`` agree: the flag, mock
/// or value is changed in the `PROFILE_PAYLOAD` the environment carries, and the launch arguments are rebuilt from it
/// (the profile's own arguments, then flags, mocks and values as `-key value`). Since the launched app reads launch
/// arguments before the payload, an argument of the profile's own that sets the same key (`-UITests` beside the flag
/// `UITests`, `-pageSize 5` among the arguments) is removed (with its value), so the app reads the new setting.
/// Keys are compared the way the runtime compares them (`pageSize`, `page-size` and `PAGE_SIZE` are one key), and a
/// key is one thing at a time: enabling a flag removes a value of the same key.
///
/// A configuration without a readable payload starts from an empty one: its launch arguments are kept as the
/// profile's arguments.
extension LaunchConfiguration {
    // MARK: - Flags

    /// The configuration with `flag` switched on.
    public func enabling(_ flag: FlagKey) -> LaunchConfiguration { setting(flag, to: true) }

    /// The configuration with `flag` switched off.
    public func disabling(_ flag: FlagKey) -> LaunchConfiguration { setting(flag, to: false) }

    /// The configuration with `flag` on or off.
    public func setting(_ flag: FlagKey, to isOn: Bool) -> LaunchConfiguration { settingFlag(flag.name, to: isOn) }

    /// The configuration with the flag `key` switched on.
    public func enabling(_ key: String) -> LaunchConfiguration { settingFlag(key, to: true) }

    /// The configuration with the flag `key` switched off.
    public func disabling(_ key: String) -> LaunchConfiguration { settingFlag(key, to: false) }

    /// The configuration with the flag `key` on or off.
    public func settingFlag(_ key: String, to isOn: Bool) -> LaunchConfiguration {
        changing(key) { $0.flags[key] = isOn }
    }

    // MARK: - Mocks

    /// The configuration with `variant` selected for its mock point.
    public func selecting<M: MockPoint>(_ variant: M) -> LaunchConfiguration {
        selecting(variant.rawValue, for: M.mockKey)
    }

    /// The configuration with the variant `variant` selected for the mock point `mockKey`.
    public func selecting(_ variant: String, for mockKey: String) -> LaunchConfiguration {
        changing(mockKey) { $0.mocks[mockKey] = variant }
    }

    /// The configuration with no variant selected for the mock point `M` (the app uses its default).
    public func deselecting<M: MockPoint>(_ type: M.Type) -> LaunchConfiguration { removing(M.mockKey) }

    // MARK: - Values

    /// The configuration with the value `key` set to `value` (its ``ProfileValueConvertible/profileText``).
    public func setting<V: ProfileValueConvertible>(_ key: ValueKey<V>, to value: V) -> LaunchConfiguration {
        setting(key.name, to: value.profileText)
    }

    /// The configuration with the value `key` set to `value`'s raw value.
    public func setting<V: RawRepresentable & Sendable>(_ key: ValueKey<V>, to value: V) -> LaunchConfiguration
    where V.RawValue == String {
        setting(key.name, to: value.rawValue)
    }

    /// The configuration with the value `key` set to `text` (values travel as text; the app converts on reading).
    public func setting(_ key: String, to text: String) -> LaunchConfiguration {
        changing(key) { $0.values[key] = text }
    }

    /// The configuration without the value `key` (the app reads its default).
    public func removing<V>(_ key: ValueKey<V>) -> LaunchConfiguration { removing(key.name) }

    /// The configuration without the flag `flag` (the app reads its default).
    public func removing(_ flag: FlagKey) -> LaunchConfiguration { removing(flag.name) }

    /// The configuration without any flag, mock selection or value under `key`, and without the arguments of the
    /// profile's that set it: the app reads its default.
    public func removing(_ key: String) -> LaunchConfiguration {
        changing(key) { _ in }
    }

    // MARK: - Environment

    /// The configuration with the environment variable `name` set to `value`, or removed with nil (the variable is
    /// then not set by the configuration; the launched process may still inherit it).
    public func settingEnvironment(_ name: String, to value: String?) -> LaunchConfiguration {
        guard name != WireFormat.environmentVariable else { return self }
        var environment = launchEnvironment
        var payload = decodedPayload
        environment[name] = value
        payload.environmentKeys.removeAll { $0 == name }
        if value != nil { payload.environmentKeys.append(name) }
        environment[WireFormat.environmentVariable] = WireFormat.encode(payload)
        return LaunchConfiguration(name: self.name, launchArguments: launchArguments, launchEnvironment: environment)
    }

    // MARK: - The one change

    /// The payload the environment carries, or one built from the launch arguments when there is none.
    private var decodedPayload: ProfilePayload {
        if let text = launchEnvironment[WireFormat.environmentVariable], !text.isEmpty,
            let payload = try? WireFormat.decode(text)
        {
            return payload
        }
        return ProfilePayload(arguments: launchArguments)
    }

    /// The configuration with every setting of `key` removed (typed entries of any kind, and the profile's
    /// arguments that set it), then `change` applied to the payload; launch arguments rebuilt from it.
    private func changing(_ key: String, _ change: (inout ProfilePayload) -> Void) -> LaunchConfiguration {
        var payload = decodedPayload
        // The profile's own arguments are what the launch arguments hold before the typed layer's (they are the
        // payload's `arguments` when the configuration is consistent; all of them otherwise).
        let typedTail = Array(payload.launchArguments.dropFirst(payload.arguments.count))
        var plain = launchArguments
        if plain.count >= typedTail.count, plain.suffix(typedTail.count).elementsEqual(typedTail) {
            plain.removeLast(typedTail.count)
        }
        let canonical = ProfileKey.canonical(key)
        payload.arguments = Self.removingOptions(canonical, from: plain)
        payload.flags = payload.flags.filter { ProfileKey.canonical($0.key) != canonical }
        payload.mocks = payload.mocks.filter { ProfileKey.canonical($0.key) != canonical }
        payload.values = payload.values.filter { ProfileKey.canonical($0.key) != canonical }
        change(&payload)
        var environment = launchEnvironment
        environment[WireFormat.environmentVariable] = WireFormat.encode(payload)
        return LaunchConfiguration(name: name, launchArguments: payload.launchArguments, launchEnvironment: environment)
    }

    /// `arguments` without the options that set the key `canonical` (as ``LaunchArguments`` reads them: `-key
    /// value`, bare `-key`, `--key value`, `--key=value`), each with its value.
    private static func removingOptions(_ canonical: String, from arguments: [String]) -> [String] {
        var remove = Set<Int>()
        // The runtime skips argv[0]; the arguments here follow a program path.
        LaunchArguments.parse([""] + arguments) { option in
            guard option.key == canonical else { return }
            let token = option.token - 1
            remove.insert(token)
            // The value is the next token unless the option carried it inline.
            // Bytes, not `String.contains(_: StringProtocol)`: that overload needs iOS 16, tvOS 16, watchOS 9.
            if option.text != nil, !arguments[token].utf8.contains(UInt8(ascii: "=")), token + 1 < arguments.count {
                remove.insert(token + 1)
            }
        }
        guard !remove.isEmpty else { return arguments }
        return arguments.indices.filter { !remove.contains($0) }.map { arguments[$0] }
    }
}

#if SwiftConfiguration
import Configuration
import ProfileRuntime

/// The active profile as an apple/swift-configuration provider: what `profile run` passed (the `PROFILE_PAYLOAD`
/// and the launch arguments), read through a `ConfigReader`.
///
/// ```swift
/// let config = ConfigReader(provider: ProfileProvider())
/// let timeout = config.int(forKey: "http.serverTimeout", default: 30)
/// ```
///
/// - **Keys.** A `ConfigKey`'s components joined by `.` are the profile key (`http.serverTimeout` ↔
///   `["http", "serverTimeout"]`); the runtime then compares keys as it always does (`-http.serverTimeout`,
///   `--http-server-timeout`, `HTTP_SERVER_TIMEOUT`, see the README's key mapping).
/// - **Types.** Read as the runtime reads them: a flag is a `Bool` (a bare `-flag` is on; `YES`, `true`, `1`…),
///   a mock is the `String` of its selected variant, a value is converted to the requested type (`Int`,
///   `Double`, `Bool`, `String`). A set key whose text does not convert throws ``NotConvertible`` (as
///   swift-configuration's own providers do); arrays and bytes are not in the profile format and throw too.
///   An unset key is `nil`, so the reader falls through to the next provider or the default.
/// - **Secrets.** The payload does not say which entries are secret; name them with `secrets` (for example
///   the catalog's `secret: true` keys), and their values are marked `isSecret` (redacted by access loggers).
/// - **Change.** A profile is fixed for the life of a process: the provider is its own, static, snapshot, and
///   watching yields the current value once.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ProfileProvider: ConfigProvider, ConfigSnapshot {
    /// The profile read.
    public let profile: ActiveProfile
    /// Which profile keys (`http.apiToken`) hold secrets.
    public let secrets: SecretsSpecifier<String, String>

    /// A provider over `profile` (the process's own, ``ActiveProfile/current``, by default).
    /// - Parameter secrets: the profile keys whose values are secret, given as the profile writes them.
    public init(profile: ActiveProfile = .current, secrets: SecretsSpecifier<String, String> = .none) {
        self.profile = profile
        self.secrets = secrets
    }

    /// `ProfileProvider[dev, ui-tests]`: the applied profiles' names.
    public var providerName: String { "ProfileProvider[\(profile.profiles.joined(separator: ", "))]" }

    /// A key is set but its text is not of the requested type (`pageSize: lots` read as an `Int`).
    public struct NotConvertible: Error, CustomStringConvertible {
        /// The profile key.
        public var key: String
        /// The requested type.
        public var type: ConfigType

        /// `profile key http.serverTimeout is set but is not a int`.
        public var description: String { "profile key \(key) is set but is not a \(type.rawValue)" }
    }

    /// The profile key of a swift-configuration key: its components joined by `.`.
    public static func profileKey(_ key: AbsoluteConfigKey) -> String { key.components.joined(separator: ".") }

    /// The value of `key` read as `type`; `nil` when the profile does not set it.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let name = Self.profileKey(key)
        let text = profile.string(forKey: name)
        let content: ConfigContent?
        switch type {
        case .bool:
            if let flag = profile.flag(forKey: name) {
                content = .bool(flag)
            } else if text != nil {
                throw NotConvertible(key: name, type: type)
            } else {
                content = nil
            }
        case .string: content = text.map { .string($0) }
        case .int:
            content = try text.map { _ in
                guard let number = profile.int(forKey: name) else { throw NotConvertible(key: name, type: type) }
                return .int(number)
            }
        case .double:
            content = try text.map { _ in
                guard let number = profile.double(forKey: name) else { throw NotConvertible(key: name, type: type) }
                return .double(number)
            }
        default:
            if text != nil { throw NotConvertible(key: name, type: type) }
            content = nil
        }
        let value = content.map { ConfigValue($0, isSecret: secrets.isSecret(key: name, value: text ?? "")) }
        return LookupResult(encodedKey: name, value: value)
    }

    /// The same as ``value(forKey:type:)``: the profile is already in memory.
    public func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        try value(forKey: key, type: type)
    }

    /// Yields the value once: a profile does not change while the process runs.
    public func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey,
        type: ConfigType,
        updatesHandler: (
            _ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>
        ) async throws -> Return
    ) async throws -> Return {
        try await watchValueFromValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    /// The provider itself: its values are fixed.
    public func snapshot() -> any ConfigSnapshot { self }

    /// Yields the snapshot once: a profile does not change while the process runs.
    public func watchSnapshot<Return: ~Copyable>(
        updatesHandler: (_ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>) async throws -> Return
    ) async throws -> Return {
        try await watchSnapshotFromSnapshot(updatesHandler: updatesHandler)
    }
}
#endif

/// The profile the current process was launched with, readable in typed form.
///
/// ```swift
/// import ProfileRuntime
///
/// let profile = ActiveProfile.current
/// if profile.isEnabled("skipOnboarding") { ... }
/// let pageSize = profile.int(forKey: "pageSize", default: 20)
/// let countries = try profile.variant(of: CountriesSource.self, default: .live)
/// ```
///
/// ## Sources and precedence
/// A key is looked up in these sources; the first that sets it wins:
/// 1. **Launch arguments**: `-key value`, bare `-flag`, `--key value`, `--key=value`, bare `--flag` (see
///    ``init(arguments:environment:)``), read from the profile's arguments that the payload carries (its
///    `argument=` entries) and then from the process's own argv, as if the payload's arguments came first on argv
///    (each list is parsed on its own: a `--` in one does not end the other). The last occurrence of a key wins,
///    so the process's own argv wins over the payload's arguments; when `profile run` appended the arguments to
///    argv as well, the two copies agree. This is how an app started through a tool in between
///    (`profile run uitest --no-arguments -- sh -c 'exec ./app'`) still reads `-UITests`. One exception: a payload
///    argument does not cover a key the payload's typed layer also sets (the typed entry is read; `profile lint`
///    warns about such arguments), so a process handed the profile on reads what the handing process read.
/// 2. **The profile payload** in `PROFILE_PAYLOAD`, written by `profile run` (flags, mocks and values).
/// 3. **Plain environment variables** named in SCREAMING_SNAKE_CASE: key `pageSize` reads `PAGE_SIZE`. Mind
///    keys that name common variables (`path` reads `PATH`, `home` reads `HOME`).
/// 4. The `default:` given at the call site.
///
/// Keys match across spellings: `http.serverTimeout`, `HTTP_SERVER_TIMEOUT`, `--http-server-timeout` and
/// `-httpServerTimeout` are one key (words split at `.`, `_`, `-` and lower-to-upper camel-case boundaries,
/// compared lowercased).
///
/// The source that sets a key decides its text: when that text does not convert to the requested type, the
/// optional and `default:` reads return `nil` / the default (like apple/swift-configuration), and the `required…`
/// reads throw an error naming the key, the text, its source and the expected type. Lower sources are not consulted.
///
/// Arguments and the payload are parsed once, when the value is created; environment variables are read when a
/// key is looked up.
public struct ActiveProfile: Sendable {
    /// The profile of the current process, parsed once (lazily, thread-safely) from `CommandLine.arguments` and
    /// the process environment.
    ///
    /// Reading `current` never crashes and never throws. When `PROFILE_PAYLOAD` is present but broken (for
    /// example, written by a newer `profile`), ``payloadError`` holds the error, the payload is ignored, the
    /// optional and `default:` reads use the remaining sources, and every throwing read (`required…`,
    /// ``variant(of:)``, ``decode(_:prefix:)``) throws that error, so a half-configured app stops where it asks for
    /// certainty. Call ``validate()`` at startup to fail fast.
    public static let current = ActiveProfile(
        arguments: CommandLine.arguments,
        source: .process,
        payloadText: ProcessEnvironment.process.value(WireFormat.environmentVariable)
    )

    /// The launch arguments this profile was read from, including the program path (the process's own argv; the
    /// payload's arguments, read before them, are not included).
    public let arguments: [String]
    /// The names of the applied profiles, in order (empty when the process was not launched through `profile`).
    public let profiles: [String]
    /// The error that made the payload unreadable, if any; see ``current``.
    public let payloadError: ProfileRuntimeError?

    let table: [String: Entry]
    let environment: ProcessEnvironment
    let payloadText: String?
    /// The payload's `argument=` entries, read as launch arguments before ``arguments``. An option among them has
    /// the token `arguments.count + i` (`i` its index here), so that tokens stay positive and one `Int`.
    let payloadArguments: [String]

    /// Reads a profile from explicit launch arguments and environment, as a UI-test runner or a test would.
    ///
    /// - Parameters:
    ///   - arguments: argv, including the program path first (it is skipped). Options: `-key value`, bare
    ///     `-flag`, `--key value`, `--key=value`, bare `--flag` (and `-key=value`). A token that starts with `-`
    ///     is not a value, so `-a -b` are two bare flags, but a negative number (`-5`, `-2.5`) is a value.
    ///     `--` ends option parsing. Tokens that are neither options nor their values are ignored.
    ///   - environment: the environment; `PROFILE_PAYLOAD` in it is decoded (an empty value counts as absent), and
    ///     plain variables are the third source.
    /// - Throws: ``ProfileRuntimeError`` when `PROFILE_PAYLOAD` is present but cannot be decoded.
    public init(arguments: [String], environment: [String: String]) throws(ProfileRuntimeError) {
        self.init(
            arguments: arguments,
            source: .fixed(environment),
            payloadText: environment[WireFormat.environmentVariable]
        )
        if let payloadError { throw payloadError }
    }

    /// Creates a profile from a payload value, for previews and tests: the payload is encoded as `profile run`
    /// would, so it reads exactly like a launched process's.
    public init(payload: ProfilePayload, arguments: [String] = [], environment: [String: String] = [:]) {
        var environment = environment
        environment[WireFormat.environmentVariable] = WireFormat.encode(payload)
        self.init(
            arguments: arguments,
            source: .fixed(environment),
            payloadText: environment[WireFormat.environmentVariable]
        )
    }

    init(arguments: [String], source: ProcessEnvironment, payloadText: String?) {
        let payloadText = payloadText.flatMap { $0.isEmpty ? nil : $0 }
        var builder = TableBuilder(capacity: arguments.count / 2 + Self.estimatedEntries(payloadText))
        var payloadError: ProfileRuntimeError?
        if let payloadText {
            do throws(ProfileRuntimeError) {
                try WireFormat.scan(payloadText, into: &builder)
            } catch {
                payloadError = error
                builder = TableBuilder(capacity: arguments.count / 2)
            }
        }
        // The payload's arguments first, then argv: the later occurrence wins. A payload argument does not cover
        // a key the payload's typed layer sets (where `run` appended the arguments, argv has them anyway; where it
        // did not, or where the profile is handed on, the typed entry is what the handing process wrote last).
        let payloadArguments = builder.arguments
        if !payloadArguments.isEmpty {
            let offset = arguments.count - 1  // token 1 of `[""] + payloadArguments` is payloadArguments[0]
            LaunchArguments.parse([""] + payloadArguments) { option in
                let entry = builder.table[option.key]
                guard entry?.flag == nil, entry?.mock == nil, entry?.value == nil else { return }
                builder.table[option.key, default: Entry()].setArgument(option.text, token: offset + option.token)
            }
        }
        LaunchArguments.parse(arguments) { option in
            builder.table[option.key, default: Entry()].setArgument(option.text, token: option.token)
        }
        self.arguments = arguments
        self.payloadArguments = payloadArguments
        self.profiles = builder.profiles
        self.payloadError = payloadError
        self.table = builder.table
        self.environment = source
        self.payloadText = payloadError == nil ? payloadText : nil
    }

    /// Whether the process was launched with a readable profile payload.
    public var hasPayload: Bool { payloadText != nil }

    /// Throws ``payloadError`` if the payload was present but unreadable; call it at startup to fail fast.
    public func validate() throws(ProfileRuntimeError) {
        if let payloadError { throw payloadError }
    }

    /// A cheap estimate of the payload's entry count (about 20 bytes per entry), to size the table once.
    private static func estimatedEntries(_ payloadText: String?) -> Int {
        (payloadText?.utf8.count ?? 0) / 20
    }
}

// MARK: - Lookup table

extension ActiveProfile {
    /// Everything known about one canonical key from launch arguments and the payload.
    struct Entry: Sendable {
        /// The text of the launch argument that sets the key (`nil` for a bare flag); meaningful when
        /// `argumentToken >= 0`.
        var argumentText: String?
        /// The argv index of the option that sets the key, or -1 when no launch argument does.
        var argumentToken = -1
        /// The payload's `flag.` entry.
        var flag: Bool?
        /// The payload's `mock.` entry.
        var mock: String?
        /// The payload's `value.` entry.
        var value: String?

        mutating func setArgument(_ text: String?, token: Int) {
            argumentText = text
            argumentToken = token
        }
    }

    /// Collects payload entries (keyed canonically; last wins), the applied profile names and the profile's
    /// arguments.
    struct TableBuilder: PayloadVisitor {
        var table: [String: Entry]
        var profiles: [String] = []
        var arguments: [String] = []

        init(capacity: Int) {
            table = Dictionary(minimumCapacity: capacity)
        }

        mutating func profile(_ name: String) { profiles.append(name) }
        mutating func flag(_ key: String, _ isOn: Bool) {
            table[ProfileKey.canonical(key), default: Entry()].flag = isOn
        }
        mutating func mock(_ key: String, _ variant: String) {
            table[ProfileKey.canonical(key), default: Entry()].mock = variant
        }
        mutating func value(_ key: String, _ text: String) {
            table[ProfileKey.canonical(key), default: Entry()].value = text
        }
        mutating func argument(_ text: String) { arguments.append(text) }
        mutating func environmentKey(_ name: String) {}
    }

    /// Which payload section a read prefers when a key appears in more than one.
    enum Section {
        case flag, mock, value
    }

    /// Where a key's text came from.
    enum Source: Equatable {
        case argument(token: Int)
        case payload(Section)
        case environment(name: String)
    }

    /// A key's text and its source. `text` is `nil` only for a bare launch-argument flag.
    struct Found {
        var text: String?
        var source: Source
    }

    /// Finds the text of `canonical` in the sources, in precedence order.
    func find(canonical: String, prefer section: Section) -> Found? {
        if let entry = table[canonical] {
            if entry.argumentToken >= 0 {
                return Found(text: entry.argumentText, source: .argument(token: entry.argumentToken))
            }
            switch section {
            case .flag:
                if let flag = entry.flag { return Found(text: flag ? "1" : "0", source: .payload(.flag)) }
                if let value = entry.value { return Found(text: value, source: .payload(.value)) }
                if let mock = entry.mock { return Found(text: mock, source: .payload(.mock)) }
            case .mock:
                if let mock = entry.mock { return Found(text: mock, source: .payload(.mock)) }
                if let value = entry.value { return Found(text: value, source: .payload(.value)) }
                if let flag = entry.flag { return Found(text: flag ? "1" : "0", source: .payload(.flag)) }
            case .value:
                if let value = entry.value { return Found(text: value, source: .payload(.value)) }
                if let flag = entry.flag { return Found(text: flag ? "1" : "0", source: .payload(.flag)) }
                if let mock = entry.mock { return Found(text: mock, source: .payload(.mock)) }
            }
        }
        let name = ProfileKey.environmentName(canonical: canonical)
        if let text = environment.value(name) {
            return Found(text: text, source: .environment(name: name))
        }
        return nil
    }

    /// Whether any source sets a key under `canonical` + `-` (a nested settings struct).
    func containsKeys(underCanonical canonical: String) -> Bool {
        let prefix = canonical + "-"
        if table.keys.contains(where: { $0.utf8.starts(with: prefix.utf8) }) { return true }
        return environment.containsName(withPrefix: ProfileKey.environmentName(canonical: prefix))
    }

    /// A phrase naming a source, for messages: `launch argument "-pageSize"`, `profile uitest`, …
    func describe(_ source: Source) -> String {
        switch source {
        case .argument(let token):
            if token >= arguments.count, token - arguments.count < payloadArguments.count {
                return "argument \"\(payloadArguments[token - arguments.count])\" of the profile payload"
            }
            return "launch argument \"\(token < arguments.count ? arguments[token] : "?")\""
        case .payload:
            switch profiles.count {
            case 0: return "the profile payload"
            case 1: return "profile \(profiles[0])"
            default: return "profiles \(profiles.joined(separator: "+"))"
            }
        case .environment(let name):
            return "environment variable \(name)"
        }
    }

    /// The ways to set `canonical`, for "not set" messages: `-pageSize VALUE`, a profile, or `PAGE_SIZE`.
    func howToSet(canonical: String, key: String, placeholder: String) -> String {
        "set it with \"-\(key) \(placeholder)\" or \"\(ProfileKey.optionName(canonical: canonical))=\(placeholder)\", "
            + "in a profile, or with the environment variable \(ProfileKey.environmentName(canonical: canonical))"
    }
}

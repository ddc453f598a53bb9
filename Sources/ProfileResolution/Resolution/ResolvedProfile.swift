import ProfileModel
import ProfilePlatform
import ProfileRuntime

/// A profile after inheritance, overlays, overrides and interpolation: what the child will receive, with the
/// place each entry came from.
package struct ResolvedProfile: Sendable {
    /// One argument added to the child's argv.
    package struct Argument: Sendable {
        /// The text the child receives.
        package var value: String
        /// The text shown when inherited values are hidden.
        package var display: String
        /// Where it was written.
        package var origin: SourceLocation
        /// Whether the text includes text from the invoking environment (through `${...}`).
        package var usesInvokingEnvironment: Bool = false
        /// Whether the text is secret (see ``Redaction``): built from the invoking environment or from a variable
        /// the catalog marks secret.
        package var isSecret: Bool = false
    }

    /// One environment variable the profile sets or unsets.
    package struct EnvironmentChange: Sendable {
        /// The variable.
        package var name: String
        /// Its value in the child, nil when the profile unsets it.
        package var value: String?
        /// The value shown when inherited values are hidden (`${API_TOKEN}` instead of the token).
        package var display: String?
        /// Where it was last set or unset.
        package var origin: SourceLocation
        /// Whether the value includes text from the invoking environment (through `${...}`).
        package var usesInvokingEnvironment: Bool
        /// Whether the value is hidden unless revealed (see ``Redaction``): it uses the invoking environment, the
        /// catalog marks the variable secret, or it is built from such a variable.
        package var isSecret: Bool = false
    }

    /// One flag, mock or value setting.
    package struct Entry<Value: Sendable>: Sendable {
        /// The key.
        package var key: String
        /// What it is set to.
        package var value: Value
        /// The text shown when inherited values are hidden.
        package var display: String
        /// Where it was last set.
        package var origin: SourceLocation
        /// Whether the value is secret (from the invoking environment, or marked secret in the catalog).
        package var isSecret: Bool
    }

    /// An argument item or environment entry written `enabled: false`: not applied by `run` (nor by the formats made
    /// for programs), written unchecked by the Xcode exports, listed as disabled by `show`.
    package struct Disabled<Entry: Sendable>: Sendable {
        /// How many enabled entries come before it (in ``arguments`` or ``environment``).
        package var position: Int
        /// The entry (for arguments, the item's arguments).
        package var entry: Entry
    }

    /// The profiles asked for, in order.
    package var names: [String]
    /// Every file applied, in order (`base`, `uitest`, `uitest.local`).
    package var chain: [String]
    /// The description of the last profile asked for.
    package var description: String?
    /// Arguments appended to the command, in order.
    package var arguments: [Argument]
    /// Environment changes, in the order the variables were first touched.
    package var environment: [EnvironmentChange]
    /// Where each item (an argument, or a group: `[-AppleLanguages, (en)]`) starts in ``arguments``: the Xcode
    /// exports write one entry per item.
    package var argumentItemStarts: [Int] = []
    /// The argument items written `enabled: false`, in order, each with its place among ``arguments``.
    package var disabledArguments: [Disabled<[Argument]>] = []
    /// The variables whose last entry is written `enabled: false` (the profile does not touch them in `run`), in
    /// order, each with its place among ``environment``.
    package var disabledEnvironment: [Disabled<EnvironmentChange>] = []
    /// Flags, sorted by key.
    package var flags: [Entry<Bool>]
    /// Mock points and their variants, sorted by key.
    package var mocks: [Entry<String>]
    /// Values, sorted by key.
    package var values: [Entry<TypedValue>]
    /// Whether ``argv(command:)`` appends ``arguments`` to the command: false when a profile of the chain says
    /// `appendArguments: false` (the last file that sets the key wins) or the command line says `--no-arguments`.
    /// The arguments travel in the payload either way.
    package var appendsArguments = true
    /// Where `appendArguments` was last set in the chain, if it was.
    package var appendArgumentsOrigin: SourceLocation?
    /// Where the chain's `redact: true` is written, when it asks `run` to mask secrets in the command's output (the
    /// last file that sets `redact` wins).
    package var redactOrigin: SourceLocation?
    /// How the profile reaches the program under a tool (`xcodebuild test`, `xcrun simctl launch`, `--prefix`):
    /// variables also set with a prefix, arguments placed elsewhere or left to the payload (see ``Delivery``).
    package var delivery = Delivery()
    /// The profile this one applies on top of: the one an enclosing `profile shell` or `profile run` applied, read
    /// back from `PROFILE_PAYLOAD` in the invoking environment (nil when there is none, or when the command does
    /// not compose: exports, lint). Its flags, mocks, values and arguments are already merged into this profile's.
    package var outer: OuterProfile?
    /// The whole environment the child starts with: the invoking environment with ``environmentChanges(payload:exact:)``
    /// applied.
    ///
    /// The payload is encoded when this is read, not when the profile is resolved: `lint` and `show` never read it.
    package var childEnvironment: EnvironmentTable {
        var table = invokingEnvironment
        for change in launchChanges(payload: encodedPayload) { table[change.name] = change.value }
        return table
    }

    /// The changes a launch makes to the invoking environment, in order: ``environmentChanges(payload:exact:)``
    /// (the delivery's prefixed copies included), then, inside `profile shell` (which exports it), `PROFILE_ACTIVE`
    /// following the profiles applied. The one list ``childEnvironment`` (what `run`, `run --each` and `shell`
    /// launch with) and ``LaunchPlan`` (what `--dry-run` shows) are made of.
    package func launchChanges(payload: String, exact: Bool = true) -> [(name: String, value: String?)] {
        var changes = environmentChanges(payload: payload, exact: exact)
        if let active = invokingEnvironment[ReservedEnvironment.active], active != activeName {
            changes.append((ReservedEnvironment.active, activeName))
        }
        return changes
    }

    /// Every profile applied, the outer ones first, joined by `+`: `uitest`, `uitest+offline`. `profile shell`
    /// exports it as `PROFILE_ACTIVE`.
    package var activeName: String { allNames.joined(separator: "+") }

    /// The names of the profiles applied, the outer profile's first: the payload's `profile=` entries.
    package var allNames: [String] { (outer?.names ?? []) + names }

    /// The changes a launch makes to the environment it starts from, in order: the profile's changes (a nil value
    /// unsets), then `PROFILE_PAYLOAD` holding `payload`. The one list every launch environment is built from: the
    /// child's (``childEnvironment``), the exports' (``ExportContent``) and generated code's. With `exact` false, a
    /// secret value is written as ``Redaction`` writes it (`${API_TOKEN}`, `<secret>`).
    package func environmentChanges(
        payload: String, exact: Bool = true, references: Redaction.References = .profile
    ) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        result.reserveCapacity(environment.count + 1)
        for change in environment {
            if !exact, change.value != nil, change.isSecret {
                result.append((change.name, Redaction(reveal: false, references: references).text(change)))
            } else {
                result.append((change.name, change.value))
            }
        }
        result.append((WireFormat.environmentVariable, payload))
        return delivered(result)
    }

    /// `changes` followed, when ``delivery`` has a prefix, by each of them again under the prefixed name
    /// (`TEST_RUNNER_LOG_LEVEL`, `TEST_RUNNER_PROFILE_PAYLOAD`; an unset unsets the prefixed name too).
    private func delivered(_ changes: [(name: String, value: String?)]) -> [(name: String, value: String?)] {
        guard let prefix = delivery.prefix, !prefix.isEmpty else { return changes }
        return changes + changes.map { (prefix + $0.name, $0.value) }
    }

    /// The environment `profile` was invoked with.
    private var invokingEnvironment: EnvironmentTable

    init(
        names: [String], chain: [String], description: String?, arguments: [Argument], environment: [EnvironmentChange],
        flags: [Entry<Bool>], mocks: [Entry<String>], values: [Entry<TypedValue>], invokingEnvironment: EnvironmentTable
    ) {
        self.names = names
        self.chain = chain
        self.description = description
        self.arguments = arguments
        self.environment = environment
        self.flags = flags
        self.mocks = mocks
        self.values = values
        self.invokingEnvironment = invokingEnvironment
    }

    /// The typed layer as the runtime library reads it.
    package var payload: ProfilePayload {
        var payload = ProfilePayload()
        payload.profiles = allNames
        for flag in flags { payload.flags[flag.key] = flag.value }
        for mock in mocks { payload.mocks[mock.key] = mock.value }
        for value in values { payload.values[value.key] = value.value.text }
        payload.arguments = arguments.map(\.value)
        payload.environmentKeys = environmentKeys
        return payload
    }

    /// The names of the variables the profiles set (the payload's `env=` entries): the outer profile's that this one
    /// does not touch, then this one's.
    var environmentKeys: [String] {
        var keys: [String] = []
        if let outer {
            for name in outer.environmentKeys where !environment.contains(where: { $0.name == name }) {
                keys.append(name)
            }
        }
        for change in environment where change.value != nil { keys.append(change.name) }
        return keys
    }

    /// ``payload`` as the wire format writes it, through its one writer.
    var encodedPayload: String { WireFormat.encode(payloadEntries) }

    /// The bytes of ``encodedPayload``, counted by the same writer without building it (``PayloadSize``).
    var encodedPayloadLength: Int { WireFormat.encodedLength(payloadEntries) }

    /// The payload's entries as the wire format takes them, straight from this profile's (sorted by key already: by
    /// `<`, which is byte order for ASCII keys, as valid keys are; put in byte order should a key not be). No
    /// ``ProfilePayload`` and no generic containers on the launch path.
    private var payloadEntries: WireFormat.Entries {
        var entries = WireFormat.Entries()
        entries.profiles = allNames
        entries.flagKeys.reserveCapacity(flags.count)
        entries.flagStates.reserveCapacity(flags.count)
        for index in Self.byteOrder(flags) {
            entries.flagKeys.append(flags[index].key)
            entries.flagStates.append(flags[index].value)
        }
        entries.mockKeys.reserveCapacity(mocks.count)
        entries.mockVariants.reserveCapacity(mocks.count)
        for index in Self.byteOrder(mocks) {
            entries.mockKeys.append(mocks[index].key)
            entries.mockVariants.append(mocks[index].value)
        }
        entries.valueKeys.reserveCapacity(values.count)
        entries.valueTexts.reserveCapacity(values.count)
        for index in Self.byteOrder(values) {
            entries.valueKeys.append(values[index].key)
            entries.valueTexts.append(values[index].value.text)
        }
        entries.arguments = arguments.map(\.value)
        entries.environmentKeys = environmentKeys
        return entries
    }

    /// The indices of `entries` in the byte order of their keys: as they are when every key is ASCII (the resolver keeps
    /// them sorted by `<`, which is byte order for ASCII, as valid keys are), else sorted by bytes.
    private static func byteOrder<Value>(_ entries: [Entry<Value>]) -> [Int] {
        if entries.allSatisfy({ $0.key.utf8.allSatisfy { $0 < 0x80 } }) { return Array(entries.indices) }
        return entries.indices.sorted { entries[$0].key.utf8.lexicographicallyPrecedes(entries[$1].key.utf8) }
    }

    /// The argv of the child: the command as typed with the profile's arguments inserted before the command's own
    /// first `--` (where every argument parser stops reading options), or after the command's arguments when it has
    /// none. `cmd -- file.txt` becomes `cmd -UITests -- file.txt`, never `cmd -- file.txt -UITests`.
    ///
    /// When ``appendsArguments`` is false, the command as typed: the arguments reach the app through the payload.
    ///
    /// Under a tool ``delivery`` knows, its rule: `xcodebuild test` and `swift test` as typed, `simctl launch` with the
    /// arguments after the bundle id, `devicectl device process launch` after the bundle id behind a `--`, `swift run`
    /// after the executable's arguments.
    package func argv(command: [String]) -> [String] {
        guard appendsArguments, !arguments.isEmpty else { return command }
        var argv: [String] = []
        argv.reserveCapacity(command.count + arguments.count)
        var separator = command.dropFirst().firstIndex(of: "--") ?? command.endIndex
        var terminator = false
        switch delivery.arguments {
        case .standard: break
        case .payloadOnly: return command
        case .at(let index): separator = min(index, command.count)
        case .afterTerminator(let index):
            separator = min(index, command.count)
            terminator = true
        }
        argv.append(contentsOf: command[..<separator])
        if terminator { argv.append("--") }
        for argument in arguments { argv.append(argument.value) }
        argv.append(contentsOf: command[separator...])
        return argv
    }
}

import ProfileModel
import ProfilePlatform
import ProfileRuntime

/// The profile an enclosing `profile shell` (or `profile run`) applied, read back from `PROFILE_PAYLOAD` in the
/// invoking environment, so that a profile applied inside it composes with it: the inner profile starts from the
/// outer one's typed layer and arguments and applies on top (``Resolver/resolve(_:overrides:environment:purpose:outer:)``).
///
/// Environment variables need nothing of this: the outer profile's are already in the invoking environment, and
/// the inner profile's `env` applies to that environment as usual.
package struct OuterProfile: Sendable {
    /// The outer profile's names (the payload's `profile=` entries), in order.
    package var names: [String]
    /// Its flags, mock variants and values.
    var payload: ProfilePayload
    /// Its arguments, grouped the way the runtime reads them: an option with the value that follows it is one item
    /// (so that `drop: -AppleLanguages` removes `(en)` too).
    var argumentItems: [[Located<String>]]
    /// The variables it set (the payload's `env=` entries), to keep handing them on.
    package var environmentKeys: [String]

    /// Where every entry of an outer profile comes from, in `show` and diagnostics: `$PROFILE_PAYLOAD`.
    package static let file = SourceFile(path: "$" + WireFormat.environmentVariable, bytes: [])
    static let location = SourceLocation.wholeFile(file)

    /// How `show` and `run --dry-run` print an outer profile's value unless `--reveal` is given: it comes from the
    /// invoking environment, where anything (a token) may be.
    package static let hiddenValue = "<outer>"

    /// Whether `location` is an outer profile's (the place of its entries).
    package static func isOuter(_ location: SourceLocation) -> Bool { location.file === file }

    /// Whether `environment` holds a payload (cheap: the launch path asks before anything else).
    package static func isPresent(in environment: EnvironmentTable) -> Bool {
        guard let text = environment[WireFormat.environmentVariable] else { return false }
        return !text.isEmpty
    }

    /// The outer profile in `environment`: nil when it has no `PROFILE_PAYLOAD` (or an empty one), an error when the
    /// payload cannot be read (a newer format, a truncated text): nothing may then be launched, since the inner
    /// profile cannot apply on top of what it cannot read.
    package static func read(from environment: EnvironmentTable) -> Result<OuterProfile?, Diagnostic> {
        guard let text = environment[WireFormat.environmentVariable], !text.isEmpty else { return .success(nil) }
        let payload: ProfilePayload
        do throws(ProfileRuntimeError) {
            payload = try WireFormat.decode(text)
        } catch {
            return .failure(
                .error(
                    "cannot apply the profile on top of the outer one: \(error.message)",
                    notes: [
                        .note(
                            "\(WireFormat.environmentVariable) in this environment comes from an enclosing `profile "
                                + "shell` or `profile run`; `unset \(WireFormat.environmentVariable)` to start from no "
                                + "profile")
                    ]))
        }
        return .success(OuterProfile(payload))
    }

    /// The outer profile a payload describes.
    package init(_ payload: ProfilePayload) {
        let location = Self.location
        names = payload.profiles
        self.payload = payload
        argumentItems = Self.group(payload.arguments.map { Located($0, at: location, length: $0.unicodeScalars.count) })
        environmentKeys = payload.environmentKeys
    }

    /// Its flags, sorted by key (as the chain's are), each located at ``file``.
    var flags: [PreparedDefinition.Keyed<Bool>] {
        PreparedDefinition.sorted(payload.flags.map { .init(key: $0.key, value: $0.value, location: Self.location) })
    }
    var mocks: [PreparedDefinition.Keyed<String>] {
        PreparedDefinition.sorted(payload.mocks.map { .init(key: $0.key, value: $0.value, location: Self.location) })
    }
    var values: [PreparedDefinition.Keyed<TypedValue>] {
        PreparedDefinition.sorted(
            payload.values.map { .init(key: $0.key, value: Self.typed($0.value), location: Self.location) })
    }

    /// A value's text as a typed value: what it reads as, when that gives back the same text (`5`, `2.50`), else the
    /// string (`True` stays `True`).
    static func typed(_ text: String) -> TypedValue {
        guard let resolved = try? TypedValue.resolve(plain: text), resolved.text == text else { return .string(text) }
        return resolved
    }

    /// `-key value` pairs as one item, as ``LaunchArguments/items(_:from:_:)`` reads them; every other word alone.
    /// After `--`, every word alone.
    static func group(_ arguments: [Located<String>]) -> [[Located<String>]] {
        var items: [[Located<String>]] = []
        LaunchArguments.items(arguments.map(\.value)) { item in
            items.append([arguments[item.index]] + (item.value.map { [arguments[$0]] } ?? []))
        }
        return items
    }
}

import ProfileModel
import ProfileRuntime

/// The payload's size rule: `PROFILE_PAYLOAD` is one environment variable (and once more under a delivery prefix), so
/// as `NAME=value` with its final NUL byte it must fit in ``Interpolator/maximumLength`` (Linux's `MAX_ARG_STRLEN`),
/// like every variable. It carries every argument and value a second time: a profile whose arguments each fit can
/// still make it too long. Checked with the longest name a built-in delivery gives it
/// (`DEVICECTL_CHILD_PROFILE_PAYLOAD`), so that whether a profile is valid does not depend on the command it launches.
enum PayloadSize {
    /// The longest name the payload travels under.
    static let longestName = Delivery.devicePrefix + WireFormat.environmentVariable

    /// The most bytes the encoded payload may have.
    static var limit: Int { Interpolator.Destination.environment(name: longestName).limit }

    /// At least the bytes of `resolved`'s payload: every byte of its texts escaped (``WireFormat/escapeGrowth``), and
    /// the most an entry adds besides them (``WireFormat/entryOverhead``), for the header and each entry.
    static func upperBound(_ resolved: ResolvedProfile) -> Int {
        let overhead = WireFormat.entryOverhead
        let growth = WireFormat.escapeGrowth
        var bound = overhead
        for name in resolved.allNames { bound += overhead + growth * name.utf8.count }
        for flag in resolved.flags { bound += overhead + growth * flag.key.utf8.count }
        for mock in resolved.mocks { bound += overhead + growth * (mock.key.utf8.count + mock.value.utf8.count) }
        for value in resolved.values {
            bound += overhead + growth * (value.key.utf8.count + value.value.text.utf8.count)
        }
        for argument in resolved.arguments { bound += overhead + growth * argument.value.utf8.count }
        for name in resolved.environmentKeys { bound += overhead + growth * name.utf8.count }
        return bound
    }

    /// The error for a resolved profile whose payload is too long, naming the profile and saying what takes the room;
    /// nil when it fits. `chain` is the resolver's order (parents first, each definition once).
    ///
    /// It is located in the profile's own file, where it can be fixed or split: at its longest argument or value (or
    /// its first environment variable, when their names take most of the room) when that is the profile's own; else
    /// at its first `extends` entry (the chain that brings most of the payload), with a note at the longest item and
    /// the profile it comes from. The payload is the whole chain's: an error at a parent's line, the same for every
    /// profile extending it, would not say which profile it is about.
    static func problem(_ resolved: ResolvedProfile, chain: [PreparedDefinition] = []) -> Diagnostic? {
        // Most payloads are far below the limit: an upper bound (every byte escaped) proves it without counting.
        guard upperBound(resolved) > limit else { return nil }
        let size = resolved.encodedPayloadLength
        guard size > limit else { return nil }
        var longest: (what: String, bytes: Int, origin: SourceLocation)?
        var argumentBytes = 0
        for argument in resolved.arguments {
            let bytes = argument.value.utf8.count
            argumentBytes += bytes
            if bytes > longest?.bytes ?? -1 { longest = ("an argument", bytes, argument.origin) }
        }
        var valueBytes = 0
        for value in resolved.values {
            let bytes = value.value.text.utf8.count
            valueBytes += bytes
            if bytes > longest?.bytes ?? -1 { longest = ("value `\(value.key)`", bytes, value.origin) }
        }
        var nameBytes = 0
        for change in resolved.environment { nameBytes += change.name.utf8.count }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var parts: [String] = []
        if argumentBytes > 0 {
            let verb = resolved.arguments.count == 1 ? "takes" : "take"
            parts.append("its \(count(resolved.arguments.count, "argument")) \(verb) \(argumentBytes) bytes")
        }
        if valueBytes > 0 { parts.append("its \(count(resolved.values.count, "value")) \(valueBytes)") }
        if nameBytes > 0 {
            parts.append(
                "the names of its \(count(resolved.environment.count, "environment variable")) \(nameBytes)")
        }
        var longestHint = longest.map { "; the longest is \($0.what), \($0.bytes) bytes" } ?? ""
        var origin = longest?.origin
        var what = longest.map { "the longest, \($0.what) of \($0.bytes) bytes," }
        if nameBytes > argumentBytes + valueBytes, let first = resolved.environment.first {
            longestHint = ""
            origin = first.origin
            what = "its first environment variable"
        }
        let name = resolved.activeName
        var location = origin
        var length = 1
        var notes: [Diagnostic] = []
        // The profile's own definitions (and overlays), the last named first: where its `extends` is written.
        let own = chain.filter { resolved.names.contains($0.definition.name) }
        let isOwn = origin.map { origin in own.contains { $0.definition.file.path == origin.file.path } } ?? false
        if !isOwn, let extends = own.reversed().lazy.compactMap({ $0.definition.extends.first }).first {
            location = extends.location
            length = extends.length
            if let origin, let what, let source = chain.first(where: { $0.definition.file.path == origin.file.path }) {
                longestHint = ""
                notes.append(.note("\(what) comes from `\(source.chainName)`", at: origin))
            }
        }
        return .error(
            "profile `\(name)`'s payload would be \(size) bytes: `\(WireFormat.environmentVariable)`, which carries "
                + "the profile to the runtime library, can take at most \(limit) bytes (as `\(longestName)=` with "
                + "its final NUL byte: Linux's MAX_ARG_STRLEN); \(parts.joined(separator: ", "))\(longestHint)",
            at: location, length: length, notes: notes)
    }

    /// `problem` (a profile's, from ``problem(_:chain:)``) naming the profiles that extend it and are too long because
    /// it is (``LintPayload``): one error for them all, the first few named.
    static func extended(_ problem: Diagnostic, by profiles: [String]) -> Diagnostic {
        guard !profiles.isEmpty else { return problem }
        let shown = 5
        var names = profiles.prefix(profiles.count > shown + 1 ? shown : profiles.count).map { "`\($0)`" }
        let more = profiles.count - names.count
        var list: String
        if more > 0 {
            list = names.joined(separator: ", ") + " and \(more) more"
        } else {
            let last = names.removeLast()
            list = names.isEmpty ? last : names.joined(separator: ", ") + " and " + last
        }
        if profiles.count == 1 {
            list = "the payload of \(list), which extends it, is too long as well"
        } else {
            list = "the payloads of the \(profiles.count) profiles that extend it are too long as well: " + list
        }
        var grouped = problem
        grouped.message += "; \(list)"
        return grouped
    }
}

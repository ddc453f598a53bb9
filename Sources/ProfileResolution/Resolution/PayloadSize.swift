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

    /// The error for a resolved profile whose payload is too long, saying what takes the room, located at the longest
    /// argument or value (or at the first environment variable, when their names take most of it); nil when it fits.
    static func problem(_ resolved: ResolvedProfile) -> Diagnostic? {
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
        var parts: [String] = []
        if argumentBytes > 0 { parts.append("its \(resolved.arguments.count) arguments take \(argumentBytes) bytes") }
        if valueBytes > 0 { parts.append("its \(resolved.values.count) values \(valueBytes)") }
        if nameBytes > 0 {
            parts.append("the names of its \(resolved.environment.count) environment variables \(nameBytes)")
        }
        var longestHint = longest.map { "; the longest is \($0.what), \($0.bytes) bytes" } ?? ""
        var origin = longest?.origin
        if nameBytes > argumentBytes + valueBytes, let first = resolved.environment.first {
            longestHint = ""
            origin = first.origin
        }
        return .error(
            "the profile's payload would be \(size) bytes: `\(WireFormat.environmentVariable)`, which carries the "
                + "profile to the runtime library, can take at most \(limit) bytes (as `\(longestName)=` with its "
                + "final NUL byte: Linux's MAX_ARG_STRLEN); \(parts.joined(separator: ", "))\(longestHint)",
            at: origin)
    }
}

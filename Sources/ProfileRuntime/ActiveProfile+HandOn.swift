/// Handing the active profile on to a process this one launches, typically a UI test forwarding it to the app under
/// test:
///
/// ```swift
/// let app = XCUIApplication()
/// app.launchArguments = ActiveProfile.current.launchArguments
/// app.launchEnvironment = ActiveProfile.current.launchEnvironment
/// ```
///
/// The launched process reads every key of the typed layer (each flag, mock point and value of the payload) as this
/// one reads it: launch arguments of this process that set one of those keys travel with it, in the launch arguments
/// and in the payload. One spelling differs on purpose: a key the payload has only as a flag travels in the launch
/// arguments as `-key YES` / `-key NO` (the argument domain's words, which `UserDefaults` reads), so it is on or off
/// alike in both processes, but reading it as text gives `1` (or what this process's argument said) here and `YES`
/// there.
extension ActiveProfile {
    /// The payload as received in `PROFILE_PAYLOAD` (empty when there is none or it is broken).
    public var payload: ProfilePayload {
        guard let payloadText else { return ProfilePayload() }
        return (try? WireFormat.decode(payloadText)) ?? ProfilePayload()
    }

    /// The payload with this process's launch-argument overrides merged in: a launch argument whose key matches
    /// one of the payload's flags, mocks or values replaces that entry's value (a bare `-flag` switches a flag on;
    /// an override that is not a boolean leaves a flag as it is, and a bare option leaves a mock or a value as it is:
    /// ``launchArguments`` carries those as given). Launch arguments for keys the payload does not contain are not
    /// added: a test runner's argv carries options of its own; but the argument entries an Xcode export wrote with
    /// checkboxes (``ProfilePayload/checkboxArguments``) that are on this process's argv (checked) are handed on, as
    /// the profile's arguments.
    ///
    /// Where the payload sets one key under several spellings in one section (`value.pageSize` and
    /// `value.page_size`), only the entry this process reads is kept (the last), so that the launched process cannot
    /// read another one.
    public var effectivePayload: ProfilePayload {
        guard let payloadText else { return ProfilePayload() }
        var collector = HandOnCollector()
        do throws(ProfileRuntimeError) {
            try WireFormat.scan(payloadText, into: &collector)
        } catch {
            return ProfilePayload()  // Not reached: a payload that failed to scan is not kept.
        }
        var merged = ProfilePayload(
            profiles: collector.profiles,
            arguments: collector.arguments + checkedEntries(collector.checkboxArguments),
            environmentKeys: collector.environmentKeys
        )
        merged.flags.reserveCapacity(collector.flags.count)
        for (canonical, entry) in collector.flags {
            var isOn = entry.value
            if let argument = argumentOverride(canonical), let override = Self.convertBool(argument) {
                isOn = override
            }
            merged.flags[entry.key] = isOn
        }
        merged.mocks.reserveCapacity(collector.mocks.count)
        for (canonical, entry) in collector.mocks {
            merged.mocks[entry.key] = argumentOverride(canonical).flatMap { $0 } ?? entry.value
        }
        merged.values.reserveCapacity(collector.values.count)
        for (canonical, entry) in collector.values {
            merged.values[entry.key] = argumentOverride(canonical).flatMap { $0 } ?? entry.value
        }
        return merged
    }

    /// Launch arguments for a launched process, ready to assign to `XCUIApplication.launchArguments`: the
    /// ``effectivePayload``'s ``ProfilePayload/launchArguments`` (the profile's arguments, with its flags, mocks and
    /// values in `-key value` form before the arguments' own `--`), where every key this process's launch arguments
    /// set is written as they set it (`-fast maybe`, a bare `-verbose`). Empty when this process has no readable
    /// payload.
    ///
    /// Inside a scope or a preview: the configuration's own launch arguments.
    public var launchArguments: [String] {
        if let configuration { return configuration.launchArguments }
        guard hasPayload else { return [] }
        let merged = effectivePayload
        var overrides: [String: String?] = [:]
        for key in merged.flags.keys { addOverride(key, to: &overrides) }
        for key in merged.mocks.keys { addOverride(key, to: &overrides) }
        for key in merged.values.keys { addOverride(key, to: &overrides) }
        return LaunchArgumentsWriter.arguments(for: merged, overrides: overrides)
    }

    /// Environment variables for a launched process, ready to assign to `XCUIApplication.launchEnvironment`:
    /// `PROFILE_PAYLOAD` with the ``effectivePayload`` re-encoded, plus each variable the profile set (its `env=`
    /// entries) with its current value in this process (variables that are no longer set, and names no variable can
    /// have, are left out). Empty when this process has no readable payload.
    ///
    /// Inside a scope or a preview: the configuration's own launch environment.
    public var launchEnvironment: [String: String] {
        if let configuration { return configuration.launchEnvironment }
        guard hasPayload else { return [:] }
        let merged = effectivePayload
        var result: [String: String] = [:]
        for name in merged.environmentKeys where name != WireFormat.environmentVariable {
            if let value = environment.value(name) { result[name] = value }
        }
        result[WireFormat.environmentVariable] = WireFormat.encode(merged)
        return result
    }

    /// The words of the checkbox entries (a payload an Xcode export wrote: ``ProfilePayload/checkboxArguments``)
    /// that are on this process's argv, in order: the entries checked where this process was launched (Xcode passes
    /// a scheme's checked arguments to the app, a test action's to the test runner). Each entry is looked for as a
    /// run of consecutive words, after the previous one found.
    private func checkedEntries(_ entries: [[String]]) -> [String] {
        guard !entries.isEmpty, arguments.count > 1 else { return [] }
        let argv = Array(arguments.dropFirst())
        var found: [String] = []
        var cursor = 0
        for words in entries where !words.isEmpty && words.count <= argv.count {
            var start = cursor
            while start + words.count <= argv.count {
                if argv[start..<start + words.count].elementsEqual(words) {
                    found.append(contentsOf: words)
                    cursor = start + words.count
                    break
                }
                start += 1
            }
        }
        return found
    }

    /// What this process's launch arguments set for `canonical`: `.some(text)`, `.some(nil)` for a bare option, nil
    /// when they do not set it.
    private func argumentOverride(_ canonical: String) -> String?? {
        guard let entry = table[canonical], entry.argumentToken >= 0 else { return nil }
        return .some(entry.argumentText)
    }

    private func addOverride(_ key: String, to overrides: inout [String: String?]) {
        let canonical = ProfileKey.canonical(key)
        if let override = argumentOverride(canonical) { overrides[canonical] = override }
    }
}

/// Collects a payload for ``ActiveProfile/effectivePayload``: per section, one entry per canonical key (the last, the
/// one ``ActiveProfile`` reads), under the spelling that entry used.
private struct HandOnCollector: PayloadVisitor {
    var profiles: [String] = []
    var flags: [String: (key: String, value: Bool)] = [:]
    var mocks: [String: (key: String, value: String)] = [:]
    var values: [String: (key: String, value: String)] = [:]
    var arguments: [String] = []
    var environmentKeys: [String] = []
    var checkboxArguments: [[String]] = []

    mutating func profile(_ name: String) { profiles.append(name) }
    mutating func checkboxArgument(_ words: [String], isEnabled: Bool) { checkboxArguments.append(words) }
    mutating func flag(_ key: String, _ isOn: Bool) { flags[ProfileKey.canonical(key)] = (key, isOn) }
    mutating func mock(_ key: String, _ variant: String) { mocks[ProfileKey.canonical(key)] = (key, variant) }
    mutating func value(_ key: String, _ text: String) { values[ProfileKey.canonical(key)] = (key, text) }
    mutating func argument(_ text: String) { arguments.append(text) }
    mutating func environmentKey(_ name: String) { environmentKeys.append(name) }
}

/// Writes a payload's typed layer as launch arguments (``ProfilePayload/launchArguments``,
/// ``ActiveProfile/launchArguments``) so that a process launched with them and the payload reads every key of the
/// typed layer exactly as the payload (and the handing process) says:
///
/// - The typed entries go before the profile's arguments' own first `--` (after it they would not be options), so
///   they come after, and win over, any option of the profile's arguments for the same key.
/// - A key the handing process's launch arguments set (`overrides`, by canonical key) is written as they set it (a
///   flag that is its key's only entry as `YES`/`NO` when they set it to a boolean: `--analytics` is `-analytics YES`).
/// - Otherwise a key is written only when it is the payload's one entry for its runtime key (``ProfileKey``) and it
///   can be an option: a key that is a flag and a value at once (`-k YES -k x`: the last would win for both), or set
///   under two spellings, or that no option can spell (empty, holding `=` or a NUL byte, a text holding a NUL byte,
///   which argv cannot carry), is read from the payload alone; options of the profile's arguments that would set
///   such a key first are left out for the same reason.
package enum LaunchArgumentsWriter {
    static func arguments(for payload: ProfilePayload, overrides: [String: String?]) -> [String] {
        let (groups, payloadOnly) = typedOptions(for: payload, overrides: overrides)
        let arguments = payload.arguments
        let end = arguments.firstIndex(of: "--") ?? arguments.count
        var result: [String] = []
        result.reserveCapacity(arguments.count + 2 * groups.count)
        if payloadOnly.isEmpty {
            result.append(contentsOf: arguments[..<end])
        } else {
            result.append(contentsOf: withoutOptions(setting: payloadOnly, arguments[..<end]))
        }
        for group in groups { result.append(contentsOf: group.words) }
        result.append(contentsOf: arguments[end...])
        return result
    }

    /// The typed layer as options, one group of words per key written (`-pageSize`, `5`, with the payload's key), in
    /// the order written (flags, mocks, values, each sorted by key), and the canonical keys left to the payload.
    package static func typedOptions(
        for payload: ProfilePayload, overrides: [String: String?] = [:]
    ) -> (groups: [(key: String, words: [String])], payloadOnly: Set<String>) {
        enum Kind { case flag, mock, value }
        // Every typed entry in the order written: flags, mocks, values, each sorted by key (byte order).
        var entries: [(kind: Kind, key: String, canonical: String, text: String)] = []
        entries.reserveCapacity(payload.flags.count + payload.mocks.count + payload.values.count)
        for key in payload.flags.keys.sorted(by: utf8Precedes) {
            entries.append((.flag, key, ProfileKey.canonical(key), payload.flags[key]! ? "YES" : "NO"))
        }
        for (key, variant) in payload.mocks.sorted(by: { utf8Precedes($0.key, $1.key) }) {
            entries.append((.mock, key, ProfileKey.canonical(key), variant))
        }
        for (key, text) in payload.values.sorted(by: { utf8Precedes($0.key, $1.key) }) {
            entries.append((.value, key, ProfileKey.canonical(key), text))
        }
        var entriesPerKey: [String: Int] = [:]
        for entry in entries { entriesPerKey[entry.canonical, default: 0] += 1 }

        var groups: [(key: String, words: [String])] = []
        groups.reserveCapacity(entries.count)
        var written = Set<String>()
        var payloadOnly = Set<String>()
        for entry in entries where !written.contains(entry.canonical) {
            if var override = overrides[entry.canonical] {
                // A flag alone under its key keeps the argument domain's words when the override is a boolean.
                if entry.kind == .flag, entriesPerKey[entry.canonical] == 1,
                    let isOn = ActiveProfile.convertBool(override)
                {
                    override = isOn ? "YES" : "NO"
                }
                let spelling = optionSpelling(entry.key, allowingNUL: true) ?? "--" + entry.canonical
                var typed: [String] = []
                append(spelling, override, to: &typed)
                groups.append((entry.key, typed))
                written.insert(entry.canonical)
            } else if entriesPerKey[entry.canonical] == 1, !entry.text.utf8.contains(0),
                let spelling = optionSpelling(entry.key, allowingNUL: false)
            {
                var typed: [String] = []
                append(spelling, entry.text, to: &typed)
                groups.append((entry.key, typed))
                written.insert(entry.canonical)
            } else {
                payloadOnly.insert(entry.canonical)
            }
        }
        return (groups, payloadOnly)
    }

    /// `-key` when that is an option naming the key's runtime key, else `--key`; nil when no option can name it (its
    /// canonical form is empty, or it holds `=`, or a NUL byte unless `allowingNUL`).
    static func optionSpelling(_ key: String, allowingNUL: Bool) -> String? {
        if key.utf8.contains(where: { $0 == UInt8(ascii: "=") || (!allowingNUL && $0 == 0) }) { return nil }
        if ProfileKey.canonical(key).isEmpty { return nil }
        let short = "-" + key
        return LaunchArguments.isOption(short) ? short : "--" + key
    }

    /// An option with its text: `-key text`, `--key=text` when the text would read as an option or as a quoted
    /// property-list string (`"x"`), `-key` alone for a bare option (nil text).
    private static func append(_ spelling: String, _ text: String?, to arguments: inout [String]) {
        guard let text else {
            arguments.append(spelling)
            return
        }
        // A text that reads as an option, or that `-key` would read as a property-list string (`"x"` as `x`).
        if LaunchArguments.isOption(text) || LaunchArguments.quotedString(text) != nil {
            let name = spelling.utf8.dropFirst(spelling.utf8.starts(with: "--".utf8) ? 2 : 1)
            arguments.append("--" + String(decoding: name, as: UTF8.self) + "=" + text)
        } else {
            arguments.append(spelling)
            arguments.append(text)
        }
    }

    /// `arguments` (the profile's, before its `--`) without the options that set one of `keys` (canonical), each with
    /// the value it takes.
    private static func withoutOptions(setting keys: Set<String>, _ arguments: ArraySlice<String>) -> [String] {
        let tokens = Array(arguments)
        var dropped = [Bool](repeating: false, count: tokens.count)
        LaunchArguments.parse([""] + tokens) { option in
            guard keys.contains(option.key) else { return }
            let index = option.token - 1
            dropped[index] = true
            if option.text != nil, !tokens[index].utf8.contains(UInt8(ascii: "=")), index + 1 < tokens.count {
                dropped[index + 1] = true
            }
        }
        return tokens.indices.filter { !dropped[$0] }.map { tokens[$0] }
    }
}

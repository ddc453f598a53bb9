import FuzzerEntry

@testable import ProfileRuntime

// The runtime fuzz target: `LLVMFuzzerTestOneInput` (libFuzzer provides `main`). Built with `-parse-as-library` and
// `-enable-testing` (it reads the runtime's lookup table to know which keys are flags only).
//
// An input is up to four pieces separated by 0xFF bytes (never valid UTF-8, so no piece's own text holds one):
//   1. the `PROFILE_PAYLOAD` text (absent when the input has no piece at all);
//   2. argv after the program path, one token per line (`\n`);
//   3. the environment, one `NAME=value` per line (a line without `=` is a name with an empty value);
//   4. keys to read, one per line; the first is also a prefix for `decode(_:prefix:)`.
//
// What runs, and what counts as a finding besides a crash (a trap, an overflow, an out-of-bounds read under
// AddressSanitizer, a stack overflow, a timeout):
//   - every public read of `ActiveProfile` on the input's keys, the payload's keys, argv's and the environment's, in
//     every type the README lists (Bool, Int, Double, String, the app's `RawRepresentable` enums, `Character`,
//     fixed-width integers, `LosslessStringConvertible` types), the three forms of each (optional, default, required),
//     mock points, typed keys, and `decode` of nested, optional, recursive and unsupported settings types;
//   - the same through the live process environment (the input's variables set with `setenv` for the duration of the
//     input) and the environment scan for a key prefix over an `environ`-shaped table of the input's lines;
//   - a `required…` read that disagrees with its optional form (a value where the optional read is nil, or the
//     reverse);
//   - a payload that decodes but does not decode again to the same after `WireFormat.encode`;
//   - the hand-on: the launched process (`launchArguments`, `launchEnvironment`) must not throw, must read every key
//     of the typed layer as the handing process does (a key the payload has only as a flag: on/off alike; it
//     travels as `-key YES`), must hand on exactly the same again, and must decode the same settings as a process
//     launched with the profile's own arguments.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The app's own types

enum Level: String, Decodable, CaseIterable, Sendable {
    case debug, info, error
}

enum Priority: Int, Decodable, CaseIterable, Sendable {
    case low = 1
    case high = 2
}

/// Both `RawRepresentable` and `LosslessStringConvertible`: the raw value wins.
struct Tag: RawRepresentable, LosslessStringConvertible, Equatable, Sendable {
    var rawValue: String
    init?(rawValue: String) {
        guard rawValue.hasPrefix("t") else { return nil }
        self.rawValue = rawValue
    }
    init?(_ description: String) { self.init(rawValue: description) }
    var description: String { rawValue }
}

struct Port: RawRepresentable, LosslessStringConvertible, Equatable, Sendable {
    var rawValue: Int
    init?(rawValue: Int) {
        guard (1...65535).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }
    init?(_ description: String) { nil }
    var description: String { "\(rawValue)" }
}

/// The key a `FuzzMock` read looks up: set before each read.
nonisolated(unsafe) var mockKeyUnderTest = ""

enum FuzzMock: String, MockPoint {
    static var mockKey: String { mockKeyUnderTest }
    case live
    case localMock = "local-mock"
    case empty = ""
}

enum DefaultedMock: String, MockPoint {
    static var mockKey: String { mockKeyUnderTest }
    static let defaultVariant: DefaultedMock? = .stub
    case stub, real
}

struct HTTP: Decodable, Equatable {
    var timeout: Double?
    var retries: Int8?
    var agent: String?
    var ports: [UInt16]?
    var keepAlive: Bool?
}

/// A recursive settings type: as deep as the keys go, up to the decoder's limit.
final class Chain: Decodable, Equatable, CustomStringConvertible {
    let value: Int?
    let flag: Bool?
    let next: Chain?

    static func == (lhs: Chain, rhs: Chain) -> Bool {
        lhs.value == rhs.value && lhs.flag == rhs.flag && lhs.next == rhs.next
    }

    var description: String {
        "Chain(\(value.map(String.init) ?? "nil"), \(flag.map(String.init) ?? "nil"), \(next?.description ?? "nil"))"
    }
}

struct Settings: Decodable, Equatable {
    var pageSize: Int?
    var name: String?
    var enabled: Bool?
    var level: Level?
    var priority: Priority?
    var ratio: Float?
    var scale: Double?
    var big: UInt64?
    var small: Int8?
    var tags: [String]?
    var optionalInts: [Int?]?
    var http: HTTP?
    var chain: Chain?
}

/// The canonical keys `Settings` reads as text (everything but its booleans), for the hand-on comparison: a key the
/// payload has only as a flag reads `1` in one process and `YES` in the other.
func settingsReadsAsText(_ canonical: String) -> Bool {
    let leaves: Set<String> = [
        "page-size", "name", "level", "priority", "ratio", "scale", "big", "small", "tags", "optional-ints",
        "http-timeout", "http-retries", "http-agent", "http-ports",
    ]
    if leaves.contains(canonical) { return true }
    var rest = Substring(canonical)
    guard rest.hasPrefix("chain-") else { return false }
    rest = rest.dropFirst(6)
    while rest.hasPrefix("next-") { rest = rest.dropFirst(5) }
    return rest == "value"
}

struct Required: Decodable {
    var pageSize: Int
    var http: HTTP
    var level: Level
    var letters: [Character.Wrapped]
}

extension Character {
    /// A `Decodable` character, decoded from its text (Character itself is not `Decodable`).
    struct Wrapped: Decodable {
        var character: Character?
        init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            character = text.count == 1 ? text.first : nil
        }
    }
}

struct Unsupported: Decodable {
    var map: [String: Int]?
    var items: [HTTP]?
    var nested: [[Int]]?
}

/// Decodes itself again through `superDecoder()`, without any key growing.
struct SuperLoop: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        _ = try SuperLoop(from: container.superDecoder())
    }
}

/// Decodes itself again through its single-value container.
struct SingleValueLoop: Decodable {
    init(from decoder: any Decoder) throws {
        _ = try decoder.singleValueContainer().decode(SingleValueLoop.self)
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

#if os(Linux)
struct Wide: Decodable {
    var signed: Int128?
    var unsigned: UInt128?
}
#endif

// MARK: - Reading everything

/// Keeps results alive so that reads are not optimised away.
nonisolated(unsafe) var sinkBytes = 0

func sink(_ text: String) { sinkBytes &+= text.utf8.count }

/// Stops the run with a message: libFuzzer records the input as a crash.
func finding(_ message: String) -> Never {
    let bytes = Array("RuntimeFuzzer finding: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// A read's result as text: the value, `nil`, or the error's kind and key (messages name the source, which differs
/// between a process and the one it hands the profile on to).
func describe<T>(_ value: T?) -> String {
    value.map { "\($0)" } ?? "nil"
}

func outcome<T>(_ body: () throws(ProfileRuntimeError) -> T) -> String {
    do {
        return "\(try body())"
    } catch {
        return "error \(error.kind) \(error.key ?? "-")"
    }
}

func describeError(_ error: any Error) -> String {
    if let error = error as? ProfileRuntimeError { return "error \(error.kind) \(error.key ?? "-")" }
    return "error \(error)"
}

/// The three forms of one read; the required form must agree with the optional one.
func triad<T>(
    _ profile: ActiveProfile, _ key: String, _ name: String,
    optional: () -> T?, withDefault: () -> T, required: () throws(ProfileRuntimeError) -> T
) -> String {
    let value = optional()
    let defaulted = withDefault()
    let result: Result<T, ProfileRuntimeError>
    do throws(ProfileRuntimeError) {
        result = .success(try required())
    } catch {
        result = .failure(error)
        sink(error.message)
    }
    if profile.payloadError == nil {
        switch (value, result) {
        case (.some(let value), .success(let required)) where "\(value)" != "\(required)":
            finding("\(name)(forKey: \(key.debugDescription)) is \(value) but the required read is \(required)")
        case (.some(let value), .failure(let error)):
            finding("\(name)(forKey: \(key.debugDescription)) is \(value) but the required read throws \(error)")
        case (nil, .success(let required)):
            finding("\(name)(forKey: \(key.debugDescription)) is nil but the required read gives \(required)")
        default: break
        }
    }
    switch result {
    case .success(let required): return "\(describe(value)) \(defaulted) \(required)"
    case .failure(let error): return "\(describe(value)) \(defaulted) error \(error.kind) \(error.key ?? "-")"
    }
}

/// Every read of the flag section, and of booleans (the reads a key the payload has only as a flag answers alike in
/// both processes of a hand-on).
func flagReads(_ profile: ActiveProfile, _ key: String) -> [String] {
    [
        "\(profile.isEnabled(key))",
        triad(
            profile, key, "flag", optional: { profile.flag(forKey: key) },
            withDefault: { profile.flag(forKey: key, default: true) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredFlag(forKey: key) }),
        triad(
            profile, key, "bool", optional: { profile.bool(forKey: key) },
            withDefault: { profile.bool(forKey: key, default: true) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredBool(forKey: key) }),
        triad(
            profile, key, "value(Bool)", optional: { profile.value(Bool.self, forKey: key) },
            withDefault: { profile.value(Bool.self, forKey: key, default: false) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredValue(Bool.self, forKey: key) }),
        "\(profile.isEnabled(FlagKey(key, default: true)))",
        "\(profile.value(ValueKey<Bool>(key, default: false)))",
    ]
}

/// The reads of one `LosslessStringConvertible` type.
func lossless<T: LosslessStringConvertible>(_ profile: ActiveProfile, _ key: String, _ type: T.Type, _ fallback: T)
    -> String
{
    triad(
        profile, key, "value(\(T.self))", optional: { profile.value(T.self, forKey: key) },
        withDefault: { profile.value(T.self, forKey: key, default: fallback) },
        required: { () throws(ProfileRuntimeError) in try profile.requiredValue(T.self, forKey: key) })
}

/// Every read that depends on the key's text.
func textReads(_ profile: ActiveProfile, _ key: String) -> [String] {
    mockKeyUnderTest = key
    var results = [
        triad(
            profile, key, "string", optional: { profile.string(forKey: key) },
            withDefault: { profile.string(forKey: key, default: "default") },
            required: { () throws(ProfileRuntimeError) in try profile.requiredString(forKey: key) }),
        triad(
            profile, key, "int", optional: { profile.int(forKey: key) },
            withDefault: { profile.int(forKey: key, default: 7) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredInt(forKey: key) }),
        triad(
            profile, key, "double", optional: { profile.double(forKey: key) },
            withDefault: { profile.double(forKey: key, default: 0.5) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredDouble(forKey: key) }),
        lossless(profile, key, Character.self, "c"),
        lossless(profile, key, Unicode.Scalar.self, "s"),
        lossless(profile, key, String.self, "s"),
        lossless(profile, key, Substring.self, "s"),
        lossless(profile, key, Int8.self, 1),
        lossless(profile, key, Int16.self, 1),
        lossless(profile, key, Int32.self, 1),
        lossless(profile, key, Int64.self, 1),
        lossless(profile, key, UInt.self, 1),
        lossless(profile, key, UInt8.self, 1),
        lossless(profile, key, UInt16.self, 1),
        lossless(profile, key, UInt32.self, 1),
        lossless(profile, key, UInt64.self, 1),
        lossless(profile, key, Float.self, 1),
        lossless(profile, key, Double.self, 1),
        triad(
            profile, key, "value(Level)", optional: { profile.value(Level.self, forKey: key) },
            withDefault: { profile.value(Level.self, forKey: key, default: .info) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredValue(Level.self, forKey: key) }),
        triad(
            profile, key, "value(Priority)", optional: { profile.value(Priority.self, forKey: key) },
            withDefault: { profile.value(Priority.self, forKey: key, default: .low) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredValue(Priority.self, forKey: key) }),
        triad(
            profile, key, "value(Tag)", optional: { profile.value(Tag.self, forKey: key) },
            withDefault: { profile.value(Tag.self, forKey: key, default: Tag(rawValue: "t")!) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredValue(Tag.self, forKey: key) }),
        triad(
            profile, key, "value(Port)", optional: { profile.value(Port.self, forKey: key) },
            withDefault: { profile.value(Port.self, forKey: key, default: Port(rawValue: 80)!) },
            required: { () throws(ProfileRuntimeError) in try profile.requiredValue(Port.self, forKey: key) }),
        "\(profile.value(ValueKey<String>(key, default: "d")))",
        "\(profile.value(ValueKey<Int>(key, default: 1)))",
        "\(profile.value(ValueKey<Double>(key, default: 1)))",
        "\(profile.value(ValueKey<Level>(key, default: .debug)))",
        // Property-list arrays (`-key '(en, "fr ca")'`) and registered defaults (the catalog's, from generated code).
        "\(profile.strings(forKey: key) ?? ["-"])",
        "\(profile.registering(defaults: [key: key, "retries": "0x1F"]).string(forKey: key) ?? "-")",
        "\(profile.registering(defaults: [key: "12"]).int(forKey: key, default: 0))",
        outcome { () throws(ProfileRuntimeError) in try profile.variant(of: FuzzMock.self) },
        outcome { () throws(ProfileRuntimeError) in try profile.variant(of: FuzzMock.self, default: .live) },
        outcome { () throws(ProfileRuntimeError) in try profile.selectedVariant(of: FuzzMock.self) },
        outcome { () throws(ProfileRuntimeError) in try profile.variant(of: DefaultedMock.self) },
    ]
    #if os(Linux)
    results.append(lossless(profile, key, Float16.self, 1))
    results.append(lossless(profile, key, Int128.self, 1))
    results.append(lossless(profile, key, UInt128.self, 1))
    #endif
    return results
}

/// How many results ``flagReads(_:_:)`` gives (they come first in ``allReads(_:_:)``).
let flagReadCount = 6

func allReads(_ profile: ActiveProfile, _ key: String) -> [String] {
    flagReads(profile, key) + textReads(profile, key)
}

func decodeResult<T: Decodable>(_ profile: ActiveProfile, _ type: T.Type, prefix: String? = nil) -> String {
    do {
        return "\(try profile.decode(T.self, prefix: prefix))"
    } catch {
        if let error = error as? ProfileRuntimeError { sink(error.message) }
        return describeError(error)
    }
}

/// Every settings type, without and with the input's prefix.
func decodeEverything(_ profile: ActiveProfile, prefix: String?) {
    for prefix in [nil, prefix] {
        sink(decodeResult(profile, Settings.self, prefix: prefix))
        sink(decodeResult(profile, Chain.self, prefix: prefix))
        sink(decodeResult(profile, Required.self, prefix: prefix))
        sink(decodeResult(profile, Unsupported.self, prefix: prefix))
        sink(decodeResult(profile, HTTP.self, prefix: prefix))
        sink(decodeResult(profile, [Int].self, prefix: prefix))
        sink(decodeResult(profile, Level.self, prefix: prefix))
        sink(decodeResult(profile, Int8?.self, prefix: prefix))
        #if os(Linux)
        sink(decodeResult(profile, Wide.self, prefix: prefix))
        #endif
    }
    sink(decodeResult(profile, SuperLoop.self))
    sink(decodeResult(profile, SingleValueLoop.self))
}

// MARK: - The input

struct Input {
    var payload: String?
    var arguments: [String] = []
    var environment: [(name: String, value: String)] = []
    var keys: [String] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var pieces: [[UInt8]] = []
        var current: [UInt8] = []
        var any = false
        for byte in bytes {
            any = true
            if byte == 0xFF {
                pieces.append(current)
                current = []
                if pieces.count == 4 { break }
            } else {
                current.append(byte)
            }
        }
        if pieces.count < 4 && any { pieces.append(current) }
        func text(_ index: Int) -> String? {
            index < pieces.count ? String(decoding: pieces[index], as: UTF8.self) : nil
        }
        func lines(_ index: Int) -> [String] {
            guard let text = text(index), !text.isEmpty else { return [] }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        payload = text(0)
        arguments = lines(1)
        for line in lines(2) {
            if let equals = line.firstIndex(of: "=") {
                environment.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
            } else {
                environment.append((line, ""))
            }
        }
        keys = lines(3)
    }

    var environmentTable: [String: String] {
        var table: [String: String] = [:]
        for (name, value) in environment { table[name] = value }
        if let payload { table[WireFormat.environmentVariable] = payload }
        return table
    }
}

/// The keys an input's profile is read under: its payload's typed keys first (the hand-on compares those), then the
/// input's keys, argv's option names, the environment's names and a few the app types read: at most 16 and 24.
func keys(for input: Input, payload: ProfilePayload) -> (typed: [String], all: [String]) {
    var typed: [String] = []
    for key in payload.flags.keys.sorted() + payload.mocks.keys.sorted() + payload.values.keys.sorted()
    where !typed.contains(key) && typed.count < 16 {
        typed.append(key)
    }
    var all = typed
    var candidates = input.keys
    for token in input.arguments where token.hasPrefix("-") {
        let name = token.drop(while: { $0 == "-" })
        candidates.append(String(name.prefix(while: { $0 != "=" })))
    }
    candidates += input.environment.map(\.name)
    candidates += ["pageSize", "page_size", "PAGE_SIZE", "http.timeout", "countries", "skipOnboarding", "", "-"]
    for key in candidates where all.count < 24 && !all.contains(key) { all.append(key) }
    return (typed, all)
}

// MARK: - Checks

/// The wire format: what decodes, encodes to what decodes to the same.
func checkRoundTrip(_ text: String) {
    guard let payload = try? WireFormat.decode(text) else { return }
    let encoded = WireFormat.encode(payload)
    guard let again = try? WireFormat.decode(encoded) else {
        finding("the encoding of a decoded payload does not decode: \(encoded.debugDescription)")
    }
    if again != payload { finding("a payload decodes differently once re-encoded: \(text.debugDescription)") }
    if WireFormat.encode(again) != encoded { finding("encoding is not deterministic for \(text.debugDescription)") }
}

/// Whether `key` is one the payload has only as a flag (its text differs between the processes of a hand-on).
func isOnlyAFlag(_ profile: ActiveProfile, _ key: String) -> Bool {
    guard let entry = profile.table[ProfileKey.canonical(key)] else { return false }
    return entry.flag != nil && entry.mock == nil && entry.value == nil
}

/// A process launched with `runner`'s hand-on reads the typed layer as `runner` does, and hands on the same again.
/// Every read derives from the text `find` gives for a section, so those are compared for every key; `runnerReads`
/// (the runner's reads, by key, when already made) has the public reads compared too.
func checkHandOn(
    _ runner: ActiveProfile, typedKeys: [String], label: String, runnerReads: [String: [String]]? = nil
) -> ActiveProfile? {
    guard runner.hasPayload else {
        if !runner.launchArguments.isEmpty || !runner.launchEnvironment.isEmpty {
            finding("\(label): a process without a readable payload hands something on")
        }
        return nil
    }
    let configuration = runner.launchConfiguration
    let child: ActiveProfile
    do {
        child = try ActiveProfile(
            arguments: ["app"] + configuration.launchArguments, environment: configuration.launchEnvironment)
    } catch {
        finding("\(label): the hand-on does not read back: \(error)")
    }
    if child.profiles != runner.profiles { finding("\(label): profiles \(runner.profiles) became \(child.profiles)") }
    for key in typedKeys {
        let onlyAFlag = isOnlyAFlag(runner, key)
        let canonical = ProfileKey.canonical(key)
        for section in [ActiveProfile.Section.flag, .mock, .value] {
            let mine = runner.find(canonical: canonical, prefer: section).map(\.text)
            let theirs = child.find(canonical: canonical, prefer: section).map(\.text)
            let same =
                onlyAFlag
                ? mine.map(ActiveProfile.convertBool) == theirs.map(ActiveProfile.convertBool) : mine == theirs
            if !same {
                finding(
                    "\(label): key \(key.debugDescription) (\(section)) reads \(String(describing: mine)) here and "
                        + "\(String(describing: theirs)) once handed on with \(configuration.launchArguments)")
            }
        }
        guard let reads = runnerReads?[key] else { continue }
        let mine = onlyAFlag ? Array(reads.prefix(flagReadCount)) : reads
        let theirs = onlyAFlag ? flagReads(child, key) : allReads(child, key)
        if mine != theirs {
            let difference =
                zip(mine, theirs).first { $0 != $1 }.map { "\($0.0) / \($0.1)" }
                ?? "\(mine.count) reads / \(theirs.count)"
            finding("\(label): key \(key.debugDescription) reads differently once handed on: \(difference)")
        }
    }
    if child.effectivePayload != runner.effectivePayload {
        finding("\(label): the handed-on payload differs: \(runner.effectivePayload) / \(child.effectivePayload)")
    }
    if child.launchArguments != configuration.launchArguments {
        finding("\(label): handing on again gives \(child.launchArguments), not \(configuration.launchArguments)")
    }
    if child.launchEnvironment != configuration.launchEnvironment {
        finding("\(label): handing on again gives another environment")
    }
    return child
}

/// A process launched with the profile's own arguments (as `profile run` launches it, without other options) and the
/// process it hands the profile on to decode the same settings.
func checkDecodedSettings(payloadText: String) {
    guard let payload = try? WireFormat.decode(payloadText) else { return }
    let launched = ActiveProfile(
        arguments: ["app"] + payload.arguments, source: .fixed([WireFormat.environmentVariable: payloadText]),
        payloadText: payloadText)
    let typedKeys = Array(payload.flags.keys) + Array(payload.mocks.keys) + Array(payload.values.keys)
    guard let child = checkHandOn(launched, typedKeys: typedKeys, label: "launched with its arguments") else { return }
    let comparable = !typedKeys.contains { isOnlyAFlag(launched, $0) && settingsReadsAsText(ProfileKey.canonical($0)) }
    guard comparable else { return }
    let mine = decodeResult(launched, Settings.self)
    let theirs = decodeResult(child, Settings.self)
    if mine != theirs { finding("settings decode as \(mine) here and \(theirs) once handed on") }
}

/// The live process environment: the input's variables that the process does not have set for the duration of the
/// reads (with `putenv` on buffers of ours, freed after: `setenv` would keep every value it ever set).
func checkProcessEnvironment(_ input: Input, keys: [String]) {
    var added: [(name: String, entry: UnsafeMutablePointer<CChar>)] = []
    for (name, value) in input.environment.prefix(8)
    where ProcessEnvironment.isVariableName(name) && getenv(name) == nil && !added.contains(where: { $0.name == name })
    {
        let bytes = Array((name + "=" + value).utf8.prefix(while: { $0 != 0 }))
        let entry = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (offset, byte) in bytes.enumerated() { entry[offset] = CChar(bitPattern: byte) }
        entry[bytes.count] = 0
        guard putenv(entry) == 0 else {
            entry.deallocate()
            continue
        }
        added.append((name, entry))
    }
    defer {
        for (name, entry) in added.reversed() {
            unsetenv(name)
            entry.deallocate()
        }
    }
    let profile = ActiveProfile(arguments: ["app"] + input.arguments, source: .process, payloadText: input.payload)
    for key in keys.prefix(6) {
        sink(allReads(profile, key).joined())
        sink(decodeResult(profile, Chain.self, prefix: key))
    }
    sink(decodeResult(profile, Settings.self, prefix: input.keys.first))
}

/// The scan for a name prefix over an `environ`-shaped table of the input's lines (each entry exactly as long as the
/// line up to a NUL), with the input's keys (NULs included) as prefixes: out-of-bounds reads show under ASan.
func checkEnvironmentScan(_ input: Input, keys: [String]) {
    var lines = input.environment.prefix(16).map { $0.name + "=" + $0.value }
    if let payload = input.payload { lines.append(payload) }
    let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: lines.count + 1)
    defer { table.deallocate() }
    for (index, line) in lines.enumerated() {
        let bytes = Array(line.utf8.prefix(while: { $0 != 0 }))
        let entry = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (offset, byte) in bytes.enumerated() { entry[offset] = CChar(bitPattern: byte) }
        entry[bytes.count] = 0
        table[index] = entry
    }
    table[lines.count] = nil
    defer { for index in 0..<lines.count { table[index]?.deallocate() } }
    for key in keys.prefix(16) {
        let prefix = ProfileKey.environmentName(canonical: ProfileKey.canonical(key))
        for candidate in [prefix, prefix + "_", key, key + "\u{0}", key + "=\u{0}x"] {
            let found = ProcessEnvironment.containsName(withPrefix: candidate, in: UnsafePointer(table))
            if found, candidate.utf8.contains(0) {
                finding("a prefix holding a NUL matched: \(candidate.debugDescription)")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Input(UnsafeBufferPointer(start: size > 0 ? data : nil, count: size > 0 ? size : 0))
    let environment = input.environmentTable
    let arguments = ["app"] + input.arguments

    // The public initializer throws exactly when the payload is broken; the reads work either way.
    let profile = ActiveProfile(arguments: arguments, source: .fixed(environment), payloadText: input.payload)
    do {
        let strict = try ActiveProfile(arguments: arguments, environment: environment)
        if profile.payloadError != nil { finding("the initializer accepts a payload the profile keeps an error for") }
        sink(strict.profiles.joined())
    } catch {
        if profile.payloadError != error {
            finding("the initializer throws \(error), the profile keeps \(String(describing: profile.payloadError))")
        }
    }
    if let payload = input.payload { checkRoundTrip(payload) }
    sink(outcome { () throws(ProfileRuntimeError) in try profile.validate() })

    let payload = profile.payload
    let (typedKeys, allKeys) = keys(for: input, payload: payload)
    var reads: [String: [String]] = [:]
    for key in allKeys {
        let results = allReads(profile, key)
        if results.count < flagReadCount { finding("fewer reads than flag reads") }
        reads[key] = results
    }
    decodeEverything(profile, prefix: input.keys.first)

    // The hand-on, from this process and from one launched with the profile's own arguments.
    if let child = checkHandOn(profile, typedKeys: typedKeys, label: "handed on", runnerReads: reads) {
        sink(child.launchConfiguration.name)
    }
    if let payloadText = input.payload, profile.hasPayload { checkDecodedSettings(payloadText: payloadText) }

    // A payload's own launch arguments read as the payload says.
    if profile.hasPayload {
        let direct = ActiveProfile(payload: payload)
        if let launched = try? ActiveProfile(
            arguments: ["app"] + payload.launchArguments,
            environment: [WireFormat.environmentVariable: WireFormat.encode(payload)])
        {
            for key in typedKeys {
                let onlyAFlag = isOnlyAFlag(direct, key)
                let canonical = ProfileKey.canonical(key)
                for section in [ActiveProfile.Section.flag, .mock, .value] {
                    let mine = direct.find(canonical: canonical, prefer: section).map(\.text)
                    let theirs = launched.find(canonical: canonical, prefer: section).map(\.text)
                    let same =
                        onlyAFlag
                        ? mine.map(ActiveProfile.convertBool) == theirs.map(ActiveProfile.convertBool) : mine == theirs
                    if !same { finding("the payload's launch arguments read \(key.debugDescription) differently") }
                }
            }
        } else {
            finding("the payload's own encoding does not read back")
        }
    }

    checkProcessEnvironment(input, keys: allKeys)
    checkEnvironmentScan(input, keys: allKeys)
    return 0
}

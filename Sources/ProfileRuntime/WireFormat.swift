/// The `PROFILE_PAYLOAD` wire format: how the typed layer of a profile travels to the launched process.
///
/// The format is specified in `Sources/ProfileRuntime/WireFormat.md`, the one document of it. In short:
///
/// ```
/// (one line)
/// profile/1;profile=uitest;flag.skipOnboarding=1;mock.countries=local-mock;value.pageSize=5;argument=-UITests;
/// env=API_BASE_URL;end
/// ```
///
/// Names, keys and values escape `%`, `;`, `=`, `,`, bytes below 0x20 and 0x7F as `%XX` (uppercase hex).
public enum WireFormat {
    /// The environment variable that carries the payload: `PROFILE_PAYLOAD`.
    public static let environmentVariable = "PROFILE_PAYLOAD"

    /// The format version this library writes and the highest it reads: `1`.
    public static let version = 1

    /// Encodes a payload. The output is deterministic: profiles, arguments and environment keys keep their order;
    /// flags, mocks and values are sorted by key (byte order).
    public static func encode(_ payload: ProfilePayload) -> String {
        var entries = Entries()
        entries.profiles = payload.profiles
        for key in payload.flags.keys.sorted(by: utf8Precedes) {
            entries.flagKeys.append(key)
            entries.flagStates.append(payload.flags[key]!)
        }
        for key in payload.mocks.keys.sorted(by: utf8Precedes) {
            entries.mockKeys.append(key)
            entries.mockVariants.append(payload.mocks[key]!)
        }
        for key in payload.values.keys.sorted(by: utf8Precedes) {
            entries.valueKeys.append(key)
            entries.valueTexts.append(payload.values[key]!)
        }
        entries.arguments = payload.arguments
        entries.checkboxArguments = payload.checkboxArguments
        entries.environmentKeys = payload.environmentKeys
        entries.disabledEnvironmentKeys = payload.disabledEnvironmentKeys
        return encode(entries)
    }

    /// A payload's entries in the order the format writes them. Flags, mocks and values are sorted by key in byte
    /// order, keys unique, each kind as parallel lists (keys, and their states, variants or texts): ``encode(_:)-(ProfilePayload)``
    /// sorts a payload's; `profile run` has its entries sorted already and builds no ``ProfilePayload``.
    package struct Entries {
        package var profiles: [String] = []
        package var flagKeys: [String] = []
        package var flagStates: [Bool] = []
        package var mockKeys: [String] = []
        package var mockVariants: [String] = []
        package var valueKeys: [String] = []
        package var valueTexts: [String] = []
        package var arguments: [String] = []
        package var checkboxArguments: [ProfilePayload.CheckboxEntry] = []
        package var environmentKeys: [String] = []
        package var disabledEnvironmentKeys: [ProfilePayload.Placed] = []

        package init() {}
    }

    /// The payload of `entries`: the one writer of the format, in the order WireFormat.md lists the entries (profiles,
    /// flags, mocks, values, arguments, checkbox arguments, environment keys with the disabled ones at their places).
    package static func encode(_ entries: Entries) -> String {
        var writer = Writer(
            entries: entries.flagKeys.count + entries.mockKeys.count + entries.valueKeys.count, counting: false)
        write(entries, into: &writer)
        return writer.finish()
    }

    /// The bytes ``encode(_:)-(Entries)`` writes for `entries`, counted by the same writer without building the text
    /// (`profile` checks a payload's size on every resolution: ``PayloadSize``).
    package static func encodedLength(_ entries: Entries) -> Int {
        var writer = Writer(entries: 0, counting: true)
        write(entries, into: &writer)
        writer.end()
        return writer.length
    }

    private static func write(_ entries: Entries, into writer: inout Writer) {
        for name in entries.profiles { writer.profile(name) }
        for index in entries.flagKeys.indices { writer.flag(entries.flagKeys[index], entries.flagStates[index]) }
        for index in entries.mockKeys.indices { writer.mock(entries.mockKeys[index], entries.mockVariants[index]) }
        for index in entries.valueKeys.indices { writer.value(entries.valueKeys[index], entries.valueTexts[index]) }
        for argument in entries.arguments { writer.argument(argument) }
        for entry in entries.checkboxArguments { writer.checkboxArgument(entry.words, isEnabled: entry.isEnabled) }
        var disabledKeys = entries.disabledEnvironmentKeys.makeIterator()
        var nextKey = disabledKeys.next()
        for (index, name) in entries.environmentKeys.enumerated() {
            while let placed = nextKey, placed.position <= index {
                writer.disabledEnvironmentKey(placed.text)
                nextKey = disabledKeys.next()
            }
            writer.environmentKey(name)
        }
        while let placed = nextKey {
            writer.disabledEnvironmentKey(placed.text)
            nextKey = disabledKeys.next()
        }
    }

    /// Writes entries, each escaped, in the order ``write(_:into:)`` calls it.
    private struct Writer {
        private var out: [UInt8] = []
        /// Counting, the writer keeps nothing of what it writes after the header: it adds up its bytes.
        private let counting: Bool
        /// The bytes written while counting.
        private(set) var counted = 0

        /// A writer for about `entries` flags, mocks and values.
        init(entries: Int, counting: Bool) {
            self.counting = counting
            if !counting { out.reserveCapacity(64 + 24 * entries) }
            out.append(contentsOf: "profile/\(version)".utf8)
        }

        private mutating func put(_ byte: UInt8) {
            if counting { counted += 1 } else { out.append(byte) }
        }

        private mutating func put(_ bytes: some Collection<UInt8>) {
            if counting { counted += bytes.count } else { out.append(contentsOf: bytes) }
        }

        mutating func profile(_ name: String) { entry("profile=", name) }
        mutating func flag(_ key: String, _ isOn: Bool) {
            entry("flag.", key)
            put(isOn ? "=1".utf8 : "=0".utf8)
        }
        mutating func mock(_ key: String, _ variant: String) { entry("mock.", key, variant) }
        mutating func value(_ key: String, _ text: String) { entry("value.", key, text) }
        mutating func argument(_ text: String) { entry("argument=", text) }
        mutating func environmentKey(_ name: String) { entry("env=", name) }
        /// `argument-on=` / `argument-off=`: the words, each escaped, separated by `,`.
        mutating func checkboxArgument(_ words: [String], isEnabled: Bool) {
            entry(isEnabled ? "argument-on=" : "argument-off=", words.first ?? "")
            for word in words.dropFirst() {
                put(UInt8(ascii: ","))
                appendEscaped(word)
            }
        }
        mutating func disabledEnvironmentKey(_ name: String) { entry("env-off=", name) }

        /// The payload.
        consuming func finish() -> String {
            end()
            return String(decoding: out, as: UTF8.self)
        }

        /// Writes the final entry.
        mutating func end() { put(";end".utf8) }

        /// The bytes written (counted, or kept).
        var length: Int { out.count + counted }

        private mutating func entry(_ prefix: StaticString, _ text: String) {
            put(UInt8(ascii: ";"))
            put(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
            appendEscaped(text)
        }

        private mutating func entry(_ prefix: StaticString, _ key: String, _ value: String) {
            entry(prefix, key)
            put(UInt8(ascii: "="))
            appendEscaped(value)
        }

        /// `text` with the bytes ``needsEscape(_:)`` names written `%XX`; the runs between them copied at once.
        private mutating func appendEscaped(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                var start = 0
                for index in 0..<bytes.count where needsEscape(bytes[index]) {
                    if start < index { put(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                    let byte = bytes[index]
                    put(UInt8(ascii: "%"))
                    put(hexDigit(byte >> 4))
                    put(hexDigit(byte & 0x0F))
                    start = index + 1
                }
                if start < bytes.count { put(UnsafeBufferPointer(rebasing: bytes[start...])) }
            }
        }
    }

    /// Decodes a payload.
    ///
    /// - Throws: ``ProfileRuntimeError`` when the header is missing or garbled, the payload is from a newer
    ///   format version, it does not end with `;end` (truncated), a `%` escape is malformed, or a flag is not `1`/`0`.
    ///   Unknown entry kinds are ignored (the format grows additively); for duplicate keys the last entry wins.
    public static func decode(_ text: String) throws(ProfileRuntimeError) -> ProfilePayload {
        var builder = PayloadBuilder()
        try scan(text, into: &builder)
        return builder.payload
    }

    /// The bytes `text` takes in a payload once escaped (a byte ``needsEscape(_:)`` names takes ``escapeGrowth``).
    package static func escapedLength(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 { count += needsEscape(byte) ? escapeGrowth : 1 }
        return count
    }

    /// The most bytes one byte of a text takes in a payload: a byte ``needsEscape(_:)`` names is written `%XX`. The
    /// bounds on a payload's size that do not escape each text (`PayloadSize`, `LintBounds`) multiply by it.
    package static let escapeGrowth = 3

    /// The most bytes one entry adds besides its escaped texts: `;`, its longest prefix (`argument-off=`,
    /// `env-off=`, `value.`), and `=` between a key and its value.
    package static let entryOverhead = 16

    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: ";")
            || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ",")
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    // MARK: - Decoding

    /// Scans a payload and reports its entries, in order, to `visitor`. Shared by ``decode(_:)`` and
    /// ``ActiveProfile``, which builds its lookup table directly without an intermediate ``ProfilePayload``.
    static func scan<Visitor: PayloadVisitor>(
        _ text: String,
        into visitor: inout Visitor
    ) throws(ProfileRuntimeError) {
        let result: Result<Void, ProfileRuntimeError>? = text.utf8.withContiguousStorageIfAvailable { bytes in
            do throws(ProfileRuntimeError) {
                try scan(bytes, into: &visitor)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        // Native strings provide contiguous storage; bridged ones fall back to a copy.
        try (result ?? scan(Array(text.utf8), into: &visitor)).get()
    }

    private static func scan<Visitor: PayloadVisitor>(
        _ bytes: [UInt8],
        into visitor: inout Visitor
    ) -> Result<Void, ProfileRuntimeError> {
        bytes.withUnsafeBufferPointer { buffer in
            do throws(ProfileRuntimeError) {
                try scan(buffer, into: &visitor)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
    }

    private static let header: StaticString = "profile/"
    private static let trailer: StaticString = ";end"

    private static func scan<Visitor: PayloadVisitor>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        into visitor: inout Visitor
    ) throws(ProfileRuntimeError) {
        let count = bytes.count
        let headerLength = header.utf8CodeUnitCount
        guard count >= headerLength, matches(bytes, at: 0, header) else {
            throw ProfileRuntimeError(
                .malformedPayload,
                message: "\(environmentVariable) does not start with the header \"profile/\(version)\": "
                    + "\"\(excerpt(bytes, 0..<min(count, 24)))\""
            )
        }
        var index = headerLength
        var payloadVersion = 0
        while index < count, let digit = decimalDigit(bytes[index]) {
            if payloadVersion < 1_000_000 { payloadVersion = payloadVersion * 10 + digit }
            index += 1
        }
        guard index > headerLength, index == count || bytes[index] == UInt8(ascii: ";"), payloadVersion > 0 else {
            let end = index < count ? index + 1 : index
            throw ProfileRuntimeError(
                .malformedPayload,
                message: "\(environmentVariable) has a garbled header \"\(excerpt(bytes, 0..<min(end, 24)))\"; "
                    + "expected \"profile/\(version)\""
            )
        }
        if payloadVersion > version {
            throw ProfileRuntimeError(
                .unsupportedVersion,
                message: "\(environmentVariable) is from a newer format version \(payloadVersion); this runtime "
                    + "supports version \(version). Update the ProfileRuntime library."
            )
        }
        let trailerLength = trailer.utf8CodeUnitCount
        guard count - trailerLength >= index, matches(bytes, at: count - trailerLength, trailer) else {
            throw ProfileRuntimeError(
                .truncatedPayload,
                message: "truncated payload: \(environmentVariable) does not end with \";end\" "
                    + "(\(count) bytes, ending \"\(excerpt(bytes, max(0, count - 16)..<count))\")"
            )
        }
        let bodyEnd = count - trailerLength
        var start = index + 1  // after the header's ";"
        while start <= bodyEnd {
            var end = start
            while end < bodyEnd && bytes[end] != UInt8(ascii: ";") { end += 1 }
            try scanEntry(bytes, start..<end, into: &visitor)
            start = end + 1
        }
    }

    private static func scanEntry<Visitor: PayloadVisitor>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        into visitor: inout Visitor
    ) throws(ProfileRuntimeError) {
        guard var equals = range.first(where: { bytes[$0] == UInt8(ascii: "=") }) else {
            if range.count == 3 && matches(bytes, at: range.lowerBound, "end") {
                throw ProfileRuntimeError(
                    .malformedPayload,
                    message: "\(environmentVariable) has entries after its \";end\" marker"
                )
            }
            return  // An entry form this version does not know: ignored (additive growth).
        }
        let name = range.lowerBound..<equals
        equals += 1
        let value = equals..<range.upperBound
        switch name.count {
        case 7 where matches(bytes, at: name.lowerBound, "profile"):
            visitor.profile(try unescape(bytes, value, entry: range))
        case 8 where matches(bytes, at: name.lowerBound, "argument"):
            visitor.argument(try unescape(bytes, value, entry: range))
        case 3 where matches(bytes, at: name.lowerBound, "env"):
            visitor.environmentKey(try unescape(bytes, value, entry: range))
        case 11 where matches(bytes, at: name.lowerBound, "argument-on"):
            visitor.checkboxArgument(try list(bytes, value, entry: range), isEnabled: true)
        case 12 where matches(bytes, at: name.lowerBound, "argument-off"):
            visitor.checkboxArgument(try list(bytes, value, entry: range), isEnabled: false)
        case 7 where matches(bytes, at: name.lowerBound, "env-off"):
            visitor.disabledEnvironmentKey(try unescape(bytes, value, entry: range))
        default:
            guard let dot = name.first(where: { bytes[$0] == UInt8(ascii: ".") }) else { return }
            let keyRange = (dot + 1)..<name.upperBound
            switch dot - name.lowerBound {
            case 4 where matches(bytes, at: name.lowerBound, "flag"):
                let key = try unescape(bytes, keyRange, entry: range)
                guard value.count == 1,
                    bytes[value.lowerBound] == UInt8(ascii: "1")
                        || bytes[value.lowerBound] == UInt8(ascii: "0")
                else {
                    throw ProfileRuntimeError(
                        .malformedPayload,
                        key: key,
                        message: "\(environmentVariable) sets flag \"\(key)\" to \"\(excerpt(bytes, value))\"; "
                            + "expected 1 or 0"
                    )
                }
                visitor.flag(key, bytes[value.lowerBound] == UInt8(ascii: "1"))
            case 4 where matches(bytes, at: name.lowerBound, "mock"):
                visitor.mock(try unescape(bytes, keyRange, entry: range), try unescape(bytes, value, entry: range))
            case 5 where matches(bytes, at: name.lowerBound, "value"):
                visitor.value(try unescape(bytes, keyRange, entry: range), try unescape(bytes, value, entry: range))
            default:
                return  // An entry kind this version does not know: ignored (additive growth).
            }
        }
    }

    /// A list: texts separated by raw `,`, each unescaped.
    private static func list(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entry: Range<Int>
    ) throws(ProfileRuntimeError) -> [String] {
        var words: [String] = []
        var start = range.lowerBound
        for index in range where bytes[index] == UInt8(ascii: ",") {
            words.append(try unescape(bytes, start..<index, entry: entry))
            start = index + 1
        }
        words.append(try unescape(bytes, start..<range.upperBound, entry: entry))
        return words
    }

    private static func unescape(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        entry: Range<Int>
    ) throws(ProfileRuntimeError) -> String {
        guard let firstPercent = range.first(where: { bytes[$0] == UInt8(ascii: "%") }) else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<firstPercent]))
        var escapedHighByte = false
        var index = firstPercent
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < range.upperBound,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else {
                let sequence = excerpt(bytes, index..<min(index + 3, range.upperBound))
                throw ProfileRuntimeError(
                    .invalidEscape,
                    message: "malformed escape \"\(sequence)\" in \(environmentVariable) entry "
                        + "\"\(excerpt(bytes, entry))\"; expected % followed by two hexadecimal digits"
                )
            }
            let value = high << 4 | low
            escapedHighByte = escapedHighByte || value >= 0x80
            decoded.append(value)
            index += 3
        }
        if escapedHighByte && !isValidUTF8(decoded) {
            throw ProfileRuntimeError(
                .invalidEscape,
                message: "escapes in \(environmentVariable) entry \"\(excerpt(bytes, entry))\" decode to invalid UTF-8"
            )
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    @inline(__always)
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, offset + length <= bytes.count else { return false }
        let start = literal.utf8Start
        for index in 0..<length where bytes[offset + index] != start[index] {
            return false
        }
        return true
    }

    @inline(__always)
    private static func decimalDigit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// A short, printable excerpt of raw payload bytes for error messages (at most 80 bytes).
    private static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let clipped = range.lowerBound..<min(range.upperBound, range.lowerBound + 80)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[clipped]), as: UTF8.self)
        return clipped.count < range.count ? text + "…" : text
    }

    private static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var codec = UTF8()
        while true {
            switch codec.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

/// Receives the entries of a payload in order while ``WireFormat`` scans it.
protocol PayloadVisitor {
    mutating func profile(_ name: String)
    mutating func flag(_ key: String, _ isOn: Bool)
    mutating func mock(_ key: String, _ variant: String)
    mutating func value(_ key: String, _ text: String)
    mutating func argument(_ text: String)
    mutating func environmentKey(_ name: String)
    mutating func checkboxArgument(_ words: [String], isEnabled: Bool)
    mutating func disabledEnvironmentKey(_ name: String)
}

extension PayloadVisitor {
    /// Checkbox entries are a record for `profile export --update` and the hand-on: readers of the profile skip them.
    mutating func checkboxArgument(_ words: [String], isEnabled: Bool) {}
    mutating func disabledEnvironmentKey(_ name: String) {}
}

/// Builds a ``ProfilePayload`` from scanned entries; for duplicate keys the last entry wins.
private struct PayloadBuilder: PayloadVisitor {
    var payload = ProfilePayload()

    mutating func profile(_ name: String) { payload.profiles.append(name) }
    mutating func flag(_ key: String, _ isOn: Bool) { payload.flags[key] = isOn }
    mutating func mock(_ key: String, _ variant: String) { payload.mocks[key] = variant }
    mutating func value(_ key: String, _ text: String) { payload.values[key] = text }
    mutating func argument(_ text: String) { payload.arguments.append(text) }
    mutating func environmentKey(_ name: String) { payload.environmentKeys.append(name) }
    mutating func checkboxArgument(_ words: [String], isEnabled: Bool) {
        payload.checkboxArguments.append(.init(words: words, isEnabled: isEnabled))
    }
    mutating func disabledEnvironmentKey(_ name: String) {
        payload.disabledEnvironmentKeys.append(.init(position: payload.environmentKeys.count, text: name))
    }
}

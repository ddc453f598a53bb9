import ProfileModel
import ProfileRuntime

/// Upper bounds of what interpolating a file's texts can give under `lint`, which resolves with an empty invoking
/// environment: a text of L bytes holding R references (nested ones too) interpolates to at most
/// L + R × M bytes, where M bounds the value of every variable set so far (a reference to an unset variable gives its
/// default, which is part of the text, or nothing). A chain whose bounds stay within the limits cannot fail on a
/// length: `lint` then needs no merge to know (``Resolver/lintShortcut(_:hasCatalog:)``); otherwise the full check
/// measures the real lengths. The limits themselves are the rules' own (``Interpolator/Destination/limit``, and the
/// payload's, which the caller passes: `PayloadSize.limit`): this only decides when they need to be measured.
struct LintBounds {
    /// One `env` entry that sets a value: its name, the text's bytes and references.
    struct Entry {
        var name: String
        var length: Int
        var references: Int
    }

    /// Texts of one kind (arguments, or interpolated values): their escaped bytes and references added up, and the
    /// largest length and reference count of any one of them.
    struct Texts {
        var escapedBytes = 0
        var references = 0
        var longest = 0
        var mostReferences = 0

        mutating func add(_ text: String) {
            let references = LintBounds.references(text)
            escapedBytes += WireFormat.entryOverhead + WireFormat.escapedLength(text)
            self.references += references
            longest = max(longest, text.utf8.count)
            mostReferences = max(mostReferences, references)
        }

        mutating func add(_ other: Texts) {
            escapedBytes += other.escapedBytes
            references += other.references
            longest = max(longest, other.longest)
            mostReferences = max(mostReferences, other.mostReferences)
        }

        /// The longest any one of them can be once interpolated, with variables of at most `longestValue` bytes.
        func longestResult(_ longestValue: Int) -> Int {
            saturatingSum(longest, saturatingProduct(mostReferences, longestValue))
        }

        /// The payload bytes they can take (each interpolated byte escaped, ``WireFormat/escapeGrowth`` at worst).
        func payloadBytes(_ longestValue: Int) -> Int {
            saturatingSum(
                escapedBytes, saturatingProduct(WireFormat.escapeGrowth, saturatingProduct(references, longestValue)))
        }
    }

    var environment: [Entry] = []
    var arguments = Texts()
    var values = Texts()
    /// The payload bytes of the entries whose text is known: flags, mock points, values without `$`, variable names.
    var fixedPayloadBytes = 0

    init(_ definition: ProfileDefinition) {
        Self.forEachKeyedEntry(of: definition) { _, _, bytes in fixedPayloadBytes += bytes }
        for entry in definition.environment {
            guard let text = entry.value?.value else { continue }
            environment.append(
                Entry(name: entry.name.value, length: text.utf8.count, references: Self.references(text)))
        }
        for operation in definition.arguments {
            switch operation {
            case .append(let group, _), .replace(_, let group, _):
                for argument in group { arguments.add(argument.value) }
            case .drop: break
            }
        }
        for value in definition.values {
            if case .string(let string)? = value.value.value, Interpolator.containsDollar(string) { values.add(string) }
        }
    }

    /// Each entry of `definition` that a key names in the payload (a flag, a mock point, a value whose text is known, a
    /// variable's name), with its kind (0 to 3), its key and the bytes it takes there. A child that sets a key again
    /// replaces its parent's entry: summed along a chain they overcount, which ``KeyedCap`` bounds.
    static func forEachKeyedEntry(of definition: ProfileDefinition, _ body: (UInt8, String, Int) -> Void) {
        let overhead = WireFormat.entryOverhead
        for flag in definition.flags {
            body(0, flag.key.value, overhead + WireFormat.escapedLength(flag.key.value) + 1)
        }
        for mock in definition.mocks {
            body(
                1, mock.key.value,
                overhead + WireFormat.escapedLength(mock.key.value) + WireFormat.escapedLength(mock.value.value))
        }
        for value in definition.values {
            var bytes = overhead + WireFormat.escapedLength(value.key.value)
            if let typed = value.value.value {
                if case .string(let string) = typed, Interpolator.containsDollar(string) {
                    // Counted with the interpolated texts.
                } else {
                    bytes += WireFormat.escapedLength(typed.text)
                }
            }
            body(2, value.key.value, bytes)
        }
        for entry in definition.environment {
            body(3, entry.name.value, overhead + WireFormat.escapedLength(entry.name.value))
        }
    }

    /// What the keyed entries of any chain of a directory can take in its payload: each key once, at the most bytes any
    /// file gives it. Computed once, and only when a chain's own sum passes the limit (a long chain that sets the same
    /// keys again and again): summing along a chain is linear, this one pass makes such chains linear too.
    struct KeyedCap {
        private var value: Int?

        init() {}

        mutating func value(over definitions: [PreparedDefinition]) -> Int {
            if let value { return value }
            var most: [String: Int] = [:]
            for prepared in definitions {
                LintBounds.forEachKeyedEntry(of: prepared.definition) { kind, key, bytes in
                    let name = String(kind) + "\u{0}" + key
                    most[name] = max(most[name] ?? 0, bytes)
                }
            }
            let total = most.values.reduce(0, +)
            value = total
            return total
        }
    }

    /// How many references `text` holds, nested ones too (``Interpolator/referenceCount(in:)``); a text that does not
    /// parse as many as it could hold, which lint's full check then reports.
    static func references(_ text: String) -> Int {
        Interpolator.referenceCount(in: text) ?? text.utf8.count
    }

    /// A chain's bounds, built file by file in the order the resolver merges them.
    struct Chain: Equatable {
        /// Bounds every variable's value set so far.
        var longestValue = 0
        var argumentBytes = 0
        var argumentReferences = 0
        var longestArgument = 0
        var mostArgumentReferences = 0
        var valueBytes = 0
        var valueReferences = 0
        var longestInterpolatedValue = 0
        var mostValueReferences = 0
        var fixedPayloadBytes = 0

        /// Adds a parent's chain (a second parent's too: what two parents share is counted twice, still a bound).
        mutating func add(parent: Chain) {
            longestValue = max(longestValue, parent.longestValue)
            argumentBytes = saturatingSum(argumentBytes, parent.argumentBytes)
            argumentReferences = saturatingSum(argumentReferences, parent.argumentReferences)
            longestArgument = max(longestArgument, parent.longestArgument)
            mostArgumentReferences = max(mostArgumentReferences, parent.mostArgumentReferences)
            valueBytes = saturatingSum(valueBytes, parent.valueBytes)
            valueReferences = saturatingSum(valueReferences, parent.valueReferences)
            longestInterpolatedValue = max(longestInterpolatedValue, parent.longestInterpolatedValue)
            mostValueReferences = max(mostValueReferences, parent.mostValueReferences)
            fixedPayloadBytes = saturatingSum(fixedPayloadBytes, parent.fixedPayloadBytes)
        }

        /// Adds the next file of the chain; false when one of its variables may be longer than a variable may be.
        mutating func add(_ file: LintBounds) -> Bool {
            for entry in file.environment {
                let bound = saturatingSum(entry.length, saturatingProduct(entry.references, longestValue))
                guard bound <= Interpolator.Destination.environment(name: entry.name).limit else { return false }
                longestValue = max(longestValue, bound)
            }
            argumentBytes = saturatingSum(argumentBytes, file.arguments.escapedBytes)
            argumentReferences = saturatingSum(argumentReferences, file.arguments.references)
            longestArgument = max(longestArgument, file.arguments.longest)
            mostArgumentReferences = max(mostArgumentReferences, file.arguments.mostReferences)
            valueBytes = saturatingSum(valueBytes, file.values.escapedBytes)
            valueReferences = saturatingSum(valueReferences, file.values.references)
            longestInterpolatedValue = max(longestInterpolatedValue, file.values.longest)
            mostValueReferences = max(mostValueReferences, file.values.mostReferences)
            fixedPayloadBytes = saturatingSum(fixedPayloadBytes, file.fixedPayloadBytes)
            return true
        }

        /// Whether no argument, value or payload of the chain can be too long, arguments and values interpolating
        /// against the final environment; `payloadLimit` is the payload's rule's (`PayloadSize.limit`).
        func fits(payloadLimit: Int, keyedCap: () -> Int = { .max }) -> Bool {
            textsFit && payloadFits(payloadLimit: payloadLimit, keyedCap: keyedCap)
        }

        /// Whether no argument or value of the chain can be too long, interpolating against the final environment.
        var textsFit: Bool {
            saturatingSum(longestArgument, saturatingProduct(mostArgumentReferences, longestValue))
                <= Interpolator.Destination.argument.limit
                && saturatingSum(longestInterpolatedValue, saturatingProduct(mostValueReferences, longestValue))
                    <= Interpolator.Destination.value.limit
        }

        /// Whether the texts interpolate nothing: they are what the files say (a child's `env` changes none of them).
        var interpolatesNothing: Bool { argumentReferences == 0 && valueReferences == 0 }

        /// Whether the chain's payload cannot be too long (its texts fitting: ``textsFit``).
        func payloadFits(payloadLimit: Int, keyedCap: () -> Int = { .max }) -> Bool {
            let longest = longestValue
            let texts = saturatingSum(
                saturatingSum(
                    argumentBytes,
                    saturatingProduct(WireFormat.escapeGrowth, saturatingProduct(argumentReferences, longest))),
                saturatingSum(
                    valueBytes, saturatingProduct(WireFormat.escapeGrowth, saturatingProduct(valueReferences, longest)))
            )
            if saturatingSum(fixedPayloadBytes, texts) <= payloadLimit { return true }
            // Keys set again along the chain were counted each time: each key once at most (``KeyedCap``).
            return saturatingSum(min(fixedPayloadBytes, keyedCap()), texts) <= payloadLimit
        }
    }
}

/// `a + b`, or `Int.max` when that overflows: bounds only grow.
private func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : result
}

/// `a × b`, or `Int.max` when that overflows.
private func saturatingProduct(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : result
}

import ProfileModel
import ProfilePlatform

/// What differs between two resolved profiles as a launch sees them (`profile diff`): the arguments (in order, and
/// whether they are appended), the environment changes, flags, mocks and values, and whether `run` masks the
/// command's output (`redact: true`), each side with the place that set it.
///
/// Entries are compared by what the child receives (the exact text, the typed value), not by where they were
/// written: the same setting from two files is no difference. Values are shown through ``ShowRenderer``, so what
/// `show` hides (secrets, values from the invoking environment) `diff` hides too, unless revealed.
package struct ProfileDiff: Sendable {
    /// The part of a launch a difference is in, in the order they are printed.
    package enum Section: String, Sendable, CaseIterable {
        case arguments, environment, flags, mocks, values, output
    }

    /// One side of a difference: the entry as one profile has it.
    package struct Side: Sendable {
        /// The entry as `show` prints it: `-UITests`, `LOG_LEVEL=debug`, `unset HOME`, `skipOnboarding on`,
        /// `countries → live`, `pageSize = 5 (int)`.
        package var text: String
        /// The value, for JSON (null for an unset variable).
        package var value: JSONWriter.Value
        /// The value's type, for values (`int`...).
        package var type: String?
        /// Where it was set, if anywhere (not for `appendArguments` left at its default).
        package var origin: SourceLocation?
        /// Its position among the arguments, for arguments.
        package var index: Int?
    }

    /// One difference: an entry one side has and the other has not, or has otherwise.
    package struct Difference: Sendable {
        package var section: Section
        /// The flag, mock point, value key or variable name; `appendArguments`; `redact`; nil for an argument.
        package var key: String?
        /// The left profile's entry, nil when it has none.
        package var left: Side?
        /// The right profile's entry, nil when it has none.
        package var right: Side?
    }

    /// Every difference, by section, in order.
    package private(set) var differences: [Difference] = []

    /// Whether the two launch alike.
    package var isEmpty: Bool { differences.isEmpty }

    /// The version of the JSON shape (documented in the README).
    package static let jsonVersion = 1

    private let renderer: ShowRenderer
    private let leftProfile: ResolvedProfile
    private let rightProfile: ResolvedProfile

    /// Compares `left` with `right`, showing values through `renderer` (its `reveal`).
    package init(left: ResolvedProfile, right: ResolvedProfile, renderer: ShowRenderer = ShowRenderer()) {
        self.renderer = renderer
        leftProfile = left
        rightProfile = right
        compareArguments()
        compareEnvironment()
        compareKeyed(.flags, left.flags, right.flags, equal: ==) {
            "\($0.key) \($0.value ? "on" : "off")"
        } json: {
            .bool($0.value)
        }
        compareKeyed(.mocks, left.mocks, right.mocks, equal: ==) {
            "\($0.key) → \($0.value)"
        } json: {
            .string($0.value)
        }
        compareKeyed(.values, left.values, right.values, equal: ==, type: renderer.typeName) {
            "\($0.key) = \(renderer.shown($0)) (\(renderer.typeName($0)))"
        } json: {
            renderer.jsonValue($0)
        }
        if (left.redactOrigin != nil) != (right.redactOrigin != nil) {
            func side(_ profile: ResolvedProfile) -> Side {
                Side(
                    text: profile.redactOrigin != nil ? "secrets masked by `run`" : "as the command writes it",
                    value: .bool(profile.redactOrigin != nil), origin: profile.redactOrigin)
            }
            differences.append(Difference(section: .output, key: "redact", left: side(left), right: side(right)))
        }
    }

    // MARK: - Comparing

    private mutating func compareArguments() {
        let left = leftProfile.arguments
        let right = rightProfile.arguments
        if leftProfile.appendsArguments != rightProfile.appendsArguments {
            func side(_ profile: ResolvedProfile) -> Side {
                Side(
                    text: profile.appendsArguments ? "appended to the command" : "not appended (only in the payload)",
                    value: .bool(profile.appendsArguments), origin: profile.appendArgumentsOrigin)
            }
            differences.append(
                Difference(
                    section: .arguments, key: "appendArguments", left: side(leftProfile), right: side(rightProfile)))
        }
        func side(_ argument: ResolvedProfile.Argument, _ index: Int) -> Side {
            let shown = renderer.shown(argument)
            return Side(text: ShellQuoting.quote(shown), value: .string(shown), origin: argument.origin, index: index)
        }
        for step in Self.alignment(left.map(\.value), right.map(\.value)) {
            switch step {
            case .both: continue
            case .left(let index):
                differences.append(Difference(section: .arguments, left: side(left[index], index)))
            case .right(let index):
                differences.append(Difference(section: .arguments, right: side(right[index], index)))
            }
        }
    }

    private mutating func compareEnvironment() {
        func side(_ change: ResolvedProfile.EnvironmentChange) -> Side {
            guard let value = renderer.shown(change) else {
                return Side(text: "unset \(change.name)", value: .null, origin: change.origin)
            }
            return Side(
                text: "\(change.name)=\(ShellQuoting.quote(value))", value: .string(value), origin: change.origin)
        }
        let left = leftProfile.environment
        let right = rightProfile.environment
        // The left's order, then the variables only the right touches, in its order.
        for change in left {
            let other = right.first { $0.name == change.name }
            if let other, other.value == change.value { continue }
            differences.append(
                Difference(section: .environment, key: change.name, left: side(change), right: other.map(side)))
        }
        for change in right where !left.contains(where: { $0.name == change.name }) {
            differences.append(Difference(section: .environment, key: change.name, right: side(change)))
        }
    }

    /// Compares two lists sorted by key.
    private mutating func compareKeyed<Value>(
        _ section: Section, _ left: [ResolvedProfile.Entry<Value>], _ right: [ResolvedProfile.Entry<Value>],
        equal: (Value, Value) -> Bool, type: (ResolvedProfile.Entry<Value>) -> String? = { _ in nil },
        text: (ResolvedProfile.Entry<Value>) -> String,
        json: (ResolvedProfile.Entry<Value>) -> JSONWriter.Value
    ) {
        func side(_ entry: ResolvedProfile.Entry<Value>) -> Side {
            Side(text: text(entry), value: json(entry), type: type(entry), origin: entry.origin)
        }
        var i = 0
        var j = 0
        while i < left.count || j < right.count {
            if j == right.count || (i < left.count && left[i].key < right[j].key) {
                differences.append(Difference(section: section, key: left[i].key, left: side(left[i])))
                i += 1
            } else if i == left.count || right[j].key < left[i].key {
                differences.append(Difference(section: section, key: right[j].key, right: side(right[j])))
                j += 1
            } else {
                if !equal(left[i].value, right[j].value) {
                    differences.append(
                        Difference(section: section, key: left[i].key, left: side(left[i]), right: side(right[j])))
                }
                i += 1
                j += 1
            }
        }
    }

    /// One step of aligning two lists.
    enum Step: Equatable {
        /// An item both have (left index, right index).
        case both(Int, Int)
        /// An item only the left has.
        case left(Int)
        /// An item only the right has.
        case right(Int)
    }

    /// The alignment of two lists along a longest common subsequence (as `diff` aligns lines): items only one side
    /// has, in order, removals before additions at each place.
    static func alignment(_ left: [String], _ right: [String]) -> [Step] {
        let n = left.count
        let m = right.count
        // lengths[i * (m + 1) + j]: the longest common subsequence of left[i...] and right[j...].
        var lengths = [Int](repeating: 0, count: (n + 1) * (m + 1))
        if n > 0 && m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * (m + 1) + j] =
                        left[i] == right[j]
                        ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                        : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
                }
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, left[i] == right[j] {
                steps.append(.both(i, j))
                i += 1
                j += 1
            } else if j == m || (i < n && lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1]) {
                steps.append(.left(i))
                i += 1
            } else {
                steps.append(.right(j))
                j += 1
            }
        }
        return steps
    }

    // MARK: - Rendering

    /// The human-readable form, like a unified diff: a `---` line naming the left side and a `+++` line naming the
    /// right (`labels`: the words of each side, as typed), then per section the left's entries (`-`) and the
    /// right's (`+`), each with the `file:line` that set it. Empty when the two launch alike.
    package func text(labels: (left: String, right: String)) -> String {
        guard !isEmpty else { return "" }
        func header(_ prefix: String, _ label: String, _ profile: ResolvedProfile) -> String {
            let chain = profile.chain != profile.names ? "  (" + profile.chain.joined(separator: " → ") + ")" : ""
            return "\(prefix) \(label)\(chain)\n"
        }
        var out = header("---", labels.left, leftProfile) + header("+++", labels.right, rightProfile)
        for section in Section.allCases {
            let inSection = differences.filter { $0.section == section }
            guard !inSection.isEmpty else { continue }
            out += "\n\(section.rawValue):\n"
            var rows: [(String, String)] = []
            for difference in inSection {
                if let left = difference.left { rows.append(("- " + left.text, origin(left))) }
                if let right = difference.right { rows.append(("+ " + right.text, origin(right))) }
            }
            let width = min(60, rows.map { $0.0.count }.max() ?? 0)
            for (left, right) in rows {
                out += left + String(repeating: " ", count: max(1, width - left.count + 2)) + right + "\n"
            }
        }
        return out
    }

    private func origin(_ side: Side) -> String { side.origin?.shortDescription ?? "(default)" }

    /// The JSON form: `{"version": 1, "equal", "left": {"profiles", "chain"}, "right": {…}, "differences":
    /// [{"section", "key", "left", "right"}]}`, each side `{"value", "origin"}` (with `"type"` for values and
    /// `"index"` for arguments) or null when that profile has no such entry.
    package func json(labels: (left: String, right: String)) -> String {
        typealias V = JSONWriter.Value
        func profile(_ label: String, _ profile: ResolvedProfile) -> V {
            .object([
                ("label", .string(label)), ("profiles", .array(profile.names.map { .string($0) })),
                ("chain", .array(profile.chain.map { .string($0) })),
            ])
        }
        func side(_ side: Side?) -> V {
            guard let side else { return .null }
            var fields: [(String, V)] = [("value", side.value)]
            if let type = side.type { fields.append(("type", .string(type))) }
            if let index = side.index { fields.append(("index", .number(String(index)))) }
            fields.append(("origin", side.origin.map { .string($0.description) } ?? .null))
            return .object(fields)
        }
        let root: [(String, V)] = [
            ("version", .number(String(Self.jsonVersion))),
            ("equal", .bool(isEmpty)),
            ("left", profile(labels.left, leftProfile)),
            ("right", profile(labels.right, rightProfile)),
            (
                "differences",
                .array(
                    differences.map {
                        .object([
                            ("section", .string($0.section.rawValue)), ("key", $0.key.map { .string($0) } ?? .null),
                            ("left", side($0.left)), ("right", side($0.right)),
                        ])
                    })
            ),
        ]
        return JSONWriter.render(.object(root)) + "\n"
    }
}

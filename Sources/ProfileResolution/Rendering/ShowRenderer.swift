import ProfileModel
import ProfilePlatform

/// Renders a resolved profile for people (`profile show`) and for programs (`profile show --json`).
///
/// Secret values (see ``Redaction``) are shown as the `${NAME}` reference that produced them, catalog secrets as
/// `<secret>`, unless `reveal` is set.
package struct ShowRenderer: Sendable {
    /// Whether to print inherited and secret values in full.
    package var reveal: Bool
    /// The catalog, whose declared types name the values' types (`enum`, `url`); without one, or for a key it does
    /// not declare, a value's type is how YAML typed it (`string`, `int`, `double`, `bool`).
    package var catalog: Catalog?

    /// How values are written.
    private var redaction: Redaction { Redaction(reveal: reveal) }

    /// Creates a renderer.
    package init(reveal: Bool = false, catalog: Catalog? = nil) {
        self.reveal = reveal
        self.catalog = catalog
    }

    /// The version of the JSON shape (documented in the README).
    package static let jsonVersion = 1

    /// The human-readable form.
    package func text(_ profile: ResolvedProfile) -> String {
        var rows: [(String, String)] = []
        var out = "profile " + profile.names.joined(separator: " + ")
        if profile.chain.count > 1 || profile.chain != profile.names {
            out += "  (" + profile.chain.joined(separator: " → ") + ")"
        }
        out += "\n"
        if let outer = profile.outer {
            let names = outer.names.isEmpty ? "an unnamed profile" : outer.names.joined(separator: " + ")
            out += "  on top of \(names) (the enclosing `profile`'s, from \(OuterProfile.file.path))\n"
        }
        if let description = profile.description { out += "  " + description + "\n" }
        if let redact = profile.redactOrigin {
            out += "  `run` masks its secrets in the command's output (`redact: true` at \(redact.shortDescription))\n"
        }
        func section(_ title: String) {
            flush(&rows, into: &out)
            out += "\n\(title):\n"
        }
        if profile.appendsArguments {
            section("arguments (appended to the command)")
        } else {
            let origin = profile.appendArgumentsOrigin.map { "`appendArguments: false` at \($0.shortDescription)" }
            section("arguments (not appended: \(origin ?? "`--no-arguments`"); the app reads them from the payload)")
        }
        if profile.arguments.isEmpty, profile.disabledArguments.isEmpty { out += "  (none)\n" }
        let shadows = ArgumentShadowing.shadows(in: profile)
        func disabledArguments(at position: Int) {
            for item in profile.disabledArguments where item.position == position {
                let words = item.entry.map { ShellQuoting.quote(redaction.text($0)) }
                let origin = item.entry.first?.origin.shortDescription ?? ""
                rows.append((words.joined(separator: " "), origin + "  " + Self.disabledNote))
            }
        }
        for (index, argument) in profile.arguments.enumerated() {
            disabledArguments(at: index)
            var origin = argument.origin.shortDescription
            if let shadow = shadows.first(where: { $0.argument == index }) {
                origin += "  (overrides \(shadow.kind) `\(shadow.key)`: the app reads the argument first)"
            }
            rows.append((ShellQuoting.quote(shown(argument)), origin))
        }
        disabledArguments(at: profile.arguments.count)
        section("environment")
        if profile.environment.isEmpty, profile.disabledEnvironment.isEmpty { out += "  (no changes)\n" }
        func disabledVariables(at position: Int) {
            for item in profile.disabledEnvironment where item.position == position {
                let change = item.entry
                let shown = redaction.text(change) ?? ""
                rows.append(
                    (
                        "\(change.name)=\(ShellQuoting.quote(shown))",
                        change.origin.shortDescription + "  " + Self.disabledNote
                    ))
            }
        }
        for (index, change) in profile.environment.enumerated() {
            disabledVariables(at: index)
            if let shown = shown(change) {
                rows.append(("\(change.name)=\(ShellQuoting.quote(shown))", change.origin.shortDescription))
            } else {
                rows.append(("unset \(change.name)", change.origin.shortDescription))
            }
        }
        disabledVariables(at: profile.environment.count)
        section("flags")
        if profile.flags.isEmpty { out += "  (none)\n" }
        for flag in profile.flags {
            rows.append(("\(flag.key) \(flag.value ? "on" : "off")", flag.origin.shortDescription))
        }
        section("mocks")
        if profile.mocks.isEmpty { out += "  (none)\n" }
        for mock in profile.mocks { rows.append(("\(mock.key) → \(mock.value)", mock.origin.shortDescription)) }
        section("values")
        if profile.values.isEmpty { out += "  (none)\n" }
        for value in profile.values {
            rows.append(("\(value.key) = \(shown(value)) (\(typeName(value)))", value.origin.shortDescription))
        }
        flush(&rows, into: &out)
        return out
    }

    /// What `show` says after an `enabled: false` entry.
    static let disabledNote = "(disabled: not applied by run; unchecked in Xcode exports)"

    // How each kind of entry's value is shown, by `show` and by `diff` (`ProfileDiff`), through ``Redaction``: the
    // one place that decides what is hidden.

    /// An argument's text: its display form (`${API_TOKEN}`) when it is secret, unless revealed.
    func shown(_ argument: ResolvedProfile.Argument) -> String { redaction.text(argument) }

    /// An environment change's value (nil for an unset): its display form when it is secret, unless revealed.
    func shown(_ change: ResolvedProfile.EnvironmentChange) -> String? { redaction.text(change) }

    /// A value's text, shell-quoted: its display form (`<secret>`) when it is secret, unless revealed.
    func shown(_ value: ResolvedProfile.Entry<TypedValue>) -> String {
        ShellQuoting.quote(redaction.text(value))
    }

    /// A value's type: as the catalog declares it (`enum`, `url`), else as YAML typed it.
    func typeName(_ value: ResolvedProfile.Entry<TypedValue>) -> String {
        catalog?.value(value.key)?.type.name ?? value.value.typeName
    }

    /// A value as JSON, typed: numbers and booleans as such, strings as text; a hidden secret as its display form.
    func jsonValue(_ value: ResolvedProfile.Entry<TypedValue>) -> JSONWriter.Value {
        switch value.value {
        case _ where redaction.hides(value): return .string(redaction.text(value))
        case .string(let text): return .string(text)
        case .int(let number, _): return .number(String(number))
        case .double(let number, let text): return number.isFinite ? .number(String(number)) : .string(text)
        case .bool(let flag): return .bool(flag)
        }
    }

    private func flush(_ rows: inout [(String, String)], into out: inout String) {
        guard !rows.isEmpty else { return }
        let width = min(60, rows.map { $0.0.count }.max() ?? 0)
        for (left, right) in rows {
            out += "  " + left + String(repeating: " ", count: max(1, width - left.count + 2)) + right + "\n"
        }
        rows = []
    }

    /// The JSON form: `{"version": 1, "profiles": [...], "chain": [...], "description", "outer", "appendArguments",
    /// "redact", "arguments", "environment", "flags", "mocks", "values"}`, each entry with its `origin`
    /// (`path:line:column`).
    package func json(_ profile: ResolvedProfile) -> String {
        typealias V = JSONWriter.Value
        let origin = { (location: SourceLocation) -> V in .string(location.description) }
        var root: [(String, V)] = [
            ("version", .number(String(Self.jsonVersion))),
            ("profiles", .array(profile.names.map { .string($0) })),
            ("chain", .array(profile.chain.map { .string($0) })),
            ("description", profile.description.map { .string($0) } ?? .null),
            ("outer", .array((profile.outer?.names ?? []).map { .string($0) })),
            ("appendArguments", .bool(profile.appendsArguments)),
            ("redact", .bool(profile.redactOrigin != nil)),
        ]
        let shadows = ArgumentShadowing.shadows(in: profile)
        root.append(
            (
                "arguments",
                .array(
                    profile.arguments.enumerated().map { index, argument in
                        var fields: [(String, V)] = [
                            ("value", .string(shown(argument))),
                            ("origin", origin(argument.origin)),
                        ]
                        if let shadow = shadows.first(where: { $0.argument == index }) {
                            fields.append(
                                ("overrides", .object([("kind", .string(shadow.kind)), ("key", .string(shadow.key))])))
                        }
                        return .object(fields)
                    })
            ))
        root.append(
            (
                "environment",
                .array(
                    profile.environment.map { change in
                        var fields: [(String, V)] = [("name", .string(change.name))]
                        fields.append(("value", shown(change).map { .string($0) } ?? .null))
                        fields.append(("fromInvokingEnvironment", .bool(change.usesInvokingEnvironment)))
                        fields.append(("origin", origin(change.origin)))
                        return .object(fields)
                    })
            ))
        root.append(
            (
                "disabledArguments",
                .array(
                    profile.disabledArguments.map { item in
                        .object([
                            ("value", .array(item.entry.map { .string(redaction.text($0)) })),
                            ("position", .number(String(item.position))),
                            ("origin", item.entry.first.map { origin($0.origin) } ?? .null),
                        ])
                    })
            ))
        root.append(
            (
                "disabledEnvironment",
                .array(
                    profile.disabledEnvironment.map { item in
                        let change = item.entry
                        let value = redaction.text(change)
                        return .object([
                            ("name", .string(change.name)), ("value", value.map { .string($0) } ?? .null),
                            ("position", .number(String(item.position))), ("origin", origin(change.origin)),
                        ])
                    })
            ))
        root.append(
            (
                "flags",
                .array(
                    profile.flags.map {
                        .object([("key", .string($0.key)), ("value", .bool($0.value)), ("origin", origin($0.origin))])
                    })
            ))
        root.append(
            (
                "mocks",
                .array(
                    profile.mocks.map {
                        .object([
                            ("key", .string($0.key)), ("variant", .string($0.value)), ("origin", origin($0.origin)),
                        ])
                    })
            ))
        root.append(
            (
                "values",
                .array(
                    profile.values.map { value in
                        .object([
                            ("key", .string(value.key)), ("type", .string(typeName(value))),
                            ("value", jsonValue(value)),
                            ("origin", origin(value.origin)),
                        ])
                    })
            ))
        return JSONWriter.render(.object(root)) + "\n"
    }
}

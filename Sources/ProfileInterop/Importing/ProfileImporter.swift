import ProfileModel
import ProfileResolution
import ProfileRuntime

/// `profile import`: a file read by one of the ``ImportFormats`` (an Xcode scheme action, a test plan's options, a
/// `.env` file, a VS Code launch configuration), as the text of a profile file.
///
/// - Arguments keep the file's order. An Xcode entry holding several words (`-AppleLanguages (fr)`) is split the way
///   Xcode splits it (``XcodeArgumentWords``) and becomes a group (`[-AppleLanguages, (fr)]`), which travels as one
///   item, and which `export --update` lines up with the entry again.
/// - With a catalog, an entry `-key value` (or two entries `-key`, `value`, or `--key=value`) whose key the catalog
///   declares (compared as the runtime compares keys) becomes a typed flag, mock or value: flags through the runtime's
///   boolean words (`YES`, `true`, `1`…), a mock's variant and a value's type checked against the catalog. One that
///   does not fit stays an argument, with a warning saying why.
/// - A `PROFILE_PAYLOAD` entry (left by an earlier export) is not imported as a variable: its flags, mocks and values
///   are, and the argument entries that export wrote for them are left out (they are the same settings).
/// - Unchecked entries are imported in place as `enabled: false` entries (`- {argument: -verbose, enabled: false}`,
///   `NAME: {value: x, enabled: false}`), which `run` does not apply and `export` writes unchecked again. An unchecked
///   typed entry stays an argument (a flag, mock or value has no checkbox); an unchecked variable whose name is set
///   by another entry too is kept as a comment (a profile sets a name once).
/// - Text is kept verbatim: a `$` that the profile format would read as a reference is doubled; `$(SRCROOT)`-style
///   build settings stay as written, with a warning that only Xcode expands them. A dotenv value's references
///   (`${NAME}`) stay references.
/// - A comment at the top says where the profile came from, and one per entry says its line.
package enum ProfileImporter {
    /// The profile file's text (nil when there are errors), and every warning and error, located in the file read.
    package struct Output: Sendable {
        package var text: String?
        package var diagnostics: [Diagnostic]
    }

    /// Imports `bytes` (the file at `path`) as a profile, checking typed entries against `catalog`.
    package static func importProfile(
        _ bytes: [UInt8], path: String, from source: ImportSource, catalog: Catalog?
    ) -> Output {
        let entries: ImportedEntries
        do throws(Diagnostic) {
            entries = try source.format.read(bytes, path: path, source: source)
        } catch {
            return Output(text: nil, diagnostics: [error])
        }
        if !entries.errors.isEmpty { return Output(text: nil, diagnostics: entries.notes + entries.errors) }
        var writer = Writer(entries: entries, catalog: catalog)
        writer.run()
        if entries.arguments.isEmpty, entries.variables.isEmpty, entries.payload == nil {
            writer.notes.append(
                .note("nothing to import from \(entries.origin): it has no arguments or environment variables"))
        }
        return Output(text: writer.text, diagnostics: entries.notes + writer.notes)
    }

    /// Builds the profile's sections from the entries.
    private struct Writer {
        let entries: ImportedEntries
        let catalog: Catalog?
        var notes: [Diagnostic] = []
        var environment: [String] = []
        var arguments: [String] = []
        /// Typed settings by kind (`flags`, `mocks`, `values`), in order; a later one replaces an earlier one.
        var typed: [String: [(key: String, line: String)]] = [:]
        var liveCount: [String: Int] = [:]
        /// The lines of the read file that hold a catalog secret.
        var secretLines: Set<SecretLine> = []

        struct SecretLine: Hashable {
            var path: String
            var line: Int32
        }

        init(entries: ImportedEntries, catalog: Catalog?) {
            self.entries = entries
            self.catalog = catalog
        }

        /// `App.xcscheme:12`, for the comment of an entry.
        func origin(_ location: SourceLocation) -> String { "\(location.file.path):\(location.mark.line)" }

        /// An entry's line; when it is unchecked, `disabled` (its `enabled: false` form), or else its comment.
        func line(_ yaml: String, isEnabled: Bool, origin: String, disabled: String? = nil) -> String {
            let source = YAMLText.comment(origin)
            if isEnabled { return "\(yaml)  # \(source)" }
            if let disabled { return "\(disabled)  # \(source) (\(entries.disabledWording))" }
            return "# \(entries.disabledWording): \(yaml)  # \(source)"
        }

        mutating func run() {
            payload()
            importArguments()
            importVariables()
            notes = notes.map { note in
                guard let location = note.location else { return note }
                let line = SecretLine(path: location.file.path, line: location.mark.line)
                return secretLines.contains(line) ? note.hidingExcerpt() : note
            }
        }

        var text: String {
            var lines = [
                "# imported from \(YAMLText.comment(entries.origin)) by profile import",
                "description: " + YAMLText.string("Imported from " + YAMLText.comment(entries.origin)),
            ]
            func section(_ key: String, _ body: [String], empty: String) {
                guard !body.isEmpty else { return }
                lines.append("")
                lines.append(key + ":" + ((liveCount[key] ?? 0) == 0 ? " " + empty : ""))
                lines += body.map { "  " + $0 }
            }
            section("env", environment, empty: "{}")
            section("arguments", arguments, empty: "[]")
            for kind in ["flags", "mocks", "values"] {
                section(kind, (typed[kind] ?? []).map(\.line), empty: "{}")
            }
            return lines.joined(separator: "\n") + "\n"
        }

        // MARK: - The typed layer

        /// Adds a typed setting; a live one replaces an earlier live one of the same key (which becomes a comment).
        mutating func addTyped(
            _ kind: String, key: String, scalar: String, isEnabled: Bool, origin: String,
            location: SourceLocation?
        ) {
            var scalar = scalar
            if kind == "values", let declaration = catalog?.value(key), declaration.isSecret {
                let name = Self.variableName(forSecret: declaration.key.value)
                scalar = YAMLText.string("${\(name)}")
                secretWarning("value `\(key)`", reference: name, at: location)
            }
            let entry = YAMLText.string(key) + ": " + scalar
            var list = typed[kind] ?? []
            if isEnabled, let previous = list.firstIndex(where: { $0.key == key }) {
                list[previous].line = "# overridden below: " + list[previous].line
                liveCount[kind, default: 0] -= 1
                notes.append(
                    .warning(
                        "`\(key)` is set more than once: the last one applies, the earlier one is kept as a comment",
                        at: location))
            }
            list.append((isEnabled ? key : "", line(entry, isEnabled: isEnabled, origin: origin)))
            if isEnabled { liveCount[kind, default: 0] += 1 }
            typed[kind] = list
        }

        /// The flags, mocks and values of a `PROFILE_PAYLOAD` entry.
        mutating func payload() {
            guard let payload = entries.payload else { return }
            let origin = origin(payload.location) + " (\(WireFormat.environmentVariable))"
            let enabled = payload.isEnabled
            func skipped(_ what: String, _ key: String, _ why: String) {
                notes.append(
                    .warning(
                        "\(what) `\(key)` of the `\(WireFormat.environmentVariable)` entry is left out: \(why)",
                        at: payload.location))
            }
            for key in payload.payload.flags.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                if let catalog, catalog.flag(key) == nil {
                    skipped("flag", key, "the catalog does not declare it")
                    continue
                }
                addTyped(
                    "flags", key: key, scalar: payload.payload.flags[key]! ? "true" : "false", isEnabled: enabled,
                    origin: origin, location: payload.location)
            }
            for (key, variant) in payload.payload.mocks.sorted(by: {
                $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
            }) {
                switch typedScalar(.mock, key: key, text: variant) {
                case .success(let scalar):
                    addTyped(
                        "mocks", key: key, scalar: scalar, isEnabled: enabled, origin: origin,
                        location: payload.location)
                case .failure(let problem): skipped("mock point", key, problem.text)
                }
            }
            for (key, text) in payload.payload.values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
            {
                switch typedScalar(.value, key: key, text: text) {
                case .success(let scalar):
                    addTyped(
                        "values", key: key, scalar: scalar, isEnabled: enabled, origin: origin,
                        location: payload.location)
                case .failure(let problem): skipped("value", key, problem.text)
                }
            }
            if !enabled {
                notes.append(
                    .warning(
                        "the `\(WireFormat.environmentVariable)` entry is unchecked: its flags, mocks and values are "
                            + "kept as comments", at: payload.location))
            }
        }

        enum Kind {
            case flag, mock, value
        }

        /// The YAML scalar for a typed setting of `key` set to `text` (nil: a bare `-key`), checked against the
        /// catalog when there is one.
        func typedScalar(_ kind: Kind, key: String, text: String?) -> Result<String, CatalogChecker.Problem> {
            func problem(_ text: String, _ suggestion: String? = nil) -> Result<String, CatalogChecker.Problem> {
                .failure(CatalogChecker.Problem(text: text, suggestion: suggestion))
            }
            switch kind {
            case .flag:
                guard let text else { return .success("true") }
                guard let value = Self.bool(text) else {
                    return problem(
                        "flag `\(key)` is on or off; `\(text)` is not a boolean (YES, NO, true, false, 1, 0)")
                }
                return .success(value ? "true" : "false")
            case .mock:
                guard let text else { return problem("mock point `\(key)` needs a variant") }
                if let mock = catalog?.mock(key) {
                    let variants = mock.variants.map(\.name)
                    guard variants.contains(text) else {
                        return problem(
                            "`\(text)` is not a variant of mock point `\(key)` ("
                                + variants.map { "`\($0)`" }.joined(separator: ", ") + ")",
                            NearMiss.suggestion(for: text, in: variants))
                    }
                } else if !Names.isValidVariant(text) {
                    return problem("`\(text)` is not a variant name")
                }
                return .success(YAMLText.string(text))
            case .value:
                guard let text else { return problem("value `\(key)` needs a value") }
                guard let declaration = catalog?.value(key) else {
                    // Plain when YAML types it as it reads (`5`, `true`); anything else (a string, an int beyond 64
                    // bits) is quoted.
                    switch try? TypedValue.resolve(plain: text) {
                    case .int, .double, .bool: return .success(text)
                    default: return .success(YAMLText.string(YAMLText.literal(text)))
                    }
                }
                let typed: TypedValue
                do { typed = try declaration.type.recognise(text) } catch { return problem(error.message) }
                let candidate = CatalogChecker.Candidate(value: typed, isQuoted: false)
                switch CatalogChecker.check(candidate, against: declaration) {
                case .failure(let failure): return .failure(failure)
                case .success(let value):
                    switch value {
                    case .int(_, let text), .double(_, let text): return .success(text)
                    case .bool(let value): return .success(value ? "true" : "false")
                    case .string(let text): return .success(YAMLText.string(YAMLText.literal(text)))
                    }
                }
            }
        }

        /// A boolean as the runtime reads one from launch arguments (``TextConversion/bool(_:)``).
        static func bool(_ text: String) -> Bool? { TextConversion.bool(text) }

        mutating func importArguments() {
            let list = entries.arguments
            var words: [[String]] = []
            for argument in list {
                // An entry of a file that passes each argument as it is (`launch.json`) is one word.
                let split =
                    argument.isOneWord
                    ? (words: [argument.text], unclosedQuote: nil) : XcodeArgumentWords.splitReporting(argument.text)
                if split.unclosedQuote != nil {
                    notes.append(
                        .warning(
                            "a quote in this argument is never closed: taken to the end of the entry",
                            at: argument.location))
                }
                words.append(split.words)
            }
            // The entries an earlier export wrote for the payload's typed layer (imported from the payload).
            var covered = [Bool](repeating: false, count: list.count)
            if let payload = entries.payload?.payload {
                let typedStart = payload.arguments.count
                for (index, start) in XcodeEntryMerge.align(
                    words.map { $0.isEmpty ? nil : $0 }, payload.launchArguments) where start >= typedStart
                {
                    covered[index] = true
                }
            }
            let typedKeys =
                catalog.map { catalog in
                    ArgumentShadowing.typedKeys(
                        flags: catalog.flags.map(\.key.value), mocks: catalog.mocks.map(\.key.value),
                        values: catalog.values.map(\.key.value))
                } ?? [:]
            // How the app reads the checked entries' words (``LaunchArguments/items(_:from:_:)``): the entries whose first
            // word it reads as an option, and those whose one word takes the next entry's one word as its value.
            var options = Set<Int>()
            var pairs = Set<Int>()
            var passed: [String] = []
            var entryOf: [Int] = []
            for index in list.indices where list[index].isEnabled {
                passed += words[index]
                entryOf += Array(repeating: index, count: words[index].count)
            }
            LaunchArguments.items(passed) { item in
                let entry = entryOf[item.index]
                guard item.isOption, item.index == 0 || entryOf[item.index - 1] != entry else { return }
                options.insert(entry)
                if let value = item.value, entryOf[value] == entry + 1, words[entry].count == 1,
                    words[entry + 1].count == 1
                {
                    pairs.insert(entry)
                }
            }
            var index = 0
            // Whether a typed entry came before: the export writes the typed layer after the arguments, so an
            // unchecked entry after one could not come back in its place as an `enabled: false` argument.
            var afterTyped = false
            while index < list.count {
                let argument = list[index]
                guard !covered[index] else {
                    afterTyped = true
                    index += 1
                    continue
                }
                guard !words[index].isEmpty else {
                    notes.append(
                        .warning(
                            "an empty argument entry (Xcode passes nothing for it): left out",
                            at: argument.location))
                    index += 1
                    continue
                }
                if !typedKeys.isEmpty, entries.typesArguments, options.contains(index),
                    let used = importTyped(
                        at: index, words: words, covered: covered, pairsWithNext: pairs.contains(index),
                        typedKeys: typedKeys)
                {
                    afterTyped = true
                    index += used
                    continue
                }
                let item =
                    words[index].count == 1
                    ? YAMLText.string(argument.template ?? YAMLText.literal(words[index][0]))
                    : "[" + words[index].map { YAMLText.string(YAMLText.literal($0)) }.joined(separator: ", ") + "]"
                if entries.expandsBuildSettings { buildSettingWarning(argument.text, at: argument.location) }
                if !argument.isEnabled, afterTyped {
                    notes.append(
                        .warning(
                            "this unchecked entry comes after a flag, mock or value's entry, which exports write after "
                                + "the arguments: kept as a comment, so `export --update` leaves it in place as your own",
                            at: argument.location))
                }
                arguments.append(
                    line(
                        "- " + item, isEnabled: argument.isEnabled, origin: origin(argument.location),
                        disabled: afterTyped ? nil : "- {argument: \(item), enabled: false}"))
                if argument.isEnabled || !afterTyped { liveCount["arguments", default: 0] += 1 }
                index += 1
            }
        }

        /// Imports the entry at `index` (with the next one, for `-key`, `value`, when the app reads that as its value:
        /// `pairsWithNext`) as a typed setting when it is one; returns how many entries it took, nil when it stays an
        /// argument.
        mutating func importTyped(
            at index: Int, words: [[String]], covered: [Bool], pairsWithNext: Bool,
            typedKeys: [String: (kind: String, key: String)]
        ) -> Int? {
            let list = entries.arguments
            var taken = 1
            var setting = XcodeEntryMerge.typedSetting(words[index])
            if pairsWithNext, !covered[index + 1],
                let pair = XcodeEntryMerge.typedSetting([words[index][0], words[index + 1][0]]),
                typedKeys[pair.key] != nil
            {
                setting = pair
                taken = 2
            }
            let argument = list[index]
            // A flag, mock or value has no checkbox: an unchecked one stays an argument, unchecked.
            guard argument.isEnabled else { return nil }
            guard let setting, let declared = typedKeys[setting.key] else {
                if words[index].count > 1, let first = XcodeEntryMerge.typedSetting([words[index][0]]),
                    let declared = typedKeys[first.key]
                {
                    notes.append(
                        .warning(
                            "`\(words[index].joined(separator: " "))` sets \(declared.kind) `\(declared.key)` of the "
                                + "catalog, but holds more words than `-key value` (quote a value with spaces): kept as "
                                + "an argument", at: argument.location))
                }
                return nil
            }
            // A catalog secret is written as a reference (see `addTyped`): its text is neither checked nor shown.
            let isSecret = declared.kind == "value" && catalog?.value(declared.key)?.isSecret == true
            let written =
                isSecret
                ? String(words[index][0].prefix { $0 != "=" }) + " " + Catalog.secretPlaceholder
                : (words[index] + (taken == 2 ? words[index + 1] : [])).joined(separator: " ")
            let kind: Kind
            let section: String
            switch declared.kind {
            case "flag": (kind, section) = (.flag, "flags")
            case "mock point": (kind, section) = (.mock, "mocks")
            default: (kind, section) = (.value, "values")
            }
            switch isSecret ? .success("") : typedScalar(kind, key: declared.key, text: setting.text) {
            case .failure(let problem):
                notes.append(
                    .warning(
                        "`\(written)` sets \(declared.kind) `\(declared.key)` of the catalog, but \(problem.text): "
                            + "kept as an argument", at: argument.location))
                return nil
            case .success(let scalar):
                addTyped(
                    section, key: declared.key, scalar: scalar, isEnabled: argument.isEnabled,
                    origin: origin(argument.location), location: argument.location)
                // Make the line say what the entry was.
                if var list = typed[section], let last = list.indices.last {
                    list[last].line += " (" + YAMLText.comment(written) + ")"
                    typed[section] = list
                }
                return taken
            }
        }

        // MARK: - Variables

        mutating func importVariables() {
            let list = entries.variables
            // The last checked entry of a name applies (Xcode passes one value; a dotenv's later line wins).
            var lastLive: [String: Int] = [:]
            for (index, variable) in list.enumerated() where variable.isEnabled { lastLive[variable.name] = index }
            var counts: [String: Int] = [:]
            for variable in list { counts[variable.name, default: 0] += 1 }
            for (index, variable) in list.enumerated() {
                let origin = origin(variable.location)
                if let problem = Names.environmentNameProblem(variable.name) {
                    notes.append(
                        .warning(
                            "`\(variable.name)` is not a variable name (\(problem)): kept as a comment",
                            at: variable.location))
                    environment.append(
                        "# not a variable name: " + YAMLText.comment("\(variable.name)=\(variable.value)")
                            + "  # \(YAMLText.comment(origin))")
                    continue
                }
                var value = variable.template ?? YAMLText.literal(variable.value)
                if catalog?.environmentVariable(variable.name)?.isSecret == true {
                    value = "${\(variable.name)}"
                    secretWarning("variable `\(variable.name)`", reference: variable.name, at: variable.location)
                } else if entries.expandsBuildSettings {
                    buildSettingWarning(variable.value, at: variable.location)
                }
                // Any name without `=` or NUL (`OPTION-B`, `io.sentry.sample-rate`), quoted where YAML needs it.
                let key = YAMLText.environmentValue(variable.name)
                let yaml = key + ": " + YAMLText.environmentValue(value)
                if variable.isEnabled, lastLive[variable.name] != index {
                    notes.append(
                        .warning(
                            "`\(variable.name)` is set again later, which applies: this one is kept as a comment",
                            at: variable.location, length: variable.name.count))
                    environment.append("# overridden below: " + yaml + "  # " + YAMLText.comment(origin))
                    continue
                }
                // A profile sets a name once: an unchecked entry whose name another entry sets stays a comment.
                let disabled =
                    counts[variable.name] == 1
                    ? key + ": {value: " + YAMLText.environmentValue(value) + ", enabled: false}" : nil
                if !variable.isEnabled, disabled == nil {
                    notes.append(
                        .warning(
                            "`\(variable.name)` is set by another entry too: this unchecked one is kept as a comment "
                                + "(a profile sets a variable once); `export --update` leaves it in the file as your own",
                            at: variable.location, length: variable.name.count))
                }
                environment.append(line(yaml, isEnabled: variable.isEnabled, origin: origin, disabled: disabled))
                if variable.isEnabled || disabled != nil { liveCount["env", default: 0] += 1 }
            }
        }

        /// The warning for a secret entry written as a reference instead of its value; every warning on its line
        /// leaves the line out (see `run`).
        mutating func secretWarning(_ what: String, reference name: String, at location: SourceLocation?) {
            if let location { secretLines.insert(SecretLine(path: location.file.path, line: location.mark.line)) }
            notes.append(
                .warning(
                    "\(what) is secret in the catalog: written as `${\(name)}`, not its value; set `\(name)` in "
                        + "your environment or in a `.local.yml` overlay", at: location
                ).hidingExcerpt())
        }

        /// The environment variable a secret value is read from: its key in upper snake case (`apiToken`,
        /// `http.apiToken` → `API_TOKEN`, `HTTP_API_TOKEN`).
        static func variableName(forSecret key: String) -> String {
            var name = ""
            var previous: Character?
            for character in key {
                if character.isLetter || character.isNumber {
                    if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { name += "_" }
                    name += character.uppercased()
                } else if !name.isEmpty, name.last != "_" {
                    name += "_"
                }
                previous = character
            }
            if let first = name.first, first.isNumber { name = "_" + name }
            return name.isEmpty ? "SECRET" : name
        }

        /// A warning for each Xcode build setting reference (`$(SRCROOT)`, `${SRCROOT}`) in `text`.
        mutating func buildSettingWarning(_ text: String, at location: SourceLocation) {
            guard text.contains("$(") || text.contains("${") else { return }
            var references: [String] = []
            var rest = Substring(text)
            while let start = rest.firstIndex(of: "$") {
                let after = rest[rest.index(after: start)...]
                guard let open = after.first, open == "(" || open == "{",
                    let close = after.firstIndex(of: open == "(" ? ")" : "}")
                else {
                    rest = after
                    continue
                }
                references.append(String(rest[start...close]))
                rest = rest[rest.index(after: close)...]
            }
            guard !references.isEmpty else { return }
            notes.append(
                .warning(
                    references.map { "`\($0)`" }.joined(separator: ", ")
                        + (references.count == 1 ? " is an Xcode build setting" : " are Xcode build settings")
                        + ": kept as written; only Xcode expands \(references.count == 1 ? "it" : "them"), "
                        + "`profile run` passes the text as it is",
                    at: location))
        }
    }
}

import ProfileRuntime

/// Turns a parsed YAML file into a ``ProfileDefinition``, reporting every problem it finds (not only the first).
package struct ProfileDecoder {
    /// The keys a profile may have.
    package static let profileKeys = [
        "description", "abstract", "extends", "env", "arguments", "appendArguments", "flags", "mocks", "values",
        "redact",
    ]
    /// The keys an overlay may not have: an overlay adjusts a profile, it does not change what the profile is.
    static let overlayForbiddenKeys: Set<String> = ["abstract", "extends"]

    /// Keys other tools use for the same thing, too far from ours for a spelling suggestion.
    static let synonyms = [
        "args": "arguments", "argv": "arguments", "launchArguments": "arguments", "environment": "env",
        "environmentVariables": "env", "launchEnvironment": "env", "inherits": "extends", "parent": "extends",
        "parents": "extends", "settings": "values", "noArguments": "appendArguments",
        "passArguments": "appendArguments", "forwardArguments": "appendArguments",
    ]

    private let file: SourceFile
    private var diagnostics: [Diagnostic] = []
    /// Each value's full dotted name, with its key and the mapping that holds it: `http.timeout` can be written
    /// once dotted and once nested.
    private var valueKeys: [String: YAMLNode] = [:]
    /// A `values` mapping whose names are not in ``valueKeys`` yet (see ``valuesLevel(_:prefix:into:)``).
    private var untrackedValues: [YAMLPair]?

    /// Decodes `document` as the profile `name`.
    package static func decode(_ document: YAMLDocument, name: String, isOverlay: Bool) -> (
        ProfileDefinition, [Diagnostic]
    ) {
        var decoder = ProfileDecoder(file: document.file)
        let definition = decoder.decode(document.root, name: name, isOverlay: isOverlay)
        return (definition, document.diagnostics + decoder.diagnostics)
    }

    private init(file: SourceFile) { self.file = file }

    private func location(_ node: YAMLNode) -> SourceLocation { SourceLocation(file: file, mark: node.mark) }

    private mutating func error(_ message: String, _ node: YAMLNode, suggestion: String? = nil) {
        diagnostics.append(.error(message, at: location(node), length: node.displayLength, suggestion: suggestion))
    }

    /// A value that has none (out of range, an unknown or mismatching tag): under the tag when there is one.
    private mutating func typingError(_ problem: TypedValue.Problem, _ node: YAMLNode, key: String) {
        let length = node.tag.map { TypedValue.shownTag($0).count } ?? node.displayLength
        diagnostics.append(
            .error(
                "value `\(key)`: " + problem.message + (node.tag == nil ? "; quote it for a string" : ""),
                at: location(node), length: length, suggestion: problem.suggestion))
    }

    private func located(_ text: String, _ node: YAMLNode) -> Located<String> {
        Located(text, at: location(node), length: node.displayLength)
    }

    private mutating func decode(_ root: YAMLNode?, name: String, isOverlay: Bool) -> ProfileDefinition {
        var definition = ProfileDefinition(name: name, file: file, isOverlay: isOverlay)
        guard let root else {
            // An overlay whose lines are all commented out adjusts nothing; an empty profile is a mistake.
            if isOverlay { return definition }
            diagnostics.append(
                .error(
                    "`\(file.path)` is empty; a profile is a mapping with keys such as `description`, `env` and `flags`",
                    at: SourceLocation(file: file, mark: Mark(line: 1, column: 1))))
            return definition
        }
        guard let pairs = root.mapping else {
            error(
                "a profile is a mapping with keys such as `description`, `env` and `flags`; this file holds \(root.kindDescription)",
                root)
            return definition
        }
        for pair in pairs {
            guard let key = pair.key.scalar?.text else {
                error("keys must be plain names; this key is \(pair.key.kindDescription)", pair.key)
                continue
            }
            if isOverlay, Self.overlayForbiddenKeys.contains(key) {
                error("`\(key)` cannot be set in a `.local` overlay; set it in the profile itself", pair.key)
                continue
            }
            let value = pair.value
            switch key {
            case "description":
                if let text = string(value, what: "`description`") { definition.description = located(text, value) }
            case "abstract":
                if let flag = bool(value, what: "`abstract`") {
                    definition.isAbstract = flag
                    definition.abstractLocation = location(pair.key)
                }
            case "extends":
                definition.extends = extends(value)
            case "env":
                definition.environment = environment(value)
            case "arguments":
                definition.arguments = arguments(value)
            case "appendArguments":
                if let flag = bool(value, what: "`appendArguments`") {
                    definition.appendArguments = Located(flag, at: location(pair.key), length: key.unicodeScalars.count)
                }
            case "redact":
                if let flag = bool(value, what: "`redact`") {
                    definition.redact = Located(flag, at: location(pair.key), length: key.unicodeScalars.count)
                }
            case "flags":
                definition.flags = flags(value)
            case "mocks":
                definition.mocks = mocks(value)
            case "values":
                definition.values = []
                values(value, into: &definition.values)
            default:
                error(
                    "unknown key `\(Self.shown(key))` in a profile", pair.key,
                    suggestion: Self.synonyms[key] ?? NearMiss.suggestion(for: key, in: Self.profileKeys))
            }
        }
        return definition
    }

    private mutating func string(_ node: YAMLNode, what: String) -> String? {
        guard let scalar = node.scalar, !node.isNull else {
            error("\(what) takes a string; this is \(node.kindDescription)", node)
            return nil
        }
        return scalar.text
    }

    /// A key that only holds a boolean: one of the boolean words (``TextConversion/booleanWord(_:)``), unquoted.
    static func boolean(_ node: YAMLNode) -> Bool? {
        guard let scalar = node.scalar, node.tag != "tag:yaml.org,2002:str" else { return nil }
        if scalar.style != .plain && node.tag != "tag:yaml.org,2002:bool" { return nil }
        return TextConversion.booleanWord(scalar.text)
    }

    private mutating func bool(_ node: YAMLNode, what: String) -> Bool? {
        if let value = Self.boolean(node) { return value }
        error("\(what) takes `true` or `false`; this is \(Self.notABoolean(node))", node)
        return nil
    }

    /// What a node that should be a boolean is, for a message: "`maybe`", "a list", "the string `"true"` (quoted:
    /// write `true` without quotes)".
    static func notABoolean(_ node: YAMLNode) -> String {
        guard let scalar = node.scalar else { return node.kindDescription }
        if scalar.style != .plain || node.tag == "tag:yaml.org,2002:str",
            TextConversion.booleanWord(scalar.text) != nil
        {
            return "the string `\(scalar.text)` (write `\(scalar.text)` without quotes or `!!str`)"
        }
        return "`\(shown(scalar.text))`"
    }

    /// Text from the file as shown in a message: on one line, and cut short when long.
    static func shown(_ text: String) -> String {
        var result = ""
        var count = 0
        for character in text {
            if count == 60 { return result + "…" }
            if character == "\n" { return result + "…" }
            result.append(character)
            count += 1
        }
        return result
    }

    private mutating func extends(_ node: YAMLNode) -> [Located<String>] {
        var items: [YAMLNode] = []
        switch node.content {
        case .scalar: items = [node]
        case .sequence(let sequence): items = sequence
        case .mapping:
            error("`extends` takes a profile name or a list of names; this is a mapping", node)
            return []
        }
        var result: [Located<String>] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let scalar = item.scalar, !item.isNull else {
                error("`extends` takes profile names; this is \(item.kindDescription)", item)
                continue
            }
            if let problem = Names.profileNameProblem(scalar.text) {
                error("`\(Self.shown(scalar.text))` is not a valid profile name: \(problem)", item)
                continue
            }
            result.append(located(scalar.text, item))
        }
        return result
    }

    private mutating func mappingPairs(_ node: YAMLNode, what: String) -> [YAMLPair] {
        if node.isNull { return [] }
        guard let pairs = node.mapping else {
            error("`\(what)` takes a mapping of names to values; this is \(node.kindDescription)", node)
            return []
        }
        return pairs
    }

    private mutating func environment(_ node: YAMLNode) -> [EnvironmentEntry] {
        let pairs = mappingPairs(node, what: "env")
        var result: [EnvironmentEntry] = []
        result.reserveCapacity(pairs.count)  // exactly, with no regrowth: definitions stay in memory
        for pair in pairs {
            guard let name = pair.key.scalar?.text else {
                error("environment variable names must be scalars", pair.key)
                continue
            }
            if let problem = Names.environmentNameProblem(name) {
                error("`\(Self.shown(name))` is not a valid environment variable name: \(problem)", pair.key)
                continue
            }
            let value = pair.value
            if value.isNull {
                result.append(EnvironmentEntry(name: located(name, pair.key), value: nil, interpolates: false))
            } else if let scalar = value.scalar {
                result.append(
                    EnvironmentEntry(
                        name: located(name, pair.key), value: located(scalar.text, value), interpolates: true))
            } else if let entry = environmentMapping(value, name: located(name, pair.key)) {
                result.append(entry)
            } else if value.mapping == nil {
                error(
                    "the value of `\(name)` must be a scalar (text as written), null to unset it, or `{value: …, enabled: false}`; this is \(value.kindDescription)",
                    value)
            }
        }
        return result
    }

    /// The keys of an `env` entry written as a mapping, and of an `arguments` item that is an argument with a state.
    static let environmentEntryKeys = ["value", "enabled"]
    static let argumentItemKeys = ["argument", "enabled"]

    /// `NAME: {value: text, enabled: false}`: nil (with the problems reported) when it is not that.
    private mutating func environmentMapping(_ node: YAMLNode, name: Located<String>) -> EnvironmentEntry? {
        guard let pairs = node.mapping else { return nil }
        var value: YAMLNode?
        var isEnabled = true
        var failed = false
        for pair in pairs {
            switch pair.key.scalar?.text {
            case "value": value = pair.value
            case "enabled":
                if let flag = bool(pair.value, what: "`enabled`") { isEnabled = flag } else { failed = true }
            default:
                let key = pair.key.scalar?.text ?? ""
                error(
                    "unknown key `\(Self.shown(key))` in the entry of `\(name.value)` (`value`, and `enabled: false` to "
                        + "write it unchecked)", pair.key,
                    suggestion: NearMiss.suggestion(for: key, in: Self.environmentEntryKeys))
                failed = true
            }
        }
        guard let value else {
            if !failed { error("the entry of `\(name.value)` needs `value:` (the text the variable is set to)", node) }
            return nil
        }
        guard let scalar = value.scalar, !value.isNull else {
            error(
                "`value` of `\(name.value)` must be a scalar (text as written); this is \(value.kindDescription)"
                    + (value.isNull ? " (a disabled entry cannot unset: leave it out)" : ""), value)
            return nil
        }
        if failed { return nil }
        return EnvironmentEntry(
            name: name, value: located(scalar.text, value), interpolates: true, isEnabled: isEnabled)
    }

    /// `{argument: text or group, enabled: false}`: the item and its state; nil (reported) when it is not that.
    private mutating func argumentItem(_ pairs: [YAMLPair], _ node: YAMLNode, inWith: Bool = false) -> (
        group: [Located<String>], isEnabled: Bool
    )? {
        var argument: YAMLNode?
        var isEnabled = true
        var failed = false
        for pair in pairs {
            switch pair.key.scalar?.text {
            case "argument": argument = pair.value
            case "enabled":
                if let flag = bool(pair.value, what: "`enabled`") { isEnabled = flag } else { failed = true }
            default:
                let key = pair.key.scalar?.text ?? ""
                error(
                    inWith
                        ? "unknown key `\(Self.shown(key))` in `with` (an argument, a group, or `argument` with `enabled`)"
                        : "unknown key `\(Self.shown(key))` in an `arguments` item (`argument` with `enabled`, `drop`, or "
                            + "`replace` with `with`)", pair.key,
                    suggestion: NearMiss.suggestion(
                        for: key, in: Self.argumentItemKeys + (inWith ? [] : ["drop", "replace", "with"])))
                failed = true
            }
        }
        guard let argument else {
            if !failed { error("`enabled` needs `argument:` (an argument or a group of arguments)", node) }
            return nil
        }
        if case .mapping = argument.content {
            error("`argument` takes an argument or a group of arguments; this is a mapping", argument)
            return nil
        }
        guard let group = argumentList(argument, what: "`argument`"), !failed else { return nil }
        return (group, isEnabled)
    }

    private mutating func argumentList(_ node: YAMLNode, what: String) -> [Located<String>]? {
        switch node.content {
        case .scalar(let scalar):
            if scalar.style == .plain && scalar.text.isEmpty {
                error("\(what) is empty; write `\"\"` for an empty argument", node)
                return nil
            }
            return [located(scalar.text, node)]
        case .sequence(let items):
            var group: [Located<String>] = []
            for item in items {
                guard let scalar = item.scalar else {
                    error("an argument group holds arguments (scalars); this is \(item.kindDescription)", item)
                    return nil
                }
                group.append(located(scalar.text, item))
            }
            if group.isEmpty {
                error("\(what) is an empty group", node)
                return nil
            }
            return group
        case .mapping:
            error("\(what) must be an argument or a group of arguments; this is a mapping", node)
            return nil
        }
    }

    private mutating func arguments(_ node: YAMLNode) -> [ArgumentOperation] {
        if node.isNull { return [] }
        guard let items = node.sequence else {
            error(
                "`arguments` takes a list (arguments, groups, `drop:` and `replace:` items); this is \(node.kindDescription)",
                node)
            return []
        }
        var result: [ArgumentOperation] = []
        result.reserveCapacity(items.count)
        for item in items {
            switch item.content {
            case .scalar, .sequence:
                if let group = argumentList(item, what: "this argument") { result.append(.append(group)) }
            case .mapping(let pairs):
                if pairs.contains(where: { $0.key.scalar?.text == "argument" || $0.key.scalar?.text == "enabled" }) {
                    if let (group, isEnabled) = argumentItem(pairs, item) {
                        result.append(.append(group, isEnabled: isEnabled))
                    }
                } else {
                    result.append(contentsOf: argumentOperation(pairs, item))
                }
            }
        }
        return result
    }

    private mutating func argumentOperation(_ pairs: [YAMLPair], _ node: YAMLNode) -> [ArgumentOperation] {
        var drop: YAMLNode?
        var replace: YAMLNode?
        var with: YAMLNode?
        for pair in pairs {
            switch pair.key.scalar?.text {
            case "drop": drop = pair.value
            case "replace": replace = pair.value
            case "with": with = pair.value
            default:
                let key = pair.key.scalar?.text ?? ""
                error(
                    "unknown key `\(Self.shown(key))` in an `arguments` item (`drop`, `replace` with `with`, or "
                        + "`argument` with `enabled`)",
                    pair.key,
                    suggestion: NearMiss.suggestion(for: key, in: ["drop", "replace", "with"] + Self.argumentItemKeys))
                return []
            }
        }
        if let drop {
            if replace != nil || with != nil {
                error("an `arguments` item either drops or replaces, not both", node)
                return []
            }
            guard let scalar = drop.scalar, !drop.isNull else {
                error(
                    "`drop` takes the first argument of the inherited item to remove; this is \(drop.kindDescription)",
                    drop)
                return []
            }
            return [.drop(located(scalar.text, drop))]
        }
        guard let replace else {
            error("`with` needs `replace:` naming the inherited argument it replaces", node)
            return []
        }
        guard let target = replace.scalar, !replace.isNull else {
            error(
                "`replace` takes the first argument of the inherited item to replace; this is \(replace.kindDescription)",
                replace)
            return []
        }
        guard let with else {
            error("`replace: \(Self.shown(target.text))` needs `with:` (an argument or a group of arguments)", node)
            return []
        }
        if let pairs = with.mapping {
            guard let (group, isEnabled) = argumentItem(pairs, with, inWith: true) else { return [] }
            return [.replace(target: located(target.text, replace), replacement: group, isEnabled: isEnabled)]
        }
        guard let replacement = argumentList(with, what: "`with`") else { return [] }
        return [.replace(target: located(target.text, replace), replacement: replacement)]
    }

    private mutating func key(_ node: YAMLNode, what: String) -> String? {
        guard let name = node.scalar?.text else {
            error("\(what) names must be scalars", node)
            return nil
        }
        guard Names.isValidKey(name) else {
            error(
                "`\(Self.shown(name))` is not a valid \(what) name (words of letters, digits and `_`, joined by `.` or `-`)",
                node)
            return nil
        }
        return name
    }

    private mutating func flags(_ node: YAMLNode) -> [Setting<Bool>] {
        var result: [Setting<Bool>] = []
        if let items = node.sequence {
            result.reserveCapacity(items.count)
            for item in items {
                guard let name = key(item, what: "flag") else { continue }
                result.append(Setting(key: located(name, item), value: Located(true, at: location(item))))
            }
            return result
        }
        let pairs = mappingPairs(node, what: "flags")
        result.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let name = key(pair.key, what: "flag") else { continue }
            guard let value = Self.boolean(pair.value) else {
                error("flag `\(name)` takes `true` or `false`; this is \(Self.notABoolean(pair.value))", pair.value)
                continue
            }
            result.append(
                Setting(
                    key: located(name, pair.key),
                    value: Located(value, at: location(pair.value), length: pair.value.displayLength)))
        }
        return result
    }

    private mutating func mocks(_ node: YAMLNode) -> [Setting<String>] {
        let pairs = mappingPairs(node, what: "mocks")
        var result: [Setting<String>] = []
        result.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let name = key(pair.key, what: "mock point") else { continue }
            guard let variant = pair.value.scalar?.text, !pair.value.isNull else {
                error(
                    "mock point `\(name)` takes the name of one variant; this is \(pair.value.kindDescription)",
                    pair.value)
                continue
            }
            guard Names.isValidVariant(variant) else {
                error("`\(Self.shown(variant))` is not a valid variant name (no spaces, `,`, `;` or `=`)", pair.value)
                continue
            }
            result.append(Setting(key: located(name, pair.key), value: located(variant, pair.value)))
        }
        return result
    }

    /// A `values` mapping being read: its pairs, the next one to read, and its dotted name (empty at the top).
    private struct ValuesLevel {
        var pairs: [YAMLPair]
        var next = 0
        var prefix: String
        var tracksNames: Bool
    }

    /// The settings of a `values` mapping, nested mappings named by dotted paths (`http: {timeout: 5}` is
    /// `http.timeout`), in the order written. The mappings being read are a stack of their own, not calls: a thread's
    /// stack stays flat however deep the nesting the parser admits.
    private mutating func values(_ node: YAMLNode, into result: inout [Setting<TypedValue?>]) {
        var levels = [valuesLevel(node, prefix: "", into: &result)]
        while !levels.isEmpty {
            let top = levels.count - 1
            let index = levels[top].next
            guard index < levels[top].pairs.count else {
                levels.removeLast()
                continue
            }
            levels[top].next = index + 1
            let pair = levels[top].pairs[index]
            guard let part = key(pair.key, what: "value") else { continue }
            let prefix = levels[top].prefix
            let name = prefix.isEmpty ? part : prefix + "." + part
            let value = pair.value
            switch value.content {
            case .mapping:
                levels.append(valuesLevel(value, prefix: name, into: &result))
            case .sequence:
                error("value `\(name)` must be a scalar (string, int, double or bool); lists are not supported", value)
            case .scalar:
                let typed: TypedValue?
                do {
                    typed = try TypedValue.resolve(value)
                } catch {
                    typingError(error, value, key: name)
                    continue
                }
                if !levels[top].tracksNames {
                    // Untracked: nothing to look up.
                } else if let first = valueKeys[name] {
                    // The same key twice in one mapping is already reported by the parser.
                    let repeatedHere = levels[top].pairs[..<index].contains { $0.key.scalar?.text == part }
                    if !repeatedHere {
                        diagnostics.append(
                            .error(
                                "value `\(name)` is set twice", at: location(pair.key), length: pair.key.displayLength,
                                notes: [
                                    .note(
                                        "`\(name)` is first set here", at: location(first), length: first.displayLength)
                                ]))
                    }
                } else {
                    valueKeys[name] = pair.key
                }
                let keyLocation = Located(name, at: location(pair.key), length: pair.key.displayLength)
                result.append(
                    Setting(key: keyLocation, value: Located(typed, at: location(value), length: value.displayLength)))
            }
        }
    }

    /// Starts reading the `values` mapping `node` named `prefix`.
    private mutating func valuesLevel(_ node: YAMLNode, prefix: String, into result: inout [Setting<TypedValue?>])
        -> ValuesLevel
    {
        let pairs = mappingPairs(node, what: "values")
        // The names need tracking only where one can be set twice: a first `values` mapping without nested
        // mappings cannot (a key repeated in it is the parser's duplicate), so its names are recorded only if
        // another `values` mapping follows.
        let tracksNames =
            !prefix.isEmpty || !valueKeys.isEmpty || untrackedValues != nil
            || pairs.contains { if case .mapping = $0.value.content { true } else { false } }
        if tracksNames {
            trackUntrackedValues()
        } else {
            untrackedValues = pairs
        }
        result.reserveCapacity(result.count + pairs.count)
        return ValuesLevel(pairs: pairs, prefix: prefix, tracksNames: tracksNames)
    }

    /// Records the names of the untracked `values` mapping as its decoding would have: the first scalar setting of
    /// each valid key.
    private mutating func trackUntrackedValues() {
        guard let pairs = untrackedValues else { return }
        untrackedValues = nil
        for pair in pairs {
            guard let part = pair.key.scalar?.text, Names.isValidKey(part), case .scalar = pair.value.content else {
                continue
            }
            if valueKeys[part] == nil { valueKeys[part] = pair.key }
        }
    }
}

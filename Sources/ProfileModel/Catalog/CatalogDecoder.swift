import ProfileRuntime

/// Reads `profiles/_catalog.yml` into a ``Catalog``, reporting every problem in it.
///
/// ```yaml
/// flags:
///   skipOnboarding: Skip the onboarding screens      # shorthand: the description
///   inMemorySettings: {description: Keep settings in memory, default: false}
/// mocks:
///   countries:
///     description: Where the countries come from
///     variants: {live: The REST API, local-mock: Bundled JSON}   # or a list of names
///     default: live                                              # else the first variant
/// values:
///   pageSize: {type: int, default: 20, minimum: 1, maximum: 100, description: Countries per page}
///   theme: {type: enum, cases: [light, dark, system], default: system}
///   apiToken: {type: string, secret: true}
/// env:
///   API_TOKEN: {description: Token for the staging API, secret: true}
/// ```
package struct CatalogDecoder {
    /// The top-level keys of a catalog.
    package static let keys = ["description", "flags", "mocks", "values", "env"]
    /// The keys of a flag's mapping, besides `description` (which every declaration takes).
    package static let flagKeys = ["default"]
    /// The keys of a mock point's mapping, besides `description`.
    package static let mockKeys = ["variants", "default", "swiftName"]
    /// The keys of a value's mapping, besides `description`.
    package static let valueKeys = ["type", "default", "minimum", "maximum", "cases", "secret"]
    /// The keys of an environment variable's mapping, besides `description`.
    package static let environmentKeys = ["secret"]
    private var diagnostics: [Diagnostic] = []
    private var catalog: Catalog

    /// Decodes `document`; the catalog holds every entry that could be read.
    package static func decode(_ document: YAMLDocument) -> (Catalog, [Diagnostic]) {
        var decoder = CatalogDecoder(catalog: Catalog(file: document.file))
        decoder.decode(document.root)
        return (
            decoder.catalog, document.diagnostics + decoder.diagnostics + KeyCollisions.problems(in: decoder.catalog)
        )
    }

    private init(catalog: Catalog) { self.catalog = catalog }

    private func location(_ node: YAMLNode) -> SourceLocation { SourceLocation(file: catalog.file, mark: node.mark) }

    private mutating func error(_ message: String, _ node: YAMLNode, suggestion: String? = nil) {
        diagnostics.append(.error(message, at: location(node), length: node.displayLength, suggestion: suggestion))
    }

    private mutating func decode(_ root: YAMLNode?) {
        guard let root else { return }
        guard let pairs = root.mapping else {
            error(
                "the catalog is a mapping with `flags`, `mocks`, `values` and `env`; this file holds \(root.kindDescription)",
                root)
            return
        }
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            switch key {
            case "description": break
            case "flags": for entry in entries(pair.value, what: "flags") { flag(entry.0, entry.1) }
            case "mocks": for entry in entries(pair.value, what: "mocks") { mock(entry.0, entry.1) }
            case "values": for entry in entries(pair.value, what: "values") { value(entry.0, entry.1) }
            case "env": for entry in entries(pair.value, what: "env") { environment(entry.0, entry.1) }
            default:
                error(
                    "unknown key `\(key)` in the catalog", pair.key,
                    suggestion: NearMiss.suggestion(for: key, in: Self.keys))
            }
        }
    }

    private mutating func entries(_ node: YAMLNode, what: String) -> [(YAMLNode, YAMLNode)] {
        if node.isNull { return [] }
        guard let pairs = node.mapping else {
            error(
                "`\(what)` in the catalog takes a mapping of names to declarations; this is \(node.kindDescription)",
                node)
            return []
        }
        return pairs.map { ($0.key, $0.value) }
    }

    /// The declaration's fields: a scalar is shorthand for the description.
    private mutating func fields(_ node: YAMLNode, allowed: [String], what: String) -> (String?, [String: YAMLNode])? {
        if node.isNull { return (nil, [:]) }
        if let scalar = node.scalar { return (scalar.text, [:]) }
        guard let pairs = node.mapping else {
            error(
                "\(what) takes a description or a mapping of \(allowed.map { "`\($0)`" }.joined(separator: ", ")); this is \(node.kindDescription)",
                node)
            return nil
        }
        var result: [String: YAMLNode] = [:]
        var description: String?
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            guard allowed.contains(key) || key == "description" else {
                error(
                    "unknown key `\(key)` in \(what)", pair.key,
                    suggestion: NearMiss.suggestion(for: key, in: allowed + ["description"]))
                continue
            }
            if key == "description" {
                description = pair.value.scalar?.text
                if description == nil { error("`description` takes a string", pair.value) }
            } else {
                result[key] = pair.value
            }
        }
        return (description, result)
    }

    private mutating func name(_ node: YAMLNode, what: String) -> Located<String>? {
        guard let text = node.scalar?.text, Names.isValidKey(text) else {
            error(
                "`\(node.scalar?.text ?? "")` is not a valid \(what) name (words of letters, digits and `_`, joined by `.` or `-`)",
                node)
            return nil
        }
        return Located(text, at: location(node), length: node.displayLength)
    }

    private mutating func flag(_ keyNode: YAMLNode, _ node: YAMLNode) {
        guard let key = name(keyNode, what: "flag"),
            let (description, fields) = fields(
                node, allowed: Self.flagKeys, what: "flag `\(keyNode.scalar?.text ?? "")`")
        else { return }
        var defaultValue = false
        if let value = fields["default"] {
            if let flag = ProfileDecoder.boolean(value) {
                defaultValue = flag
            } else {
                error("a flag's `default` is `true` or `false`", value)
            }
        }
        catalog.flags.append(Catalog.Flag(key: key, description: description, defaultValue: defaultValue))
    }

    private mutating func mock(_ keyNode: YAMLNode, _ node: YAMLNode) {
        guard let key = name(keyNode, what: "mock point") else { return }
        var variants: [Catalog.MockPoint.Variant] = []
        var description: String?
        var defaultNode: YAMLNode?
        var variantsNode: YAMLNode?
        var swiftName: Located<String>?
        if node.sequence != nil {
            variantsNode = node
        } else {
            guard
                let (text, fields) = fields(
                    node, allowed: Self.mockKeys, what: "mock point `\(key.value)`")
            else { return }
            description = text
            variantsNode = fields["variants"]
            defaultNode = fields["default"]
            // A bad name is reported, and the mock point still declared (profiles using it are not errors too).
            if let nameNode = fields["swiftName"] {
                if let text = nameNode.scalar?.text, Self.isSwiftTypeName(text) {
                    swiftName = Located(text, at: location(nameNode), length: nameNode.displayLength)
                } else {
                    error(
                        "`swiftName` takes a Swift type name (letters, digits and `_`, not starting with a digit): "
                            + "the name of the enum `profile generate swift` writes for `\(key.value)`", nameNode)
                }
            }
        }
        guard let variantsNode else {
            error("mock point `\(key.value)` needs `variants`", keyNode)
            return
        }
        switch variantsNode.content {
        case .sequence(let items):
            for item in items {
                guard let text = item.scalar?.text, Names.isValidVariant(text) else {
                    error("a variant is a name without spaces, `,`, `;` or `=`", item)
                    continue
                }
                variants.append(.init(name: text, description: nil))
            }
        case .mapping(let pairs):
            for pair in pairs {
                guard let text = pair.key.scalar?.text, Names.isValidVariant(text) else {
                    error("a variant is a name without spaces, `,`, `;` or `=`", pair.key)
                    continue
                }
                variants.append(.init(name: text, description: pair.value.isNull ? nil : pair.value.scalar?.text))
            }
        case .scalar:
            error("`variants` takes a list of names or a mapping of names to descriptions", variantsNode)
            return
        }
        guard let first = variants.first else {
            error("mock point `\(key.value)` declares no variants", variantsNode)
            return
        }
        var defaultVariant = first.name
        if let defaultNode {
            let text = defaultNode.scalar?.text ?? ""
            if variants.contains(where: { $0.name == text }) {
                defaultVariant = text
            } else {
                error(
                    "the default `\(text)` is not one of the variants of `\(key.value)`", defaultNode,
                    suggestion: NearMiss.suggestion(for: text, in: variants.map(\.name)))
            }
        }
        catalog.mocks.append(
            Catalog.MockPoint(
                key: key, description: description, variants: variants, defaultVariant: defaultVariant,
                swiftName: swiftName))
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`: a name Swift takes for a type as written (ASCII, so the same on every toolchain).
    static func isSwiftTypeName(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
    }

    private mutating func value(_ keyNode: YAMLNode, _ node: YAMLNode) {
        guard let key = name(keyNode, what: "value"),
            let (description, fields) = fields(
                node, allowed: Self.valueKeys,
                what: "value `\(keyNode.scalar?.text ?? "")`")
        else { return }
        guard let typeNode = fields["type"] else {
            error("value `\(key.value)` needs a `type` (\(ValueKind.names.joined(separator: ", ")))", keyNode)
            return
        }
        let typeName = typeNode.scalar?.text ?? ""
        guard let type = ValueKind.named(typeName) else {
            error(
                "unknown type `\(typeName)` (\(ValueKind.names.joined(separator: ", ")))", typeNode,
                suggestion: NearMiss.suggestion(for: typeName, in: ValueKind.names))
            return
        }
        var cases: [String] = []
        if type.takesCases {
            guard let list = fields["cases"]?.sequence?.compactMap({ $0.scalar?.text }), !list.isEmpty else {
                error("an `\(type)` value needs `cases`: the list of allowed strings", fields["cases"] ?? typeNode)
                return
            }
            cases = list
        } else if let cases = fields["cases"] {
            error("`cases` is for \(Self.kinds(\.takesCases)) values", cases)
        }
        var entry = Catalog.Value(
            key: key, type: type, description: description, defaultValue: nil, minimum: nil, maximum: nil,
            isSecret: false, cases: cases)
        for bound in ["minimum", "maximum"] {
            guard let node = fields[bound] else { continue }
            guard type.takesBounds, let text = node.scalar?.text, let number = Double(text) else {
                error("`\(bound)` is a number, for \(Self.kinds(\.takesBounds)) values", node)
                continue
            }
            if bound == "minimum" { entry.minimum = number } else { entry.maximum = number }
        }
        if let secret = fields["secret"] {
            if let flag = ProfileDecoder.boolean(secret) {
                entry.isSecret = flag
            } else {
                error("`secret` is `true` or `false`", secret)
            }
        }
        if let defaultNode = fields["default"] {
            let candidate: CatalogChecker.Candidate
            do {
                candidate = try CatalogChecker.typed(defaultNode: defaultNode)
            } catch {
                self.error("the default of `\(key.value)`: \(error.message)", defaultNode)
                catalog.values.append(entry)
                return
            }
            switch CatalogChecker.check(candidate, against: entry) {
            case .success(let typed): entry.defaultValue = typed
            case .failure(let message):
                error("the default of `\(key.value)`: \(message.text)", defaultNode, suggestion: message.suggestion)
            }
        }
        catalog.values.append(entry)
    }

    /// The kinds that have `property`, for messages: `` `int` and `double` ``.
    private static func kinds(_ property: KeyPath<ValueKind, Bool>) -> String {
        let names = ValueKind.all.filter { $0[keyPath: property] }.map { "`\($0.name)`" }
        guard let last = names.last else { return "no" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    private mutating func environment(_ keyNode: YAMLNode, _ node: YAMLNode) {
        guard let name = keyNode.scalar?.text, Names.isValidEnvironmentName(name) else {
            error("`\(keyNode.scalar?.text ?? "")` is not a valid environment variable name", keyNode)
            return
        }
        guard
            let (description, fields) = fields(
                node, allowed: Self.environmentKeys, what: "environment variable `\(name)`")
        else { return }
        var secret = false
        if let node = fields["secret"] {
            if let flag = ProfileDecoder.boolean(node) {
                secret = flag
            } else {
                error("`secret` is `true` or `false`", node)
            }
        }
        catalog.environment.append(
            Catalog.EnvironmentVariable(
                name: Located(name, at: location(keyNode), length: name.count), description: description,
                isSecret: secret))
    }
}

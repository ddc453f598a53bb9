/// A node of a YAML document, with the line and column where it starts.
///
/// Aliases are already replaced by the node they name and merge keys (`<<`) already applied, so consumers see
/// plain scalars, sequences and mappings. Scalars keep their text exactly as written, with their style.
package struct YAMLNode: Sendable {
    /// What a node holds.
    package enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// The node's content.
    package var content: Content
    /// Where the node starts (1-based).
    package var mark: Mark
    /// ``displayLength`` when the parser knew it from libyaml's marks; 0 when it must be counted from the text.
    /// (Kept in the padding after `mark`: the node is no larger for it.)
    var storedDisplayLength: Int32 = 0
    /// The explicit tag (`!!str`, `!custom`), or nil when there is none.
    package var tag: String?
    /// How many nodes this subtree holds, counted once per alias expansion: bounds alias bombs.
    var weight: Int

    /// Creates a node.
    package init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
        switch content {
        case .scalar: weight = 1
        case .sequence(let items): weight = items.reduce(1) { $0 &+ $1.weight }
        case .mapping(let pairs): weight = pairs.reduce(1) { $0 &+ $1.key.weight &+ $1.value.weight }
        }
    }

    init(_ content: Content, mark: Mark, tag: String?, weight: Int) {
        self.content = content
        self.mark = mark
        self.tag = tag
        self.weight = weight
    }

    /// The scalar, when this node is one.
    package var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, when this node is a sequence.
    package var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs, when this node is a mapping.
    package var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// Whether this is a null scalar: `~`, `null`, or nothing at all, unquoted and untagged (or `!!null`).
    package var isNull: Bool {
        guard case .scalar(let scalar) = content else { return false }
        if let tag { return tag == "tag:yaml.org,2002:null" }
        guard scalar.style == .plain else { return false }
        // By bytes: no other text equals these ASCII words (no character decomposes canonically to one of theirs).
        let utf8 = scalar.text.utf8
        switch utf8.count {
        case 0: return true
        case 1: return utf8.first == UInt8(ascii: "~")
        case 4:
            guard let first = utf8.first, first == UInt8(ascii: "n") || first == UInt8(ascii: "N") else { return false }
            return utf8.elementsEqual("null".utf8) || utf8.elementsEqual("Null".utf8) || utf8.elementsEqual("NULL".utf8)
        default: return false
        }
    }

    /// A word for the node's kind in messages: "a mapping", "a list", "a string".
    package var kindDescription: String {
        switch content {
        case .scalar: return isNull ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// How many Unicode scalars (the unit of ``Mark/column``) the caret should underline for this node: a plain
    /// scalar's text to the end of its line, else 1. The parser records it from libyaml's marks; otherwise the text is
    /// counted (a node built by hand, or a scalar with a tag or anchor in front).
    package var displayLength: Int {
        if storedDisplayLength > 0 { return Int(storedDisplayLength) }
        guard case .scalar(let scalar) = content, scalar.style == .plain else { return 1 }
        var count = 0
        for byte in scalar.text.utf8 {
            if byte == 0x0A || byte == 0x0D { break }
            if byte & 0xC0 != 0x80 { count += 1 }
        }
        return max(1, count)
    }
}

/// A scalar's text exactly as the author wrote it (after YAML unescaping and folding), and its style.
package struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written.
    package enum Style: UInt8, Sendable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    /// The text.
    package var text: String
    /// The style.
    package var style: Style

    /// Creates a scalar.
    package init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// A key and its value in a mapping.
package struct YAMLPair: Sendable {
    /// The key node (a scalar in every file `profile` accepts).
    package var key: YAMLNode
    /// The value node.
    package var value: YAMLNode

    /// Creates a pair.
    package init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

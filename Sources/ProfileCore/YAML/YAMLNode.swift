/// A node of a YAML document, with the line and column where it starts.
///
/// Aliases are already replaced by the node they name and merge keys (`<<`) already applied, so consumers see
/// plain scalars, sequences and mappings. Scalars keep their text exactly as written, with their style.
public struct YAMLNode: Sendable {
    /// What a node holds.
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// The node's content.
    public var content: Content
    /// Where the node starts (1-based).
    public var mark: Mark
    /// The explicit tag (`!!str`, `!custom`), or nil when there is none.
    public var tag: String?
    /// How many nodes this subtree holds, counted once per alias expansion: bounds alias bombs.
    var weight: Int

    /// Creates a node.
    public init(_ content: Content, mark: Mark, tag: String? = nil) {
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
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, when this node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs, when this node is a mapping.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// Whether this is a null scalar: `~`, `null`, or nothing at all, unquoted and untagged (or `!!null`).
    public var isNull: Bool {
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
    public var kindDescription: String {
        switch content {
        case .scalar: return isNull ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// How many characters the caret should underline for this node (its text when it is a one-line scalar).
    public var displayLength: Int {
        guard case .scalar(let scalar) = content, scalar.style == .plain else { return 1 }
        // ASCII without CR (nearly every key and value): one byte is one character.
        if let count = scalar.text.utf8.withContiguousStorageIfAvailable({ Self.asciiLineLength($0) }), count >= 0 {
            return max(1, count)
        }
        return Self.characterLineLength(scalar.text)
    }

    /// The number of bytes before the first line feed, or -1 when a byte before it is not ASCII or is a CR (where
    /// bytes and characters differ).
    @inline(__always)
    private static func asciiLineLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        let count = bytes.count
        if let base = bytes.baseAddress {
            // Eight bytes at a time while none is a line feed, a CR or not ASCII; the bytes loop finishes.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                let lineFeeds = word ^ (ones &* 0x0A)
                let returns = word ^ (ones &* 0x0D)
                let zeroInLineFeeds = (lineFeeds &- ones) & ~lineFeeds & highs
                let zeroInReturns = (returns &- ones) & ~returns & highs
                if (word & highs) | zeroInLineFeeds | zeroInReturns != 0 { break }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A { return index }
            if byte >= 0x80 || byte == 0x0D { return -1 }
            index += 1
        }
        return count
    }

    /// The characters before the first line feed, at least 1.
    private static func characterLineLength(_ text: String) -> Int {
        var count = 0
        for character in text {
            if character == "\n" { return max(1, count) }
            count += 1
        }
        return max(1, count)
    }
}

/// A scalar's text exactly as the author wrote it (after YAML unescaping and folding), and its style.
public struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was written.
    public enum Style: UInt8, Sendable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    /// The text.
    public var text: String
    /// The style.
    public var style: Style

    /// Creates a scalar.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// A key and its value in a mapping.
public struct YAMLPair: Sendable {
    /// The key node (a scalar in every file `profile` accepts).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

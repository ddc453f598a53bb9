import CLibYAML

/// A parsed YAML file: its root node (nil for an empty file) and the non-fatal problems found on the way.
public struct YAMLDocument: Sendable {
    /// The file it was read from.
    public var file: SourceFile
    /// The root node, or nil when the file holds no document.
    public var root: YAMLNode?
    /// Problems that did not stop parsing (duplicate keys, bad merge keys).
    public var diagnostics: [Diagnostic]
}

/// The one owner of a libyaml parser: turns a file's bytes into a ``YAMLNode`` tree.
///
/// Every call into `yaml_parser_parse` goes through one throwing choke point, so a syntax error becomes one
/// located ``Diagnostic``. Aliases are expanded by reference (arrays are shared, not copied) and their total
/// expansion is bounded, so an alias bomb is refused instead of consuming memory. Nesting depth is bounded too.
public final class YAMLParser {
    /// Limits that keep hostile input from consuming unbounded time or memory.
    public struct Limits: Sendable {
        /// The deepest nesting of sequences and mappings accepted.
        public var maxDepth: Int = 256
        /// The most nodes the document may expand to once aliases are counted as copies.
        public var maxExpandedNodes: Int = 1_000_000

        /// The defaults.
        public init() {}
    }

    private var parser = yaml_parser_t()
    private let file: SourceFile
    private let limits: Limits

    private struct Frame {
        var isMapping: Bool
        var start: Int
        var mark: Mark
        var tag: String?
        var anchor: String?
        var hasMergeKey: Bool
    }

    private var stack: [YAMLNode] = []
    private var frames: [Frame] = []
    private var anchors: [String: YAMLNode] = [:]
    private var diagnostics: [Diagnostic] = []
    private var expanded = 0

    /// Parses `file`. Throws the first syntax error libyaml reports (it cannot go on past one).
    public static func parse(_ file: SourceFile, limits: Limits = Limits()) throws(Diagnostic) -> YAMLDocument {
        let parser = YAMLParser(file: file, limits: limits)
        return try parser.run()
    }

    private init(file: SourceFile, limits: Limits) {
        self.file = file
        self.limits = limits
        yaml_parser_initialize(&parser)
    }

    deinit {
        yaml_parser_delete(&parser)
    }

    private func location(_ mark: Mark) -> SourceLocation { SourceLocation(file: file, mark: mark) }

    private static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The single choke point around `yaml_parser_parse`: an event, or a located syntax error.
    private func next(_ event: inout yaml_event_t) throws(Diagnostic) {
        if yaml_parser_parse(&parser, &event) == 0 {
            throw syntaxError()
        }
    }

    private func syntaxError() -> Diagnostic {
        var message = parser.problem.map { String(cString: $0) } ?? "cannot parse this file as YAML"
        if let context = parser.context { message += " " + String(cString: context) }
        var mark = Self.mark(parser.problem_mark)
        if parser.error == YAML_READER_ERROR {
            mark = markOfOffset(Int(parser.problem_offset))
            if parser.problem_value != -1 {
                let hex = String(UInt8(truncatingIfNeeded: parser.problem_value), radix: 16, uppercase: true)
                message += " (byte 0x\(hex.count == 1 ? "0" + hex : hex))"
            }
            message += "; profiles must be UTF-8 text"
        }
        if let line = file.line(Int(mark.line)) {
            let characters = Array(line)
            let index = Int(mark.column) - 1
            if index >= 0, index < characters.count, characters[index] == "\t" || characters.prefix(index + 1).contains("\t")
                && characters.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
                message += "; YAML does not allow tabs for indentation, use spaces"
            }
        }
        return .error(message, at: location(mark))
    }

    private func markOfOffset(_ offset: Int) -> Mark {
        var line = 1
        var column = 1
        var index = 0
        let bytes = file.bytes
        while index < offset && index < bytes.count {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return Mark(line: line, column: column)
    }

    private func run() throws(Diagnostic) -> YAMLDocument {
        var root: YAMLNode?
        var documents = 0
        var done = false
        try file.bytes.withUnsafeBufferPointer { (buffer) throws(Diagnostic) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while !done {
                try next(&event)
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    done = true
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw .error(
                            "a profile file holds one YAML document; found a second one here",
                            at: location(Self.mark(event.start_mark)), length: 3)
                    }
                case YAML_SCALAR_EVENT:
                    let data = event.data.scalar
                    let text = Self.string(data.value, Int(data.length))
                    let style: YAMLScalar.Style
                    switch data.style {
                    case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
                    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
                    case YAML_LITERAL_SCALAR_STYLE: style = .literal
                    case YAML_FOLDED_SCALAR_STYLE: style = .folded
                    default: style = .plain
                    }
                    let tag = data.tag.map { String(cString: $0) }
                    let node = YAMLNode(
                        .scalar(YAMLScalar(text, style: style)), mark: Self.mark(event.start_mark), tag: tag, weight: 1)
                    if let anchor = data.anchor { anchors[String(cString: anchor)] = node }
                    try push(node)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                    let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
                    let mark = Self.mark(event.start_mark)
                    if frames.count >= limits.maxDepth {
                        throw .error(
                            "nesting is deeper than \(limits.maxDepth) levels; profiles are never that deep",
                            at: location(mark))
                    }
                    frames.append(
                        Frame(
                            isMapping: isMapping, start: stack.count, mark: mark,
                            tag: tag.map { String(cString: $0) }, anchor: anchor.map { String(cString: $0) },
                            hasMergeKey: false))
                case YAML_SEQUENCE_END_EVENT:
                    let frame = frames.removeLast()
                    let items = Array(stack[frame.start...])
                    stack.removeSubrange(frame.start...)
                    var weight = 1
                    for item in items { weight &+= item.weight }
                    let node = YAMLNode(.sequence(items), mark: frame.mark, tag: frame.tag, weight: weight)
                    if let anchor = frame.anchor { anchors[anchor] = node }
                    try push(node)
                case YAML_MAPPING_END_EVENT:
                    let frame = frames.removeLast()
                    var pairs: [YAMLPair] = []
                    pairs.reserveCapacity((stack.count - frame.start) / 2)
                    var weight = 1
                    var index = frame.start
                    while index + 1 < stack.count {
                        weight &+= stack[index].weight &+ stack[index + 1].weight
                        pairs.append(YAMLPair(key: stack[index], value: stack[index + 1]))
                        index += 2
                    }
                    stack.removeSubrange(frame.start...)
                    if frame.hasMergeKey { pairs = merge(pairs) }
                    checkDuplicates(pairs)
                    let node = YAMLNode(.mapping(pairs), mark: frame.mark, tag: frame.tag, weight: weight)
                    if let anchor = frame.anchor { anchors[anchor] = node }
                    try push(node)
                case YAML_ALIAS_EVENT:
                    let name = String(cString: event.data.alias.anchor)
                    let mark = Self.mark(event.start_mark)
                    guard let node = anchors[name] else {
                        throw .error(
                            "unknown anchor `\(name)`", at: location(mark), length: name.count + 1,
                            suggestion: NearMiss.suggestion(for: name, in: anchors.keys))
                    }
                    expanded &+= node.weight
                    if expanded > limits.maxExpandedNodes {
                        throw .error(
                            "aliases expand to more than \(limits.maxExpandedNodes) nodes (an alias bomb?); refusing"
                                + " to expand them", at: location(mark), length: name.count + 1)
                    }
                    try push(node)
                default:
                    break
                }
            }
            if let last = stack.last { root = last }
        }
        return YAMLDocument(file: file, root: root, diagnostics: diagnostics)
    }

    private func push(_ node: YAMLNode) throws(Diagnostic) {
        if let top = frames.indices.last, frames[top].isMapping, (stack.count - frames[top].start) % 2 == 0,
            node.tag == nil, case .scalar(let scalar) = node.content, scalar.style == .plain, scalar.text == "<<"
        {
            frames[top].hasMergeKey = true
        }
        stack.append(node)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func isMergeKey(_ node: YAMLNode) -> Bool {
        guard node.tag == nil, case .scalar(let scalar) = node.content else { return false }
        return scalar.style == .plain && scalar.text == "<<"
    }

    /// Applies merge keys: merged pairs take the place of the `<<` entry, explicit keys win over merged ones,
    /// and among several merged mappings the earlier one wins.
    private func merge(_ pairs: [YAMLPair]) -> [YAMLPair] {
        var explicit = Set<String>()
        for pair in pairs where !Self.isMergeKey(pair.key) {
            if let scalar = pair.key.scalar { explicit.insert(scalar.text) }
        }
        var result: [YAMLPair] = []
        var merged = Set<String>()
        for pair in pairs {
            guard Self.isMergeKey(pair.key) else {
                result.append(pair)
                continue
            }
            var sources: [YAMLNode] = []
            switch pair.value.content {
            case .mapping: sources = [pair.value]
            case .sequence(let items): sources = items
            case .scalar:
                diagnostics.append(
                    .error(
                        "the merge key `<<` takes a mapping or a list of mappings (an alias such as `*base`), not a "
                            + "scalar", at: location(pair.value.mark), length: pair.value.displayLength))
            }
            for source in sources {
                guard let sourcePairs = source.mapping else {
                    diagnostics.append(
                        .error(
                            "the merge key `<<` takes mappings; this is \(source.kindDescription)",
                            at: location(source.mark), length: source.displayLength))
                    continue
                }
                for sourcePair in sourcePairs {
                    if let key = sourcePair.key.scalar?.text {
                        if explicit.contains(key) || merged.contains(key) { continue }
                        merged.insert(key)
                    }
                    result.append(sourcePair)
                }
            }
        }
        return result
    }

    private func checkDuplicates(_ pairs: [YAMLPair]) {
        guard pairs.count > 1 else { return }
        if pairs.count <= 12 {
            for i in 1..<pairs.count {
                guard let key = pairs[i].key.scalar?.text else { continue }
                for j in 0..<i where pairs[j].key.scalar?.text == key {
                    reportDuplicate(key, pairs[i].key, first: pairs[j].key)
                    break
                }
            }
            return
        }
        var seen: [String: Int] = [:]
        seen.reserveCapacity(pairs.count)
        for (index, pair) in pairs.enumerated() {
            guard let key = pair.key.scalar?.text else { continue }
            if let first = seen[key] {
                reportDuplicate(key, pair.key, first: pairs[first].key)
            } else {
                seen[key] = index
            }
        }
    }

    private func reportDuplicate(_ key: String, _ node: YAMLNode, first: YAMLNode) {
        // A merged pair that repeats an explicit key is not a duplicate: merge() already dropped those. Pairs
        // that come from the same anchor expanded twice share their mark; report each place once.
        guard node.mark != first.mark else { return }
        diagnostics.append(
            .error(
                "duplicate key `\(key)`", at: location(node.mark), length: node.displayLength,
                notes: [.note("`\(key)` is first set here", at: location(first.mark), length: first.displayLength)]))
    }
}

internal import CLibYAML
import ProfilePlatform
import ProfileRuntime

/// A parsed YAML file: its root node (nil for an empty file) and the non-fatal problems found on the way.
package struct YAMLDocument: Sendable {
    /// The file it was read from.
    package var file: SourceFile
    /// The root node, or nil when the file holds no document.
    package var root: YAMLNode?
    /// Problems that did not stop parsing (duplicate keys, bad merge keys).
    package var diagnostics: [Diagnostic]
}

/// The one owner of a libyaml parser: turns a file's bytes into a ``YAMLNode`` tree.
///
/// Every call into `yaml_parser_parse` goes through one throwing choke point, so a syntax error becomes one
/// located ``Diagnostic``. Aliases are expanded by reference (arrays are shared, not copied) and their total
/// expansion is bounded, so an alias bomb is refused instead of consuming memory. Nesting depth is bounded too.
package final class YAMLParser {
    /// Limits that keep hostile input from consuming unbounded time or memory.
    package struct Limits: Sendable {
        /// The deepest nesting of sequences and mappings accepted.
        package var maxDepth: Int = 256
        /// The most nodes the document may expand to once aliases are counted as copies.
        package var maxExpandedNodes: Int = 1_000_000

        /// The defaults.
        package init() {}
    }

    /// The libyaml parser, behind a pointer of its own: no exclusivity checks on every event.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let file: SourceFile
    private let limits: Limits

    /// An anchor's node and its height (the most collections on a path down from it, itself included: 0 for a
    /// scalar), or `open` while the collection that declares it is still being read (an alias to it would be
    /// recursive).
    private enum Anchored {
        case node(YAMLNode, height: Int)
        case open
    }

    private var anchors: [String: Anchored] = [:]
    /// The pairs and items of the collections being read (see ``Stack``), behind a pointer: no exclusivity checks.
    private let scratch: UnsafeMutablePointer<(pairs: Stack<YAMLPair>, items: Stack<YAMLNode>)>

    /// A stack of the elements of open collections: a finished collection moves its elements out into an array of
    /// exactly their count (one allocation, no reference counting, no regrowth).
    private struct Stack<Element> {
        private var base: UnsafeMutablePointer<Element>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        mutating func push(_ element: consuming Element) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: base, count: count)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            (base + count).initialize(to: consume element)
            count += 1
        }

        /// The elements from `start` up, moved out; the stack keeps those below.
        mutating func pop(from start: Int) -> [Element] {
            let moved = count - start
            let base = self.base
            let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
                if moved > 0 { buffer.baseAddress!.moveInitialize(from: base + start, count: moved) }
                initialized = moved
            }
            count = start
            return result
        }

        /// The top element, changed in place (the stack is not empty).
        var top: UnsafeMutablePointer<Element> { base + (count - 1) }

        /// The top element, moved out; nil when the stack is empty.
        mutating func popLast() -> Element? {
            guard count > 0 else { return nil }
            count -= 1
            return (base + count).move()
        }

        /// Destroys what is left (after an error) and frees the storage.
        mutating func free() {
            base.deinitialize(count: count)
            base.deallocate()
            count = 0
        }
    }
    /// The collections being read (see ``node(_:)``), behind a pointer of their own.
    private let frames: UnsafeMutablePointer<Stack<Frame>>
    private var diagnostics: [Diagnostic] = []
    /// ``checkDuplicates(_:)``'s table, one for the whole document (emptied for each mapping, its room kept).
    private var firstIndex: [String: Int] = [:]
    private var expanded = 0

    /// Parses `file`. Throws the first syntax error libyaml reports (it cannot go on past one).
    package static func parse(_ file: SourceFile, limits: Limits = Limits()) throws(Diagnostic) -> YAMLDocument {
        let parser = YAMLParser(file: file, limits: limits)
        return try parser.run()
    }

    private init(file: SourceFile, limits: Limits) {
        self.file = file
        self.limits = limits
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: (Stack(capacity: 64), Stack(capacity: 16)))
        frames = .allocate(capacity: 1)
        frames.initialize(to: Stack(capacity: 16))
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
        scratch.pointee.pairs.free()
        scratch.pointee.items.free()
        scratch.deinitialize(count: 1)
        scratch.deallocate()
        frames.pointee.free()
        frames.deinitialize(count: 1)
        frames.deallocate()
    }

    private func location(_ mark: Mark) -> SourceLocation { SourceLocation(file: file, mark: mark) }

    private static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// The single choke point around `yaml_parser_parse`: an event, or a located syntax error. (On failure libyaml
    /// leaves the event empty: nothing to delete.)
    private func next(_ event: inout yaml_event_t) throws(Diagnostic) {
        if yaml_parser_parse(parser, &event) == 0 {
            throw syntaxError()
        }
    }

    private func syntaxError() -> Diagnostic {
        let problem = parser.pointee.problem.map { String(cString: $0) } ?? "cannot parse this file as YAML"
        var message = problem
        let context = parser.pointee.context.map { String(cString: $0) }
        if let context { message += " " + context }
        var mark = Self.mark(parser.pointee.problem_mark)
        var notes: [Diagnostic] = []
        if parser.pointee.error == YAML_READER_ERROR {
            var offset = Int(parser.pointee.problem_offset) + byteOrderMarkLength
            if problem == "invalid trailing UTF-8 octet", offset > byteOrderMarkLength, offset < file.bytes.count {
                // libyaml points at the byte that fails to continue a sequence; the mistake is the sequence, often a
                // Latin-1 letter (`é` written as the one byte 0xE9): point at its first byte and show its bytes.
                var start = offset - 1
                while start > byteOrderMarkLength, offset - start < 4, file.bytes[start] & 0xC0 == 0x80 { start -= 1 }
                let shown = file.bytes[start...offset].map { byte -> String in
                    let hex = String(byte, radix: 16, uppercase: true)
                    return "0x" + (hex.count == 1 ? "0" + hex : hex)
                }
                message = "invalid UTF-8 sequence (bytes \(shown.joined(separator: " ")))"
                offset = start
            } else if parser.pointee.problem_value != -1 {
                // libyaml reports a byte for octet problems and a code point for character problems.
                let value = Int(parser.pointee.problem_value)
                let hex = String(value, radix: 16, uppercase: true)
                if problem.contains("octet") {
                    message += " (byte 0x\(hex.count == 1 ? "0" + hex : hex))"
                } else {
                    message += " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
                }
            }
            mark = markOfOffset(offset)
            message += "; profiles must be UTF-8 text"
        } else if let context {
            // Where the construct that could not be finished begins: an unclosed `[` or quote is found at the end
            // of the file, far from where it was opened.
            let start = Self.mark(parser.pointee.context_mark)
            if start != mark, start.line >= 1, let note = Self.contextNote(context) {
                notes.append(.note(note, at: location(start)))
            }
        }
        if let line = file.line(Int(mark.line)) {
            let characters = Array(line)
            let index = Int(mark.column) - 1
            if index >= 0, index < characters.count,
                characters[index] == "\t"
                    || characters.prefix(index + 1).contains("\t")
                        && characters.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t")
            {
                message += "; YAML does not allow tabs for indentation, use spaces"
            }
        }
        return .error(message, at: location(mark), notes: notes)
    }

    /// "the `[` opens here" for "while parsing a flow sequence".
    private static func contextNote(_ context: String) -> String? {
        switch context {
        case "while parsing a flow sequence": return "the `[` opens here"
        case "while parsing a flow mapping": return "the `{` opens here"
        case "while parsing a block mapping": return "the mapping starts here"
        case "while parsing a block collection": return "the list starts here"
        case "while scanning a quoted scalar", "while parsing a quoted scalar": return "the quoted string starts here"
        case "while scanning a simple key": return "the key starts here"
        case "while scanning a block scalar": return "the block scalar starts here"
        case "while scanning a plain scalar": return "the scalar starts here"
        default: return nil  // anchors, tags, directives: on the same line, a note would repeat the caret
        }
    }

    /// 3 when the file starts with a UTF-8 byte order mark, which libyaml is not shown (with the encoding set, it
    /// would count the mark as a character of line 1).
    private var byteOrderMarkLength: Int {
        ByteOrderMark.length(in: file.bytes)
    }

    private func markOfOffset(_ offset: Int) -> Mark {
        let position = LineIndex(file.bytes).position(ofOffset: offset)
        return Mark(line: position.line, column: position.column)
    }

    private func run() throws(Diagnostic) -> YAMLDocument {
        let bytes = file.bytes
        if ByteOrderMark.isUTF16(bytes) {
            throw .error(
                "this file is UTF-16 (it starts with a UTF-16 byte order mark); profiles must be UTF-8 text",
                at: .wholeFile(file))
        }
        var root: YAMLNode?
        var documents = 0
        let skipped = byteOrderMarkLength
        try file.bytes.withUnsafeBufferPointer { (buffer) throws(Diagnostic) in
            // UTF-8 only (no guessing of UTF-16), and the byte order mark is not shown to libyaml.
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, buffer.baseAddress.map { $0 + skipped }, buffer.count - skipped)
            var event = yaml_event_t()
            while true {
                try next(&event)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    yaml_event_delete(&event)
                    return
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    let mark = Self.mark(event.start_mark)
                    yaml_event_delete(&event)
                    if documents > 1 {
                        throw .error(
                            "a profile file holds one YAML document; found a second one here", at: location(mark),
                            length: 3)
                    }
                case YAML_SCALAR_EVENT, YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT, YAML_ALIAS_EVENT:
                    root = try node(&event)
                default:
                    yaml_event_delete(&event)
                }
            }
        }
        return YAMLDocument(file: file, root: root, diagnostics: diagnostics)
    }

    /// A collection being read: what its end event needs to build its node. Its elements wait in ``scratch``
    /// from `start` up; a mapping's key waits here for its value.
    private struct Frame {
        var mark: Mark
        var tag: String?
        var anchor: String?
        var isMapping: Bool
        var start: Int
        var weight = 1
        var hasMergeKey = false
        var key: YAMLNode?
        /// The greatest height among the elements read so far.
        var height = 0
    }

    /// The node that starts with `event` (which it deletes), reading the events of its children. The collections
    /// being read are frames on a stack of their own, not calls: nesting costs a frame of the heap per level, never
    /// the thread's stack (lint parses on worker threads, 512 KiB of stack on Darwin). A finished node goes straight
    /// into the collection around it, whose elements wait in one shared stack (``scratch``) until its end event moves
    /// them out into its array: no array is copied or regrown on the way.
    ///
    /// The depth limit holds for the tree as built, aliases expanded: an alias may not carry its node deeper than the
    /// limit either, so every consumer of the tree (and its release) recurses at most ``Limits/maxDepth`` levels.
    private func node(_ event: inout yaml_event_t) throws(Diagnostic) -> YAMLNode {
        let frames = self.frames
        while true {
            let mark = Self.mark(event.start_mark)
            var finished: YAMLNode
            var height = 0
            switch event.type {
            case YAML_SCALAR_EVENT:
                finished = scalar(&event, mark: mark)
            case YAML_ALIAS_EVENT:
                (finished, height) = try alias(&event, mark: mark, depth: frames.pointee.count)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                // `frames.pointee.count` collections are around this one.
                if frames.pointee.count >= limits.maxDepth {
                    yaml_event_delete(&event)
                    throw .error(
                        "nesting is deeper than \(limits.maxDepth) levels; profiles are never that deep",
                        at: location(mark))
                }
                let anchorPointer = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                let tagPointer = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
                let anchor = anchorPointer.map { String(cString: $0) }
                let tag = tagPointer.map { String(cString: $0) }
                yaml_event_delete(&event)
                if let anchor { anchors[anchor] = .open }
                let start = isMapping ? scratch.pointee.pairs.count : scratch.pointee.items.count
                frames.pointee.push(Frame(mark: mark, tag: tag, anchor: anchor, isMapping: isMapping, start: start))
                try next(&event)
                continue
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                yaml_event_delete(&event)
                // libyaml ends only the collection it started last.
                guard let frame = frames.pointee.popLast() else {
                    finished = YAMLNode(.scalar(YAMLScalar("")), mark: mark, tag: nil, weight: 1)
                    break
                }
                if frame.isMapping {
                    var pairs = scratch.pointee.pairs.pop(from: frame.start)
                    if frame.hasMergeKey { pairs = merge(pairs) }
                    checkDuplicates(pairs)
                    finished = YAMLNode(.mapping(pairs), mark: frame.mark, tag: frame.tag, weight: frame.weight)
                } else {
                    let items = scratch.pointee.items.pop(from: frame.start)
                    finished = YAMLNode(.sequence(items), mark: frame.mark, tag: frame.tag, weight: frame.weight)
                }
                height = frame.height + 1
                if let anchor = frame.anchor { anchors[anchor] = .node(finished, height: height) }
            default:
                // libyaml sends only node events here; anything else reads as an empty scalar.
                yaml_event_delete(&event)
                finished = YAMLNode(.scalar(YAMLScalar("")), mark: mark, tag: nil, weight: 1)
            }
            // The finished node is the document's, or the next element of the collection around it.
            guard frames.pointee.count > 0 else { return finished }
            let top = frames.pointee.top
            if height > top.pointee.height { top.pointee.height = height }
            if !top.pointee.isMapping {
                top.pointee.weight &+= finished.weight
                scratch.pointee.items.push(consume finished)
            } else if let key = top.pointee.key.take() {
                top.pointee.weight &+= key.weight &+ finished.weight
                scratch.pointee.pairs.push(YAMLPair(key: key, value: consume finished))
            } else {
                if Self.isMergeKey(finished) { top.pointee.hasMergeKey = true }
                top.pointee.key = consume finished
            }
            try next(&event)
        }
    }

    /// The scalar node of a scalar event (which it deletes).
    private func scalar(_ event: inout yaml_event_t, mark: Mark) -> YAMLNode {
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
        let anchor = data.anchor.map { String(cString: $0) }
        // A plain scalar's caret length from libyaml's own marks, free here (no pass over the text); with a tag or an
        // anchor in front, the mark is theirs, so the text is counted instead.
        let end = Self.mark(event.end_mark)
        let displayLength: Int32? =
            style != .plain
            ? 1
            : tag != nil || anchor != nil
                ? nil
                : end.line == mark.line ? max(1, end.column - mark.column) : Int32.max
        yaml_event_delete(&event)
        var node = YAMLNode(.scalar(YAMLScalar(text, style: style)), mark: mark, tag: tag, weight: 1)
        if let displayLength { node.storedDisplayLength = displayLength }
        if let anchor { anchors[anchor] = .node(node, height: 0) }
        return node
    }

    /// The node an alias event (which it deletes) names, and its height, counted against the expansion limit and,
    /// `depth` collections down, against the depth limit.
    private func alias(_ event: inout yaml_event_t, mark: Mark, depth: Int) throws(Diagnostic) -> (YAMLNode, Int) {
        let name = String(cString: event.data.alias.anchor)
        yaml_event_delete(&event)
        guard let anchored = anchors[name] else {
            let known = anchors.compactMap { if case .node = $0.value { $0.key } else { nil } }
            throw .error(
                "unknown anchor `\(name)`", at: location(mark), length: name.count + 1,
                suggestion: NearMiss.suggestion(for: name, in: known))
        }
        guard case .node(let node, let height) = anchored else {
            throw .error(
                "alias `*\(name)` refers to the node that contains it; recursive aliases are not supported",
                at: location(mark), length: name.count + 1)
        }
        expanded &+= node.weight
        if expanded > limits.maxExpandedNodes {
            throw .error(
                "aliases expand to more than \(limits.maxExpandedNodes) nodes (an alias bomb?); refusing"
                    + " to expand them", at: location(mark), length: name.count + 1)
        }
        if depth + height > limits.maxDepth {
            throw .error(
                "nesting is deeper than \(limits.maxDepth) levels once `*\(name)` is expanded (it holds \(height) "
                    + "levels, under \(depth) here); profiles are never that deep", at: location(mark),
                length: name.count + 1)
        }
        return (node, height)
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

    /// Reports every key a mapping repeats (YAML forbids it), with the place it was first set: one pass, each key's
    /// first index in a dictionary (equal keys are equal `String`s, so canonically equivalent spellings of one name are
    /// one key). Keys that are not scalars are never duplicates.
    private func checkDuplicates(_ pairs: [YAMLPair]) {
        guard pairs.count > 1 else { return }
        firstIndex.removeAll(keepingCapacity: true)
        firstIndex.reserveCapacity(pairs.count)
        for index in pairs.indices {
            guard case .scalar(let scalar) = pairs[index].key.content else { continue }
            if let earlier = firstIndex.updateValue(index, forKey: scalar.text) {
                firstIndex[scalar.text] = earlier
                reportDuplicate(scalar.text, pairs[index].key, first: pairs[earlier].key)
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

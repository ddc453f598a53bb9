import ProfilePlatform

/// A minimal XML scanner for editing a file in place: it finds the elements and attributes with their byte ranges,
/// and checks the nesting, but builds no strings beyond names. Declarations, comments, CDATA sections and `DOCTYPE`
/// are skipped; text content is not read.
struct XMLScanner {
    /// An attribute and where its value is (inside the quotes).
    struct Attribute {
        var name: String
        var valueStart: Int
        var valueEnd: Int
    }

    /// An element and where its parts are.
    struct Element {
        /// The tag name.
        var name: String
        /// The offset of the start tag's `<`.
        var start: Int
        /// The offset just after the start tag's `>`.
        var openEnd: Int
        /// The offset of the end tag's `<` (`end` for an empty-element tag).
        var closeStart: Int
        /// The offset just after the element.
        var end: Int
        /// Whether it is written `<name ... />`.
        var isSelfClosing: Bool
        var attributes: [Attribute]
        var children: [Element]

        /// The first child element named `name`.
        func child(_ name: String) -> Element? { children.first { $0.name == name } }

        /// The attribute named `name`.
        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }

        /// The value of the attribute named `name`, decoded (see ``XMLScanner/decode(_:in:)``); nil when absent.
        func value(_ name: String, in bytes: [UInt8]) -> String? {
            attribute(name).map { XMLScanner.decode($0, in: bytes) }
        }
    }

    /// The value of `attribute` as an XML parser reads it: entities and character references replaced (`&amp;`
    /// `&lt;` `&gt;` `&quot;` `&apos;` `&#10;` `&#x9;`; an unknown one is left as written), and a literal tab, line
    /// feed, carriage return or CR LF pair read as one space (attribute-value normalization).
    static func decode(_ attribute: Attribute, in bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(attribute.valueEnd - attribute.valueStart)
        var index = attribute.valueStart
        while index < attribute.valueEnd {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"):
                var end = index + 1
                while end < attribute.valueEnd, end - index <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
                if end < attribute.valueEnd, bytes[end] == UInt8(ascii: ";"),
                    let scalar = entity(String(decoding: bytes[index + 1..<end], as: UTF8.self))
                {
                    out.append(contentsOf: Array(String(scalar).utf8))
                    index = end + 1
                } else {
                    out.append(byte)
                    index += 1
                }
            case 0x0D:
                out.append(0x20)
                index += index + 1 < attribute.valueEnd && bytes[index + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                out.append(0x20)
                index += 1
            default:
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character an entity or character reference (without `&` and `;`) stands for.
    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let code = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return code.flatMap(Unicode.Scalar.init)
        }
    }

    /// Why the file is not well-formed, and where.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The root element of `bytes`.
    static func scan(_ bytes: [UInt8]) throws(Failure) -> Element {
        var scanner = XMLScanner(bytes)
        return try scanner.document()
    }

    private mutating func document() throws(Failure) -> Element {
        var stack: [Element] = []
        var root: Element?
        index = ByteOrderMark.length(in: bytes)
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if stack.isEmpty, !isSpace(bytes[index]) {
                    throw Failure(message: "text outside the root element", offset: index)
                }
                index += 1
                continue
            }
            let start = index
            if hasPrefix("<?") {
                try skip(past: "?>", from: start, what: "processing instruction")
            } else if hasPrefix("<!--") {
                try skip(past: "-->", from: start, what: "comment")
            } else if hasPrefix("<![CDATA[") {
                if stack.isEmpty { throw Failure(message: "CDATA outside the root element", offset: start) }
                try skip(past: "]]>", from: start, what: "CDATA section")
            } else if hasPrefix("<!") {
                try skip(past: ">", from: start, what: "declaration")
            } else if hasPrefix("</") {
                index += 2
                let name = readName()
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                    throw Failure(message: "malformed end tag `</\(name)`", offset: start)
                }
                index += 1
                guard var element = stack.popLast() else {
                    throw Failure(message: "end tag `</\(name)>` without a start tag", offset: start)
                }
                guard element.name == name else {
                    throw Failure(message: "end tag `</\(name)>` does not match `<\(element.name)>`", offset: start)
                }
                element.closeStart = start
                element.end = index
                if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
            } else {
                if stack.isEmpty, root != nil {
                    throw Failure(message: "a second root element", offset: start)
                }
                var element = try startTag()
                if element.isSelfClosing {
                    element.closeStart = element.end
                    if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
                } else {
                    stack.append(element)
                }
            }
        }
        if let open = stack.last {
            throw Failure(message: "`<\(open.name)>` is never closed", offset: open.start)
        }
        guard let root else { throw Failure(message: "no root element", offset: 0) }
        return root
    }

    private mutating func startTag() throws(Failure) -> Element {
        let start = index
        index += 1
        let name = readName()
        guard !name.isEmpty else { throw Failure(message: "malformed tag", offset: start) }
        var attributes: [Attribute] = []
        while true {
            skipSpaces()
            guard index < bytes.count else { throw Failure(message: "unterminated tag `<\(name)`", offset: start) }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return Element(
                    name: name, start: start, openEnd: index, closeStart: index, end: index, isSelfClosing: false,
                    attributes: attributes, children: [])
            }
            if hasPrefix("/>") {
                index += 2
                return Element(
                    name: name, start: start, openEnd: index, closeStart: index, end: index, isSelfClosing: true,
                    attributes: attributes, children: [])
            }
            let attributeStart = index
            let attributeName = readName()
            guard !attributeName.isEmpty else {
                throw Failure(message: "malformed attribute in `<\(name)`", offset: attributeStart)
            }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw Failure(message: "attribute `\(attributeName)` has no value", offset: attributeStart)
            }
            index += 1
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw Failure(message: "the value of `\(attributeName)` is not quoted", offset: attributeStart)
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") {
                    throw Failure(message: "`<` in the value of `\(attributeName)`", offset: index)
                }
                index += 1
            }
            guard index < bytes.count else {
                throw Failure(message: "the value of `\(attributeName)` is never closed", offset: valueStart - 1)
            }
            attributes.append(Attribute(name: attributeName, valueStart: valueStart, valueEnd: index))
            index += 1
        }
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            {
                break
            }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    }

    private mutating func skip(past terminator: String, from start: Int, what: String) throws(Failure) {
        let target = Array(terminator.utf8)
        while index + target.count <= bytes.count {
            if bytes[index..<index + target.count].elementsEqual(target) {
                index += target.count
                return
            }
            index += 1
        }
        throw Failure(message: "unterminated \(what)", offset: start)
    }

    private func hasPrefix(_ text: String) -> Bool { hasPrefix(Array(text.utf8)) }

    private func hasPrefix(_ prefix: [UInt8]) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<index + prefix.count].elementsEqual(prefix)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

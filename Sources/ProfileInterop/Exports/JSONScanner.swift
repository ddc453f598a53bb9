import ProfilePlatform

/// A minimal JSON scanner for editing a file in place: it checks the syntax and reports every object's members
/// with the byte ranges of their keys and values. Only keys are decoded.
///
/// With `comments`, it reads JSON with comments as VS Code does for `launch.json` (its `jsonc-parser`): `//` line
/// comments and `/* */` block comments wherever whitespace may be, and a trailing comma before `]` or `}`.
struct JSONScanner {
    /// A value and where it is.
    struct Value {
        /// The offset of its first byte.
        var start: Int
        /// The offset just after it.
        var end: Int
        /// Its members, when it is an object.
        var object: [Member]?
        /// Its elements, when it is an array.
        var elements: [Value]? = nil

        /// The first member named `key`, when this is an object.
        func member(_ key: String) -> Member? { object?.first { $0.key == key } }
    }

    /// A member of an object.
    struct Member {
        var key: String
        /// The offset of the key's opening quote.
        var keyStart: Int
        var value: Value
    }

    /// Why the file is not JSON, and where.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    /// Nesting deeper than this is refused (no real test plan comes near it), so that input cannot exhaust the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    /// Whether comments and trailing commas are read (JSONC).
    private var comments = false

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document's single value; with `comments`, JSON with comments and trailing commas.
    static func scan(_ bytes: [UInt8], comments: Bool = false) throws(Failure) -> Value {
        var scanner = JSONScanner(bytes)
        scanner.comments = comments
        scanner.index = ByteOrderMark.length(in: bytes)
        let value = try scanner.value(depth: 0)
        try scanner.skipSpaces()
        if scanner.index < bytes.count {
            throw Failure(message: "unexpected text after the document", offset: scanner.index)
        }
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> Value {
        try skipSpaces()
        guard index < bytes.count else { throw Failure(message: "unexpected end of file", offset: index) }
        guard depth < Self.maximumDepth else { throw Failure(message: "nested too deeply", offset: index) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [Member] = []
            try skipSpaces()
            if peek(UInt8(ascii: "}")) {
                index += 1
                return Value(start: start, end: index, object: members)
            }
            while true {
                try skipSpaces()
                if comments, peek(UInt8(ascii: "}")), !members.isEmpty {
                    index += 1
                    return Value(start: start, end: index, object: members)
                }
                let keyStart = index
                guard peek(UInt8(ascii: "\"")) else {
                    throw Failure(message: "expected a key in quotes", offset: index)
                }
                let key = try string()
                try skipSpaces()
                guard peek(UInt8(ascii: ":")) else { throw Failure(message: "expected `:` after a key", offset: index) }
                index += 1
                let value = try value(depth: depth + 1)
                members.append(Member(key: key, keyStart: keyStart, value: value))
                try skipSpaces()
                if peek(UInt8(ascii: ",")) {
                    index += 1
                } else if peek(UInt8(ascii: "}")) {
                    index += 1
                    return Value(start: start, end: index, object: members)
                } else {
                    throw Failure(message: "expected `,` or `}`", offset: index)
                }
            }
        case UInt8(ascii: "["):
            index += 1
            try skipSpaces()
            var elements: [Value] = []
            if peek(UInt8(ascii: "]")) {
                index += 1
                return Value(start: start, end: index, object: nil, elements: elements)
            }
            while true {
                if comments, !elements.isEmpty {
                    try skipSpaces()
                    if peek(UInt8(ascii: "]")) {
                        index += 1
                        return Value(start: start, end: index, object: nil, elements: elements)
                    }
                }
                elements.append(try value(depth: depth + 1))
                try skipSpaces()
                if peek(UInt8(ascii: ",")) {
                    index += 1
                } else if peek(UInt8(ascii: "]")) {
                    index += 1
                    return Value(start: start, end: index, object: nil, elements: elements)
                } else {
                    throw Failure(message: "expected `,` or `]`", offset: index)
                }
            }
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        default:
            throw Failure(message: "unexpected character", offset: index)
        }
        return Value(start: start, end: index, object: nil)
    }

    /// The string `value` holds, decoded; nil when it is not a string.
    static func string(_ value: Value, in bytes: [UInt8]) -> String? {
        guard value.start < bytes.count, bytes[value.start] == UInt8(ascii: "\"") else { return nil }
        var scanner = JSONScanner(bytes)
        scanner.index = value.start
        return try? scanner.string()
    }

    /// The boolean `value` holds; nil when it is not `true` or `false`.
    static func bool(_ value: Value, in bytes: [UInt8]) -> Bool? {
        let text = bytes[value.start..<value.end]
        if text.elementsEqual("true".utf8) { return true }
        if text.elementsEqual("false".utf8) { return false }
        return nil
    }

    /// Reads a string literal and decodes it.
    private mutating func string() throws(Failure) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var pendingHighSurrogate: UInt32?
        var run = index
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw Failure(message: "control character in a string", offset: index) }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flush(index)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            var decoded: UInt32?
            switch escape {
            case UInt8(ascii: "\""): decoded = 0x22
            case UInt8(ascii: "\\"): decoded = 0x5C
            case UInt8(ascii: "/"): decoded = 0x2F
            case UInt8(ascii: "b"): decoded = 0x08
            case UInt8(ascii: "f"): decoded = 0x0C
            case UInt8(ascii: "n"): decoded = 0x0A
            case UInt8(ascii: "r"): decoded = 0x0D
            case UInt8(ascii: "t"): decoded = 0x09
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                    let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                else { throw Failure(message: "malformed `\\u` escape", offset: index - 2) }
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    pendingHighSurrogate = code
                } else if (0xDC00...0xDFFF).contains(code), let high = pendingHighSurrogate {
                    decoded = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                    pendingHighSurrogate = nil
                } else {
                    decoded = code
                }
            default:
                throw Failure(message: "unknown escape `\\\(Character(Unicode.Scalar(escape)))`", offset: index - 2)
            }
            if let decoded {
                scalars.append(Unicode.Scalar(decoded) ?? "\u{FFFD}")
            }
            run = index
        }
        throw Failure(message: "unterminated string", offset: start)
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let target = Array(word.utf8)
        guard index + target.count <= bytes.count, bytes[index..<index + target.count].elementsEqual(target) else {
            throw Failure(message: "unexpected character", offset: index)
        }
        index += target.count
    }

    private mutating func number() throws(Failure) {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        var digits = 0
        func isNumberByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-")
        }
        while index < bytes.count, isNumberByte(bytes[index]) {
            index += 1
            digits += 1
        }
        if digits == 0 { throw Failure(message: "malformed number", offset: start) }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipSpaces() throws(Failure) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if comments, byte == UInt8(ascii: "/"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "/")
            {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if comments, byte == UInt8(ascii: "/"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "*")
            {
                let start = index
                index += 2
                while index + 1 < bytes.count,
                    bytes[index] != UInt8(ascii: "*") || bytes[index + 1] != UInt8(ascii: "/")
                {
                    index += 1
                }
                guard index + 1 < bytes.count else {
                    throw Failure(message: "unterminated `/*` comment", offset: start)
                }
                index += 2
            } else {
                return
            }
        }
    }

    /// Whether `bytes[range]`, the space between two tokens of a document scanned with comments, holds a comment.
    static func holdsComment(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.contains(UInt8(ascii: "/")) }
}

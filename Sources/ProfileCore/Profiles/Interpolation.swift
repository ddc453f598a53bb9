#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Shell-style interpolation of `${VAR}`, `$VAR`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`,
/// `${VAR?message}`, `${VAR:+alternative}`, `${VAR+alternative}` and `$$`, against an environment being built.
///
/// Besides the value, it produces a display form in which every part that came from the invoking environment
/// (rather than from a profile) is shown as the reference that produced it, so `profile show` never prints an
/// inherited secret unless asked to.
public struct Interpolator {
    /// A variable as interpolation sees it: its value and how to display it.
    public struct Variable: Sendable {
        /// The value.
        public var value: String
        /// How to display it; nil when it came from the invoking environment (displayed as `${NAME}`).
        public var display: String?
        /// Whether the value includes text from the invoking environment.
        public var usesInvokingEnvironment: Bool

        /// Creates a variable; one without a display form comes from the invoking environment.
        public init(value: String, display: String?, usesInvokingEnvironment: Bool? = nil) {
            self.value = value
            self.display = display
            self.usesInvokingEnvironment = usesInvokingEnvironment ?? (display == nil)
        }
    }

    /// The result of interpolating one string.
    public struct Output: Sendable, Equatable {
        /// What the child receives.
        public var value: String
        /// What `show` prints when secrets are hidden.
        public var display: String
        /// Whether any part came from the invoking environment.
        public var usesInvokingEnvironment: Bool
    }

    /// An interpolation problem, with the character offset in the source text where it is.
    public struct Failure: Error, Sendable, Equatable {
        /// The message.
        public var message: String
        /// The offset (in characters) from the start of the text.
        public var offset: Int
        /// How many characters the problem spans.
        public var length: Int

        /// Creates a failure.
        public init(message: String, offset: Int, length: Int) {
            self.message = message
            self.offset = offset
            self.length = length
        }
    }

    private let lookup: (String) -> Variable?
    private let enforcesRequired: Bool

    /// An interpolator reading variables through `lookup`. With `enforcesRequired` false, `${VAR:?message}` of an
    /// unset variable is not an error (for `lint`, which checks files, not the environment it runs in).
    public init(enforcesRequired: Bool = true, lookup: @escaping (String) -> Variable?) {
        self.lookup = lookup
        self.enforcesRequired = enforcesRequired
    }

    static let emptyReference = "`${}` names no variable: write `${NAME}`, or `$$` for a literal `$`"
    static let unterminated = "unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)"

    /// The most bytes one environment variable or argument may hold (Linux's `MAX_ARG_STRLEN`): a longer value
    /// could not be passed to the child anyway.
    public static let maximumLength = 131_072

    /// An upper bound of the length in bytes of `text` once interpolated, computed without building it: every
    /// reference counts as the length of its variable, everything else as written. It bounds alias-like blow-ups
    /// (`A2: ${A1}${A1}`, `A3: ${A2}${A2}`, …) before any memory is spent on them.
    public func upperBound(of text: String) -> Int {
        var bytes = Array(text.utf8)[...]
        var total = 0
        while let dollar = bytes.firstIndex(of: UInt8(ascii: "$")) {
            total += dollar - bytes.startIndex
            bytes = bytes[(dollar + 1)...]
            let braced = bytes.first == UInt8(ascii: "{")
            if braced { bytes = bytes.dropFirst() }
            let name = bytes.prefix { Self.isNameByte($0) }
            bytes = bytes.dropFirst(name.count)
            guard !name.isEmpty, let variable = lookup(String(decoding: name, as: UTF8.self)) else {
                total += 1 + (braced ? 1 : 0) + name.count  // as written (an over-estimate for a missing variable)
                continue
            }
            total += variable.value.utf8.count
            if braced, bytes.first == UInt8(ascii: "}") { bytes = bytes.dropFirst() }
        }
        return total + bytes.count
    }

    /// Interpolates `text`.
    public func interpolate(_ text: String) throws(Failure) -> Output {
        // Most texts hold no `$`: they are their own value and display.
        switch Self.scan(text) {
        case .literal:
            return Output(value: text, display: text, usesInvokingEnvironment: false)
        case .ascii:
            // ASCII without CR: one byte is one character, so byte offsets are the character offsets.
            let bytes = Array(text.utf8)
            var index = 0
            var piece = Piece()
            piece.reserve(bytes.count)
            try interpolate(bytes, &index, into: &piece, nested: false)
            return Output(
                value: String(decoding: piece.value, as: UTF8.self), display: String(decoding: piece.display, as: UTF8.self),
                usesInvokingEnvironment: piece.inherited)
        case .unicode:
            let characters = Array(text)
            var index = 0
            return try interpolate(characters, &index, terminator: nil)
        }
    }

    /// Interpolates `text` with the character scanner alone (tests check that the byte scanner agrees with it).
    func interpolateByCharacters(_ text: String) throws(Failure) -> Output {
        let characters = Array(text)
        var index = 0
        return try interpolate(characters, &index, terminator: nil)
    }

    /// Whether `text` interpolates when `${VAR:?message}` is not enforced (as for `lint`): then only the syntax can
    /// fail, whatever the variables hold. Checked without building the value for ASCII text.
    static func isWellFormed(_ text: String) -> Bool {
        switch scan(text) {
        case .literal:
            return true
        case .ascii:
            return Names.bytes(of: text) { bytes in
                var index = 0
                return isWellFormed(bytes, &index, nested: false)
            }
        case .unicode:
            do {
                _ = try Interpolator(enforcesRequired: false) { _ in nil }.interpolate(text)
                return true
            } catch {
                return false
            }
        }
    }

    /// The byte scanner's grammar without its output: false where it throws (with `enforcesRequired` false).
    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, nested: Bool) -> Bool {
        let count = bytes.count
        while index < count {
            while index < count, bytes[index] != UInt8(ascii: "$"), !(nested && bytes[index] == UInt8(ascii: "}")) {
                index += 1
            }
            guard index < count else { return true }
            if bytes[index] == UInt8(ascii: "}") { return true }
            guard index + 1 < count else {
                index += 1  // a `$` at the end is itself
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "$") {
                index += 2
                continue
            }
            if next == UInt8(ascii: "{") {
                index += 2
                let nameStart = index
                while index < count, isNameByte(bytes[index]) { index += 1 }
                guard index < count else { return false }
                guard index > nameStart, !(bytes[nameStart] >= UInt8(ascii: "0") && bytes[nameStart] <= UInt8(ascii: "9")) else {
                    return false
                }
                let current = bytes[index]
                var hasOperator = true
                if current == UInt8(ascii: ":"), index + 1 < count, isOperator(bytes[index + 1]) {
                    index += 2
                } else if isOperator(current) {
                    index += 1
                } else if current != UInt8(ascii: "}") {
                    return false
                } else {
                    hasOperator = false
                }
                if hasOperator {
                    guard isWellFormed(bytes, &index, nested: true), index < count else { return false }
                }
                index += 1  // the closing brace
                continue
            }
            if next == UInt8(ascii: "_") || (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z"))
                || (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z"))
            {
                index += 1
                while index < count, isNameByte(bytes[index]) { index += 1 }
                continue
            }
            index += 1
        }
        return true
    }

    /// Whether a text needs interpolating, and which scanner can do it.
    static func scan(_ text: String) -> TextKind {
        if let kind = text.utf8.withContiguousStorageIfAvailable(scanBytes) { return kind }
        return Array(text.utf8).withUnsafeBufferPointer(scanBytes)
    }

    enum TextKind { case literal, ascii, unicode }

    /// Whether `text` holds a `$` (and so may interpolate).
    static func containsDollar(_ text: String) -> Bool {
        scan(text) != .literal
    }

    private static func scanBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> TextKind {
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "$")), bytes.count) != nil else {
            return .literal
        }
        for byte in bytes where byte >= 0x80 || byte == 0x0D { return .unicode }
        return .ascii
    }

    /// The value and display being built from bytes.
    private struct Piece {
        var value: [UInt8] = []
        var display: [UInt8] = []
        var inherited = false

        mutating func reserve(_ count: Int) {
            value.reserveCapacity(count)
            display.reserveCapacity(count)
        }

        mutating func append(_ other: Piece) {
            value.append(contentsOf: other.value)
            display.append(contentsOf: other.display)
            inherited = inherited || other.inherited
        }

        /// A variable's value, shown as its display text or, without one, as `${NAME}`.
        @inline(__always) mutating func append(_ variable: Variable, named name: String) {
            value.append(contentsOf: variable.value.utf8)
            if let shown = variable.display {
                display.append(contentsOf: shown.utf8)
            } else {
                display.append(contentsOf: "${".utf8)
                display.append(contentsOf: name.utf8)
                display.append(UInt8(ascii: "}"))
            }
            inherited = inherited || variable.usesInvokingEnvironment
        }
    }

    @inline(__always) private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The byte scanner (ASCII text without CR): the same grammar as the character scanner below.
    private func interpolate(_ bytes: [UInt8], _ index: inout Int, into piece: inout Piece, nested: Bool) throws(Failure) {
        let count = bytes.count
        while index < count {
            // A run of literal bytes.
            let runStart = index
            while index < count, bytes[index] != UInt8(ascii: "$"), !(nested && bytes[index] == UInt8(ascii: "}")) {
                index += 1
            }
            if index > runStart {
                piece.value.append(contentsOf: bytes[runStart..<index])
                piece.display.append(contentsOf: bytes[runStart..<index])
            }
            guard index < count else { return }
            if bytes[index] == UInt8(ascii: "}") { return }  // the terminator of a nested word
            guard index + 1 < count else {
                piece.value.append(UInt8(ascii: "$"))
                piece.display.append(UInt8(ascii: "$"))
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "$") {
                piece.value.append(UInt8(ascii: "$"))
                piece.display.append(UInt8(ascii: "$"))
                piece.display.append(UInt8(ascii: "$"))
                index += 2
                continue
            }
            if next == UInt8(ascii: "{") {
                let start = index
                index += 2
                let nameStart = index
                while index < count, Self.isNameByte(bytes[index]) { index += 1 }
                guard index < count else {
                    throw Failure(message: "unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)", offset: start, length: 2)
                }
                if index == nameStart, bytes[index] == UInt8(ascii: "}") {
                    throw Failure(message: Self.emptyReference, offset: start, length: 3)
                }
                if bytes[index] == 0x0A || bytes[index] == 0x0D {
                    throw Failure(message: Self.unterminated, offset: start, length: 2)
                }
                guard index > nameStart, !(bytes[nameStart] >= UInt8(ascii: "0") && bytes[nameStart] <= UInt8(ascii: "9")) else {
                    let end = bytes[nameStart...].firstIndex(of: UInt8(ascii: "}")) ?? count
                    let shown = String(decoding: bytes[nameStart..<end], as: UTF8.self)
                    throw Failure(
                        message: "`\(shown)` is not a variable name (letters, digits and `_`, not starting with a digit)",
                        offset: nameStart, length: max(1, end - nameStart))
                }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                let variable = lookup(name)
                var colon = false
                var op: UInt8 = 0
                let current = bytes[index]
                if current == UInt8(ascii: ":"), index + 1 < count, Self.isOperator(bytes[index + 1]) {
                    colon = true
                    op = bytes[index + 1]
                    index += 2
                } else if Self.isOperator(current) {
                    op = current
                    index += 1
                } else if current != UInt8(ascii: "}") {
                    throw Failure(
                        message: "unexpected `\(String(decoding: CollectionOfOne(current), as: UTF8.self))` in `${\(name)...}`; "
                            + "use `${\(name)}`, `${\(name):-default}`, `${\(name)-default}` or `${\(name):?message}`",
                        offset: index, length: 1)
                }
                var useWord = false
                var useNothing = false
                var word = Piece()
                if op != 0 {
                    try interpolate(bytes, &index, into: &word, nested: true)
                    guard index < count else {
                        throw Failure(message: "unterminated `${`: add the closing `}`", offset: start, length: 2)
                    }
                    let isUnset = variable == nil
                    let isEmpty = variable?.value.isEmpty ?? true
                    let missing = colon ? isEmpty : isUnset
                    switch op {
                    case UInt8(ascii: "-"):
                        useWord = missing
                    case UInt8(ascii: "+"):
                        if missing { useNothing = true } else { useWord = true }
                    default:  // "?"
                        if missing && enforcesRequired {
                            let what = isUnset ? "is not set" : "is empty"
                            let detail = word.value.isEmpty ? "" : ": \(String(decoding: word.value, as: UTF8.self))"
                            throw Failure(message: "`\(name)` \(what)\(detail)", offset: start, length: index - start + 1)
                        }
                    }
                }
                index += 1  // the closing brace
                if useWord {
                    piece.append(word)
                } else if !useNothing, let variable {
                    piece.append(variable, named: name)
                }
                continue
            }
            if next == UInt8(ascii: "_") || (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z"))
                || (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z"))
            {
                index += 1
                let nameStart = index
                while index < count, Self.isNameByte(bytes[index]) { index += 1 }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                if let variable = lookup(name) { piece.append(variable, named: name) }
                continue
            }
            piece.value.append(UInt8(ascii: "$"))
            piece.display.append(UInt8(ascii: "$"))
            index += 1
        }
    }

    @inline(__always) private static func isOperator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "+")
    }

    /// The character scanner: any text (non-ASCII, CR line ends).
    private func interpolate(
        _ characters: [Character], _ index: inout Int, terminator: Character?
    ) throws(Failure) -> Output {
        var value = ""
        var display = ""
        var inherited = false
        while index < characters.count {
            let character = characters[index]
            if let terminator, character == terminator { return Output(value: value, display: display, usesInvokingEnvironment: inherited) }
            guard character == "$", index + 1 < characters.count else {
                value.append(character)
                display.append(character)
                index += 1
                continue
            }
            let next = characters[index + 1]
            if next == "$" {
                value.append("$")
                display.append("$$")
                index += 2
                continue
            }
            if next == "{" {
                let start = index
                index += 2
                let nameStart = index
                while index < characters.count, isNameCharacter(characters[index]) { index += 1 }
                let name = String(characters[nameStart..<index])
                guard index < characters.count else {
                    throw Failure(message: "unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)", offset: start, length: 2)
                }
                if name.isEmpty, characters[index] == "}" {
                    throw Failure(message: Self.emptyReference, offset: start, length: 3)
                }
                if characters[index] == "\n" || characters[index] == "\r" || characters[index] == "\r\n" {
                    throw Failure(message: Self.unterminated, offset: start, length: 2)
                }
                guard !name.isEmpty, !(name.first!.isNumber) else {
                    let end = characters[nameStart...].firstIndex(of: "}") ?? characters.count
                    let shown = String(characters[nameStart..<end])
                    throw Failure(
                        message: "`\(shown)` is not a variable name (letters, digits and `_`, not starting with a digit)",
                        offset: nameStart, length: max(1, shown.count))
                }
                let variable = lookup(name)
                let reference = Output(
                    value: variable?.value ?? "", display: variable?.display ?? (variable == nil ? "" : "${\(name)}"),
                    usesInvokingEnvironment: variable?.usesInvokingEnvironment ?? false)
                var result = reference
                var op = ""
                if characters[index] == ":" , index + 1 < characters.count, "-?+".contains(characters[index + 1]) {
                    op = String(characters[index...index + 1])
                    index += 2
                } else if "-?+".contains(characters[index]) {
                    op = String(characters[index])
                    index += 1
                } else if characters[index] != "}" {
                    throw Failure(
                        message: "unexpected `\(characters[index])` in `${\(name)...}`; use `${\(name)}`, `${\(name):-default}`, "
                            + "`${\(name)-default}` or `${\(name):?message}`",
                        offset: index, length: 1)
                }
                if !op.isEmpty {
                    let word = try interpolate(characters, &index, terminator: "}")
                    guard index < characters.count else {
                        throw Failure(message: "unterminated `${`: add the closing `}`", offset: start, length: 2)
                    }
                    let isUnset = variable == nil
                    let isEmpty = variable?.value.isEmpty ?? true
                    let missing = op.hasPrefix(":") ? isEmpty : isUnset
                    switch op.last! {
                    case "-":
                        if missing { result = word }
                    case "+":
                        result = missing ? Output(value: "", display: "", usesInvokingEnvironment: false) : word
                    default:  // "?"
                        if missing && enforcesRequired {
                            let what = isUnset ? "is not set" : "is empty"
                            let detail = word.value.isEmpty ? "" : ": \(word.value)"
                            throw Failure(message: "`\(name)` \(what)\(detail)", offset: start, length: index - start + 1)
                        }
                    }
                }
                index += 1  // the closing brace
                value += result.value
                display += result.display
                inherited = inherited || result.usesInvokingEnvironment
                continue
            }
            if next == "_" || next.isLetter && next.isASCII {
                index += 1
                let nameStart = index
                while index < characters.count, isNameCharacter(characters[index]) { index += 1 }
                let name = String(characters[nameStart..<index])
                if let variable = lookup(name) {
                    value += variable.value
                    display += variable.display ?? "${\(name)}"
                    inherited = inherited || variable.usesInvokingEnvironment
                }
                continue
            }
            value.append("$")
            display.append("$")
            index += 1
        }
        return Output(value: value, display: display, usesInvokingEnvironment: inherited)
    }

    private func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}

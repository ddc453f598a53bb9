import ProfilePlatform

/// Shell-style interpolation of `${VAR}`, `$VAR`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`,
/// `${VAR?message}`, `${VAR:+alternative}`, `${VAR+alternative}` and `$$`, against an environment being built.
///
/// One parser (``Parser``, over the UTF-8 bytes of any text) serves every job: interpolating, the syntax-only check
/// of `lint` (``isWellFormed(_:for:)``) and the size guard. Like a shell, a default, alternative or message is only
/// evaluated when it is used: `${A:-${B:?needed}}` fails only when `A` is unset or empty. Unlike a shell, a syntax
/// error is an error in a branch that is not taken too, so that `lint` finds it whatever the environment holds.
///
/// Besides the value, it produces a display form in which every part that came from the invoking environment
/// (rather than from a profile), or from a variable the catalog marks secret, is shown as the reference that
/// produced it, so `profile show` never prints an inherited secret unless asked to; and it tells whether the result
/// is secret (``Output/isSecret``: built from any such part), the taint ``Redaction`` renders by.
package struct Interpolator {
    /// A variable as interpolation sees it: its value and how to display it.
    package struct Variable: Sendable {
        /// The value.
        package var value: String
        /// How to display it; nil when it came from the invoking environment (displayed as `${NAME}`).
        package var display: String?
        /// Whether the value includes text from the invoking environment.
        package var usesInvokingEnvironment: Bool
        /// Whether the value is secret: it includes text from the invoking environment, or the variable (or one it
        /// was built from) is marked secret by the catalog. Whatever uses it is secret too.
        package var isSecret: Bool

        /// Creates a variable; one without a display form comes from the invoking environment. A variable is secret
        /// when it uses the invoking environment, unless said otherwise.
        package init(value: String, display: String?, usesInvokingEnvironment: Bool? = nil, isSecret: Bool? = nil) {
            self.value = value
            self.display = display
            self.usesInvokingEnvironment = usesInvokingEnvironment ?? (display == nil)
            self.isSecret = isSecret ?? self.usesInvokingEnvironment
        }
    }

    /// The result of interpolating one string.
    package struct Output: Sendable, Equatable {
        /// What the child receives.
        package var value: String
        /// What `show` prints when secrets are hidden.
        package var display: String
        /// Whether any part came from the invoking environment.
        package var usesInvokingEnvironment: Bool
        /// Whether any part came from a secret variable (see ``Variable/isSecret``): the whole result is secret.
        package var isSecret: Bool = false
    }

    /// An interpolation problem, with where it is in the source text.
    ///
    /// Offsets and lengths count Unicode scalars, the unit of the project's columns (libyaml counts columns in
    /// scalars): `é` written as `e` and a combining accent is two, a CR LF line end is two.
    package struct Failure: Error, Sendable, Equatable {
        /// The message.
        package var message: String
        /// The offset (in Unicode scalars) from the start of the text.
        package var offset: Int
        /// How many Unicode scalars the problem spans.
        package var length: Int
        /// Whether the problem is the size of the result (the text as a whole is to blame, not the place).
        package var isTooLong: Bool

        /// Creates a failure.
        package init(message: String, offset: Int, length: Int, isTooLong: Bool = false) {
            self.message = message
            self.offset = offset
            self.length = length
            self.isTooLong = isTooLong
        }
    }

    /// Where an interpolated text goes: it decides how long the result may be and whether it may hold a NUL byte.
    package enum Destination: Sendable, Equatable {
        /// The value of the environment variable `name`: `name=value` and a final NUL must fit in
        /// ``Interpolator/maximumLength``, and a NUL byte would cut it short.
        case environment(name: String)
        /// An argument of the command: it and a final NUL must fit in ``Interpolator/maximumLength``, and a NUL byte
        /// would cut it short.
        case argument
        /// A typed value: it travels escaped in the payload (a NUL byte is fine), at most
        /// ``Interpolator/maximumLength`` - 1 bytes.
        case value

        /// The most bytes the result may have.
        package var limit: Int {
            switch self {
            case .environment(let name): Interpolator.maximumLength - name.utf8.count - 2
            case .argument, .value: Interpolator.maximumLength - 1
            }
        }

        /// Whether the text may hold a NUL byte.
        package var allowsNUL: Bool {
            if case .value = self { true } else { false }
        }
    }

    private let lookup: (String) -> Variable?
    private let enforcesRequired: Bool
    private let marksMissing: Bool

    /// An interpolator reading variables through `lookup`. With `enforcesRequired` false, `${VAR:?message}` of an
    /// unset variable is not an error (for `lint`, which checks files, not the environment it runs in); with
    /// `marksMissing` too, the variable is shown as its reference `${VAR}` and makes the result secret (for `show`,
    /// which prints the profile without the variable).
    package init(
        enforcesRequired: Bool = true, marksMissing: Bool = false, lookup: @escaping (String) -> Variable?
    ) {
        self.lookup = lookup
        self.enforcesRequired = enforcesRequired
        self.marksMissing = marksMissing
    }

    static let emptyReference = "`${}` names no variable: write `${NAME}`, or `$$` for a literal `$`"
    static let unterminated = "unterminated `${`: add the closing `}` (or write `$$` for a literal `$`)"
    static let unterminatedWord = "unterminated `${`: add the closing `}`"

    /// The most bytes one argument, or one environment variable as `NAME=value`, may take with its final NUL:
    /// Linux's `MAX_ARG_STRLEN` (32 pages of 4 KiB). A longer one makes `execve` fail with `E2BIG`. macOS has no
    /// such limit per string (only `ARG_MAX` for all of them), but the same limit applies there, so that a profile
    /// that launches on one system launches on the other.
    package static let maximumLength = 131_072

    /// The most bytes a display form may have: a display can be longer than its value (`$$`, an inherited
    /// variable shown as `${NAME}`), but not without bound (`A1: ${EMPTY}${EMPTY}`, `A2: ${A1}${A1}`, …).
    static let maximumDisplayLength = 4 * maximumLength

    /// How deeply `${` may nest in defaults and alternatives (the parser recurses once per level).
    static let maximumNesting = 100

    /// Interpolates `text` for `destination`: fails on a syntax error, a `${VAR:?message}` of a missing variable
    /// (when required variables are enforced), a NUL byte where none may be, or a result longer than the
    /// destination takes (found while it is produced: the branch not taken does not count).
    package func interpolate(_ text: String, for destination: Destination = .value) throws(Failure) -> Output {
        let result: Result<Output?, Failure> = Names.bytes(of: text) { bytes in
            do throws(Failure) {
                try Self.checkNUL(bytes, for: destination)
                // Most texts hold no `$`: they are their own value and display.
                guard Self.containsDollar(bytes) else {
                    if bytes.count > destination.limit {
                        throw Self.tooLong(destination, literal: bytes.count, offset: 0, length: Self.scalars(bytes))
                    }
                    return .success(nil)
                }
                var parser = Parser(bytes: bytes, interpolator: self, limit: destination.limit)
                do throws(Parser.Problem) {
                    try parser.word(nested: false, evaluating: true)
                } catch {
                    throw error.failure(in: bytes, for: destination)
                }
                return .success(
                    Output(
                        value: String(decoding: parser.value, as: UTF8.self),
                        display: String(decoding: parser.display, as: UTF8.self),
                        usesInvokingEnvironment: parser.inherited, isSecret: parser.secret))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let output?): return output
        case .success(nil): return Output(value: text, display: text, usesInvokingEnvironment: false)
        case .failure(let failure): throw failure
        }
    }

    /// Whether `text` interpolates for `destination` whatever the variables hold, when `${VAR:?message}` is not
    /// enforced (as for `lint`): the syntax of every branch, taken or not, and no NUL byte where none may be. A text
    /// longer than the destination takes is not well formed (whether its result is too long depends on the
    /// variables). The same parser as ``interpolate(_:for:)``, producing nothing.
    @inline(__always)
    package static func isWellFormed(_ text: String, for destination: Destination = .value) -> Bool {
        // Inlined, so that a caller's `.environment(name:)` costs no copy of the name: only its length is read.
        isWellFormed(text, limit: destination.limit, allowsNUL: destination.allowsNUL)
    }

    @inline(__always)
    private static func isWellFormed(_ text: String, limit: Int, allowsNUL: Bool) -> Bool {
        Names.bytes(of: text) { isWellFormed($0, limit: limit, allowsNUL: allowsNUL) }
    }

    /// The check over the bytes (out of line: the string is only borrowed around it).
    @inline(never)
    private static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int, allowsNUL: Bool) -> Bool {
        if bytes.count > limit || (!allowsNUL && containsNUL(bytes)) { return false }
        return !containsDollar(bytes) || parses(bytes)
    }

    /// Whether the parser reads `bytes` without a syntax error, evaluating nothing.
    private static func parses(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parser = Parser(bytes: bytes, interpolator: nil, limit: .max)
        do throws(Parser.Problem) {
            try parser.word(nested: false, evaluating: false)
            return true
        } catch {
            return false
        }
    }

    /// A `$$` or a reference of a text as the parser reads it, in byte offsets of the text's UTF-8.
    package struct Token: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// `$$`, a `$`.
            case dollar
            /// `$NAME`.
            case bare
            /// `${NAME}`.
            case braced
            /// `${NAME op word}` (its word holds tokens of its own, listed after it).
            case withWord
        }

        package var kind: Kind
        /// The whole token, `$` to `}`.
        package var range: Range<Int>
        /// The name's bytes (empty for `$$`).
        package var name: Range<Int>
    }

    /// The `$$` and the references of `text`, nested ones too, in the order they start: the one reading of the
    /// syntax for whatever else looks at references (``Redaction`` rewrites and names them, `LintBounds` counts
    /// them). Nil when the text does not parse.
    package static func tokens(in text: String) -> [Token]? {
        guard containsDollar(text) else { return [] }
        return Names.bytes(of: text) { bytes in
            var parser = Parser(bytes: bytes, interpolator: nil, limit: .max)
            parser.tokens = []
            do throws(Parser.Problem) {
                try parser.word(nested: false, evaluating: false)
            } catch {
                return nil
            }
            return parser.tokens?.sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
    }

    /// How many references `text` holds (`$NAME`, `${NAME}`, `${NAME op word}` and those nested in a word); nil when
    /// it does not parse.
    package static func referenceCount(in text: String) -> Int? {
        guard containsDollar(text) else { return 0 }
        return Names.bytes(of: text) { bytes in
            var parser = Parser(bytes: bytes, interpolator: nil, limit: .max)
            do throws(Parser.Problem) {
                try parser.word(nested: false, evaluating: false)
            } catch {
                return nil
            }
            return parser.references
        }
    }

    /// Whether `text` holds a `$` (and so may interpolate).
    package static func containsDollar(_ text: String) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable(containsDollar) { return found }
        return Array(text.utf8).withUnsafeBufferPointer(containsDollar)
    }

    @inline(__always)
    private static func containsDollar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteSearch.contains(UInt8(ascii: "$"), in: bytes)
    }

    @inline(__always)
    private static func containsNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteSearch.contains(0, in: bytes)
    }

    /// A NUL byte cannot reach a program (its environment and arguments are C strings): a located error rather
    /// than a value cut short. Checked on the text, taken branch or not: variables cannot hold one (the inherited
    /// environment and the command line cannot, and each profile entry was checked when it was set).
    private static func checkNUL(_ bytes: UnsafeBufferPointer<UInt8>, for destination: Destination) throws(Failure) {
        guard !destination.allowsNUL, let offset = ByteSearch.firstIndex(of: 0, in: bytes) else { return }
        let subject = destination.subject
        throw Failure(
            message: "\(subject) holds a NUL byte (`\\0`): \(destination.noun) ends at the first NUL, so the program "
                + "would receive it cut short",
            offset: scalars(bytes, 0..<offset), length: 1)
    }

    /// `A` is 200000 bytes long / would be more than 131067 bytes long once interpolated; …
    fileprivate static func tooLong(_ destination: Destination, literal: Int?, offset: Int, length: Int) -> Failure {
        let size =
            literal.map { "is \($0) bytes long" }
            ?? "would be more than \(destination.limit) bytes long once interpolated"
        let rule: String
        switch destination {
        case .environment(let name):
            rule =
                "an environment variable can take at most \(maximumLength) bytes, counting `\(name)=` and the final "
                + "NUL byte (Linux's MAX_ARG_STRLEN)"
        case .argument:
            rule =
                "an argument can take at most \(maximumLength) bytes, counting the final NUL byte (Linux's "
                + "MAX_ARG_STRLEN)"
        case .value:
            rule =
                "a value travels in an environment variable, which can take at most \(maximumLength) bytes "
                + "(Linux's MAX_ARG_STRLEN)"
        }
        return Failure(
            message: "\(destination.subject) \(size); \(rule)", offset: offset, length: length, isTooLong: true)
    }

    /// How many Unicode scalars `range` of valid UTF-8 `bytes` holds (the bytes that do not continue a sequence).
    fileprivate static func scalars(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>? = nil) -> Int {
        var count = 0
        for index in range ?? 0..<bytes.count where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    @inline(__always) fileprivate static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    @inline(__always) fileprivate static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    @inline(__always) fileprivate static func isOperator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "+")
    }

    /// The grammar, over the UTF-8 bytes of the text (names are ASCII; any other byte is literal):
    ///
    ///     word      = { literal | "$$" | "$" name | "${" reference "}" | "$" }   (in a nested word, "}" ends it)
    ///     reference = name [ [":"] ("-" | "+" | "?") word ]
    ///     name      = [A-Za-z_][A-Za-z0-9_]*
    ///
    /// A `$` not followed by `$`, `{` or a name start is itself. Every word is parsed; only the words a shell would
    /// evaluate are evaluated (`evaluating`): their output is appended as they are parsed, so no branch is built to
    /// be thrown away, and the size guard counts exactly what is produced.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Nil for the syntax-only check: nothing is evaluated.
        let interpolator: Interpolator?
        /// The most bytes the value may have.
        let limit: Int
        var index = 0
        var depth = 0
        var value: [UInt8] = []
        var display: [UInt8] = []
        var inherited = false
        var secret = false
        /// The tokens read, when asked for (``Interpolator/tokens(in:)``).
        var tokens: [Token]?
        /// How many references were read (``Interpolator/referenceCount(in:)``).
        var references = 0

        /// What stops the parser: a failure as it will be reported, or the value (or its display) growing past
        /// its limit, which ``Interpolator/interpolate(_:for:)`` describes for its destination.
        enum Problem: Error {
            case failure(Failure)
            case tooLong(Range<Int>)
            case displayTooLong(Range<Int>)

            func failure(in bytes: UnsafeBufferPointer<UInt8>, for destination: Destination) -> Failure {
                switch self {
                case .failure(let failure):
                    return failure
                case .tooLong(let source):
                    return Interpolator.tooLong(
                        destination, literal: nil, offset: Interpolator.scalars(bytes, 0..<source.lowerBound),
                        length: Interpolator.scalars(bytes, source))
                case .displayTooLong(let source):
                    return Failure(
                        message: "\(destination.subject) would be shown as more than "
                            + "\(Interpolator.maximumDisplayLength) bytes (each inherited variable is shown as its "
                            + "`${NAME}`)",
                        offset: Interpolator.scalars(bytes, 0..<source.lowerBound),
                        length: max(1, Interpolator.scalars(bytes, source)))
                }
            }
        }

        init(bytes: UnsafeBufferPointer<UInt8>, interpolator: Interpolator?, limit: Int) {
            self.bytes = bytes
            self.interpolator = interpolator
            self.limit = limit
            if interpolator != nil {
                value.reserveCapacity(bytes.count)
                display.reserveCapacity(bytes.count)
            }
        }

        /// A `${NAME op word}` whose word is being read: what reading it goes on with once its `}` is reached.
        private struct OpenReference {
            let start: Int
            let name: Range<Int>
            /// The variable is unset (or, with `:`, empty) and `?` enforces it: the word is its message, evaluated
            /// and then taken back out of the value from these counts.
            let requiredMark: (value: Int, display: Int)?
            let variable: Variable?
            /// Whether the word around the reference was being evaluated, and was itself nested.
            let outerEvaluating: Bool
            let outerNested: Bool
        }

        /// Parses a word up to the end of the text or, when `nested`, up to the `}` that ends it (left unread).
        ///
        /// References nest (`${A:-${B:-x}}`) without a call per level: each open one waits on a stack of its own, so
        /// that the deepest nesting ``Interpolator/maximumNesting`` admits parses on any thread's stack (Darwin's
        /// Dispatch threads have 512 KiB; a debug build's frames are large).
        mutating func word(nested: Bool, evaluating: Bool) throws(Problem) {
            let count = bytes.count
            var nested = nested
            var evaluating = evaluating
            var open: [OpenReference] = []
            while true {
                let runStart = index
                if nested {
                    while index < count, bytes[index] != UInt8(ascii: "$"), bytes[index] != UInt8(ascii: "}") {
                        index += 1
                    }
                } else {
                    index = ByteSearch.firstIndex(of: UInt8(ascii: "$"), in: bytes, from: index) ?? count
                }
                if evaluating, index > runStart {
                    try append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]), from: runStart)
                }
                guard index < count, bytes[index] == UInt8(ascii: "$") else {
                    // The end of the text, or the `}` of the innermost open reference (or of the caller's).
                    guard let reference = open.popLast() else { return }
                    depth -= 1
                    try close(reference)
                    nested = reference.outerNested
                    evaluating = reference.outerEvaluating
                    continue
                }
                let next = index + 1 < count ? bytes[index + 1] : 0
                if next == UInt8(ascii: "$") {
                    if evaluating { try appendDollar(escaped: true) }
                    tokens?.append(Token(kind: .dollar, range: index..<index + 2, name: index..<index))
                    index += 2
                } else if next == UInt8(ascii: "{") {
                    if let inner = try reference(evaluating: evaluating) {
                        open.append(
                            OpenReference(
                                start: inner.start, name: inner.name, requiredMark: inner.requiredMark,
                                variable: inner.variable, outerEvaluating: evaluating, outerNested: nested))
                        nested = true
                        evaluating = inner.evaluating
                    }
                } else if Interpolator.isNameStart(next) {
                    let start = index
                    index += 1
                    while index < count, Interpolator.isNameByte(bytes[index]) { index += 1 }
                    references += 1
                    tokens?.append(Token(kind: .bare, range: start..<index, name: start + 1..<index))
                    if evaluating, let variable = lookup(start + 1..<index) {
                        try append(variable, named: start + 1..<index, from: start)
                    }
                } else {
                    if evaluating { try appendDollar(escaped: false) }  // `$` at the end, `$1`, `$-`, `$ `…
                    index += 1
                }
            }
        }

        /// What the word of a `${NAME op word}` is read with.
        private struct ReferenceWord {
            let start: Int
            let name: Range<Int>
            let evaluating: Bool
            let requiredMark: (value: Int, display: Int)?
            let variable: Variable?
        }

        /// Parses `${...}` from its `$`, and evaluates it when `evaluating`: a whole `${NAME}`, read and appended
        /// (nil), or the start of a `${NAME op word}` up to its word, which the caller reads (and then
        /// ``close(_:)``).
        private mutating func reference(evaluating: Bool) throws(Problem) -> ReferenceWord? {
            let count = bytes.count
            let start = index
            index += 2
            let nameStart = index
            while index < count, Interpolator.isNameByte(bytes[index]) { index += 1 }
            guard index < count else { throw failure(Interpolator.unterminated, start..<start + 2) }
            let nameEnd = index
            let current = bytes[index]
            if nameEnd == nameStart, current == UInt8(ascii: "}") {
                throw failure(Interpolator.emptyReference, start..<start + 3)
            }
            if current == 0x0A || current == 0x0D { throw failure(Interpolator.unterminated, start..<start + 2) }
            guard nameEnd > nameStart, Interpolator.isNameStart(bytes[nameStart]) else {
                var end = nameStart
                while end < count, bytes[end] != UInt8(ascii: "}") { end += 1 }
                let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<end]), as: UTF8.self)
                let range = end > nameStart ? nameStart..<end : nameStart..<nameStart + 1
                throw failure(
                    "`\(shown)` is not a variable name (letters, digits and `_`, not starting with a digit)", range)
            }
            if current == UInt8(ascii: "}") {
                index += 1
                references += 1
                tokens?.append(Token(kind: .braced, range: start..<index, name: nameStart..<nameEnd))
                if evaluating, let variable = lookup(nameStart..<nameEnd) {
                    try append(variable, named: nameStart..<nameEnd, from: start)
                }
                return nil
            }
            let colon: Bool
            let op: UInt8
            if current == UInt8(ascii: ":"), index + 1 < count, Interpolator.isOperator(bytes[index + 1]) {
                colon = true
                op = bytes[index + 1]
                index += 2
            } else if Interpolator.isOperator(current) {
                colon = false
                op = current
                index += 1
            } else {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
                var end = index + 1
                while end < count, bytes[end] & 0xC0 == 0x80 { end += 1 }  // the whole scalar
                let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                throw failure(
                    "unexpected `\(shown)` in `${\(name)...}`; use `${\(name)}`, `${\(name):-default}`, "
                        + "`${\(name)-default}` or `${\(name):?message}`",
                    index..<end)
            }
            if depth >= Interpolator.maximumNesting {
                throw failure(
                    "`${` nested more than \(Interpolator.maximumNesting) levels deep: write this value more simply",
                    start..<start + 2)
            }
            depth += 1
            let name = nameStart..<nameEnd
            func word(evaluating: Bool, requiredMark: (value: Int, display: Int)? = nil, variable: Variable? = nil)
                -> ReferenceWord
            {
                ReferenceWord(
                    start: start, name: name, evaluating: evaluating, requiredMark: requiredMark, variable: variable)
            }
            guard evaluating, let interpolator else { return word(evaluating: false) }
            let variable = lookup(name)
            let missing = colon ? (variable?.value.isEmpty ?? true) : variable == nil
            switch op {
            case UInt8(ascii: "-"):
                if let variable, !missing { try append(variable, named: name, from: start) }
                return word(evaluating: missing)
            case UInt8(ascii: "+"):
                return word(evaluating: !missing)
            default:  // "?"
                if let variable, !missing {
                    try append(variable, named: name, from: start)
                    return word(evaluating: false)
                } else if interpolator.enforcesRequired {
                    // The message is evaluated like any word, then taken back out of the value (``close(_:)``).
                    return word(evaluating: true, requiredMark: (value.count, display.count), variable: variable)
                } else {
                    if interpolator.marksMissing {
                        // `show`: the value lacks the variable, which is shown as the reference that would provide
                        // it (`${API_TOKEN}`), and makes the result secret.
                        try reserve(0, nameEnd - nameStart + 3, start..<nameEnd)
                        display.append(contentsOf: "${".utf8)
                        display.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[name]))
                        display.append(UInt8(ascii: "}"))
                        inherited = true
                        secret = true
                    }
                    return word(evaluating: false)
                }
            }
        }

        /// Reads the `}` that closes an open reference, and for a `${NAME?message}` whose variable is missing, fails
        /// with the message as displayed (a secret it names is shown as its `${NAME}`, never in clear).
        private mutating func close(_ reference: OpenReference) throws(Problem) {
            try close(reference.start)
            references += 1
            tokens?.append(Token(kind: .withWord, range: reference.start..<index, name: reference.name))
            guard let mark = reference.requiredMark else { return }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[reference.name]), as: UTF8.self)
            let detail =
                display.count > mark.display ? ": " + String(decoding: display[mark.display...], as: UTF8.self) : ""
            value.removeSubrange(mark.value...)
            display.removeSubrange(mark.display...)
            throw failure(
                "`\(name)` \(reference.variable == nil ? "is not set" : "is empty")\(detail)", reference.start..<index)
        }

        /// Reads the `}` that closes the reference starting at `start`.
        private mutating func close(_ start: Int) throws(Problem) {
            guard index < bytes.count else { throw failure(Interpolator.unterminatedWord, start..<start + 2) }
            index += 1
        }

        private func lookup(_ name: Range<Int>) -> Variable? {
            interpolator?.lookup(String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self))
        }

        /// Appends literal text.
        private mutating func append(_ literal: UnsafeBufferPointer<UInt8>, from start: Int) throws(Problem) {
            try reserve(literal.count, literal.count, start..<start + literal.count)
            value.append(contentsOf: literal)
            display.append(contentsOf: literal)
        }

        /// Appends `$`, shown as `$$` when it was written so.
        private mutating func appendDollar(escaped: Bool) throws(Problem) {
            try reserve(1, escaped ? 2 : 1, index..<index + (escaped ? 2 : 1))
            value.append(UInt8(ascii: "$"))
            display.append(UInt8(ascii: "$"))
            if escaped { display.append(UInt8(ascii: "$")) }
        }

        /// Appends a variable's value, shown as its display text or, without one, as `${NAME}`.
        private mutating func append(_ variable: Variable, named name: Range<Int>, from start: Int) throws(Problem) {
            let shownCount = variable.display?.utf8.count ?? name.count + 3
            try reserve(variable.value.utf8.count, shownCount, start..<name.upperBound)
            value.append(contentsOf: variable.value.utf8)
            if let shown = variable.display {
                display.append(contentsOf: shown.utf8)
            } else {
                display.append(contentsOf: "${".utf8)
                display.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[name]))
                display.append(UInt8(ascii: "}"))
            }
            inherited = inherited || variable.usesInvokingEnvironment
            secret = secret || variable.isSecret
        }

        /// The size guard: fails before the value (or its display) grows past what the destination takes.
        @inline(__always)
        private func reserve(_ valueCount: Int, _ displayCount: Int, _ source: Range<Int>) throws(Problem) {
            if value.count + valueCount > limit { throw .tooLong(source) }
            if display.count + displayCount > Interpolator.maximumDisplayLength { throw .displayTooLong(source) }
        }

        /// A failure at `range` of the bytes, in Unicode scalars.
        private func failure(_ message: String, _ range: Range<Int>) -> Problem {
            .failure(
                Failure(
                    message: message, offset: Interpolator.scalars(bytes, 0..<range.lowerBound),
                    length: max(1, Interpolator.scalars(bytes, range))))
        }
    }
}

extension Interpolator.Destination {
    /// How a message names the text: `` `PATH` ``, `this argument`, `this value`.
    fileprivate var subject: String {
        switch self {
        case .environment(let name): "`\(name)`"
        case .argument: "this argument"
        case .value: "this value"
        }
    }

    /// What a NUL byte cuts short.
    fileprivate var noun: String {
        switch self {
        case .environment: "an environment variable"
        case .argument: "an argument"
        case .value: "a value"
        }
    }
}

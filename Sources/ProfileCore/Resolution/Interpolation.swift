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

    /// Interpolates `text`.
    public func interpolate(_ text: String) throws(Failure) -> Output {
        let characters = Array(text)
        var index = 0
        return try interpolate(characters, &index, terminator: nil)
    }

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

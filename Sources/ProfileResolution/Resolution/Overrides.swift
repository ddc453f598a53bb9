import ProfileModel
import ProfilePlatform
import ProfileRuntime

/// Changes for one run, given on the command line instead of in a file. They apply after every profile.
package struct Overrides: Sendable {
    /// One change.
    package enum Item: Sendable {
        /// `--enable FLAG`.
        case enable(Located<String>)
        /// `--disable FLAG`.
        case disable(Located<String>)
        /// `--mock POINT=VARIANT`.
        case mock(Located<String>, Located<String>)
        /// `--value KEY=VALUE` (typed like a plain YAML scalar: `5` is an int).
        case value(Located<String>, Located<String>)
        /// `--env NAME=VALUE` (taken literally, not interpolated: the shell already did that).
        case setEnvironment(Located<String>, Located<String>)
        /// `--unset NAME`.
        case unsetEnvironment(Located<String>)
    }

    /// The changes, in the order given.
    package var items: [Item] = []

    /// No changes.
    package init(items: [Item] = []) { self.items = items }

    /// Whether there are none.
    package var isEmpty: Bool { items.isEmpty }
}

extension Overrides {
    /// The kinds of change, each made by one command-line option.
    package enum Kind: Sendable, CaseIterable {
        case enable, disable, mock, value, setEnvironment, unsetEnvironment

        /// What the option's text is, for messages: "a flag name", "POINT=VARIANT".
        package var expected: String {
            switch self {
            case .enable, .disable: return "a flag name"
            case .mock: return "POINT=VARIANT"
            case .value: return "KEY=VALUE"
            case .setEnvironment: return "NAME=VALUE"
            case .unsetEnvironment: return "a variable name"
            }
        }
    }

    /// Checks the text of one override option (`option` is its name as typed, `--mock`, for messages) and appends
    /// the change it makes. Returns the problem instead when the text is malformed: no `=` where a pair is
    /// expected, an invalid flag, key, variant or variable name, a variable `profile` reserves. Whether the names
    /// exist (in the catalog) is checked later, by the resolver.
    package mutating func append(_ kind: Kind, _ text: Located<String>, option: String) -> Diagnostic? {
        /// `KEY=VALUE` split at the first `=`, each half located.
        func pair() -> Result<(Located<String>, Located<String>), Diagnostic> {
            guard let equals = text.value.firstIndex(of: "=") else {
                return .failure(
                    .error("`\(option)` takes \(kind.expected), with `=`", at: text.location, length: text.length))
            }
            let key = String(text.value[..<equals])
            if key.isEmpty {
                return .failure(
                    .error(
                        "`\(option)` takes \(kind.expected): the name before `=` is missing", at: text.location,
                        length: text.length))
            }
            let value = String(text.value[text.value.index(after: equals)...])
            let valueLocation = SourceLocation(
                file: text.location.file,
                mark: Mark(
                    line: Int(text.location.mark.line),
                    column: Int(text.location.mark.column) + key.unicodeScalars.count + 1))
            return .success(
                (
                    Located(key, at: text.location, length: key.unicodeScalars.count),
                    Located(value, at: valueLocation, length: value.unicodeScalars.count)
                ))
        }
        func invalidKey(_ key: Located<String>, _ what: String) -> Diagnostic? {
            if Names.isValidKey(key.value) { return nil }
            return .error(
                "`\(key.value)` is not a valid \(what) name (words of letters, digits and `_`, joined by `.` or `-`)",
                at: key.location, length: key.length)
        }
        func invalidEnvironmentName(_ name: Located<String>) -> Diagnostic? {
            if let reserved = ReservedEnvironment.problem(setting: name) { return reserved }
            guard let problem = Names.environmentNameProblem(name.value) else { return nil }
            return .error(
                "`\(name.value)` is not a valid environment variable name: \(problem)", at: name.location,
                length: name.length)
        }
        switch kind {
        case .enable, .disable:
            if let problem = invalidKey(text, "flag") { return problem }
            items.append(kind == .enable ? .enable(text) : .disable(text))
        case .mock:
            switch pair() {
            case .failure(let problem): return problem
            case .success(let (point, variant)):
                if let problem = invalidKey(point, "mock point") { return problem }
                guard Names.isValidVariant(variant.value) else {
                    return .error(
                        "`\(variant.value)` is not a valid variant name", at: variant.location, length: variant.length)
                }
                items.append(.mock(point, variant))
            }
        case .value:
            switch pair() {
            case .failure(let problem): return problem
            case .success(let (key, value)):
                if let problem = invalidKey(key, "value") { return problem }
                items.append(.value(key, value))
            }
        case .setEnvironment:
            switch pair() {
            case .failure(let problem): return problem
            case .success(let (name, value)):
                if let problem = invalidEnvironmentName(name) { return problem }
                items.append(.setEnvironment(name, value))
            }
        case .unsetEnvironment:
            if let problem = invalidEnvironmentName(text) { return problem }
            items.append(.unsetEnvironment(text))
        }
        return nil
    }
}

/// The command line as a source file, so that a bad option gets a caret like a bad line in a profile.
package struct CommandLineSource: Sendable {
    /// The pseudo-file holding the arguments joined by spaces.
    package let file: SourceFile
    private let offsets: [Int]

    /// Builds the source from the arguments after the program name.
    package init(arguments: [String]) {
        var text = "profile"
        // Unicode scalars (the unit of columns) in `text`, counted as it grows (on the launch path of `run`).
        var count = 7
        var offsets: [Int] = []
        offsets.reserveCapacity(arguments.count)
        for argument in arguments {
            text += " "
            let quoted = ShellQuoting.quote(argument)
            // A quoted argument starts one character later ('...'), unless it holds quotes itself.
            offsets.append(count + 2 + (quoted.utf8.count != argument.utf8.count && !argument.contains("'") ? 1 : 0))
            text += quoted
            count += 1 + quoted.unicodeScalars.count
        }
        self.offsets = offsets
        file = SourceFile(path: "command line", bytes: Array(text.utf8))
    }

    /// The location of Unicode scalar `offset` (0-based) inside argument `index`.
    package func location(argument index: Int, offset: Int = 0) -> SourceLocation {
        let column = index < offsets.count ? offsets[index] + offset : 1
        return SourceLocation(file: file, mark: Mark(line: 1, column: column))
    }

    /// `text` located at argument `index` (plus `offset` Unicode scalars).
    package func located(_ text: String, argument index: Int, offset: Int = 0) -> Located<String> {
        Located(text, at: location(argument: index, offset: offset), length: text.unicodeScalars.count)
    }
}

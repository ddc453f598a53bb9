/// Changes for one run, given on the command line instead of in a file. They apply after every profile.
public struct Overrides: Sendable {
    /// One change.
    public enum Item: Sendable {
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
    public var items: [Item] = []

    /// No changes.
    public init(items: [Item] = []) { self.items = items }

    /// Whether there are none.
    public var isEmpty: Bool { items.isEmpty }
}

/// The command line as a source file, so that a bad option gets a caret like a bad line in a profile.
public struct CommandLineSource: Sendable {
    /// The pseudo-file holding the arguments joined by spaces.
    public let file: SourceFile
    private let offsets: [Int]

    /// Builds the source from the arguments after the program name.
    public init(arguments: [String]) {
        var text = "profile"
        var offsets: [Int] = []
        for argument in arguments {
            text += " "
            let quoted = ShellQuoting.quote(argument)
            // A quoted argument starts one character later ('...'), unless it holds quotes itself.
            offsets.append(text.count + 1 + (quoted != argument && !argument.contains("'") ? 1 : 0))
            text += quoted
        }
        self.offsets = offsets
        file = SourceFile(path: "command line", bytes: Array(text.utf8))
    }

    /// The location of character `offset` (0-based) inside argument `index`.
    public func location(argument index: Int, offset: Int = 0) -> SourceLocation {
        let column = index < offsets.count ? offsets[index] + offset : 1
        return SourceLocation(file: file, mark: Mark(line: 1, column: column))
    }

    /// `text` located at argument `index` (plus `offset` characters).
    public func located(_ text: String, argument index: Int, offset: Int = 0) -> Located<String> {
        Located(text, at: location(argument: index, offset: offset), length: text.count)
    }
}

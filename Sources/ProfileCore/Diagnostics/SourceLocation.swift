/// A 1-based line and column inside a YAML document.
public struct Mark: Sendable, Hashable, Comparable {
    /// The 1-based line.
    public var line: Int32
    /// The 1-based column, counted in characters.
    public var column: Int32

    /// Creates a mark from 1-based coordinates.
    public init(line: Int, column: Int) {
        self.line = Int32(truncatingIfNeeded: line)
        self.column = Int32(truncatingIfNeeded: column)
    }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A place in a file: what every diagnostic and every resolved entry points back to.
public struct SourceLocation: Sendable {
    /// The file.
    public let file: SourceFile
    /// The line and column inside it.
    public let mark: Mark

    /// Creates a location.
    public init(file: SourceFile, mark: Mark) {
        self.file = file
        self.mark = mark
    }

    /// `path:line:column`.
    public var description: String {
        mark.line == 0 ? file.path : "\(file.path):\(mark.line):\(mark.column)"
    }

    /// `path:line`, the short form used by `profile show`.
    public var shortDescription: String { "\(file.path):\(mark.line)" }
}

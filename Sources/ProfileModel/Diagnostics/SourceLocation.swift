/// A 1-based line and column inside a file.
///
/// The column counts **Unicode scalars** from the start of the line, as libyaml does (`é` written as `e` and a
/// combining accent is two columns). Every location in `profile` uses this unit — libyaml's marks, the command line,
/// the Xcode file scanners, interpolation offsets — and lengths (``Located/length``) count the same way; only the
/// renderer turns scalars into what a terminal shows (``DiagnosticRenderer``).
package struct Mark: Sendable, Hashable, Comparable {
    /// The 1-based line; 0 only for ``wholeFile``.
    package var line: Int32
    /// The 1-based column, counted in Unicode scalars.
    package var column: Int32

    /// Not a place inside the file but the file as a whole (an unreadable file, a file that is not UTF-8).
    package static let wholeFile = Mark(line: 0, column: 0)

    /// Whether this is ``wholeFile``.
    package var isWholeFile: Bool { line == 0 }

    /// Creates a mark from 1-based coordinates.
    package init(line: Int, column: Int) {
        self.line = Int32(truncatingIfNeeded: line)
        self.column = Int32(truncatingIfNeeded: column)
    }

    package static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A place in a file: what every diagnostic and every resolved entry points back to.
package struct SourceLocation: Sendable {
    /// The file.
    package let file: SourceFile
    /// The line and column inside it.
    package let mark: Mark

    /// Creates a location.
    package init(file: SourceFile, mark: Mark) {
        self.file = file
        self.mark = mark
    }

    /// The whole of `file`, not a place in it.
    package static func wholeFile(_ file: SourceFile) -> SourceLocation {
        SourceLocation(file: file, mark: .wholeFile)
    }

    /// Whether this is the whole file rather than a place in it.
    package var isWholeFile: Bool { mark.isWholeFile }

    /// `path:line:column`, or `path` for the whole file.
    package var description: String {
        isWholeFile ? file.path : "\(file.path):\(mark.line):\(mark.column)"
    }

    /// `path:line`, the short form used by `profile show` (`path` for the whole file).
    package var shortDescription: String { isWholeFile ? file.path : "\(file.path):\(mark.line)" }
}

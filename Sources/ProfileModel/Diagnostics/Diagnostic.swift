import ProfilePlatform

/// One problem found in the user's input, with where it is and, when there is a near miss, a suggestion.
package struct Diagnostic: Sendable, Error {
    /// How serious a diagnostic is.
    package enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    /// Error, warning or note.
    package var severity: Severity
    /// The message, a sentence without a trailing period. Names in it are quoted with backticks.
    package var message: String
    /// Where the problem is, when it is in a file.
    package var location: SourceLocation?
    /// How many characters of the line the caret underlines (at least 1).
    package var length: Int
    /// The near miss offered as "did you mean ...?".
    package var suggestion: String?
    /// Related places (for example the other half of a duplicate key).
    package var notes: [Diagnostic]
    /// Whether the source line is left out when the diagnostic is rendered, because it holds a secret (a value the
    /// catalog marks `secret: true`): the location alone says where to look.
    package var hidesExcerpt = false
    /// Whether the problem is an input file that could not be read at all (not a regular file, no permission, a name
    /// too long): the command exits 66 (`EX_NOINPUT`, as for a missing profiles directory) rather than 65.
    package var isUnreadableInput = false

    /// Creates a diagnostic.
    package init(
        _ severity: Severity = .error, _ message: String, at location: SourceLocation? = nil, length: Int = 1,
        suggestion: String? = nil, notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.length = max(1, length)
        self.suggestion = suggestion
        self.notes = notes
    }

    /// Creates an error diagnostic.
    package static func error(
        _ message: String, at location: SourceLocation? = nil, length: Int = 1, suggestion: String? = nil,
        notes: [Diagnostic] = []
    ) -> Diagnostic {
        Diagnostic(.error, message, at: location, length: length, suggestion: suggestion, notes: notes)
    }

    /// Creates a warning diagnostic.
    package static func warning(
        _ message: String, at location: SourceLocation? = nil, length: Int = 1, suggestion: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, message, at: location, length: length, suggestion: suggestion)
    }

    /// Creates a note, attached to another diagnostic.
    package static func note(_ message: String, at location: SourceLocation? = nil, length: Int = 1) -> Diagnostic {
        Diagnostic(.note, message, at: location, length: length)
    }

    /// An input file that could not be read (see ``FileSystem/read(_:)``), located at the file:
    /// `profiles/x.yml: error: cannot read this file: it is a FIFO (named pipe), not a regular file`; the command
    /// exits 66 (``isUnreadableInput``).
    package static func unreadable(_ path: String, _ failure: FileSystem.Failure) -> Diagnostic {
        var problem = Diagnostic.error(
            "cannot read this file: \(failure.why)", at: .wholeFile(SourceFile(path: path, bytes: [])))
        problem.isUnreadableInput = true
        return problem
    }

    /// This diagnostic with its source line left out (see ``hidesExcerpt``).
    package func hidingExcerpt(_ hides: Bool = true) -> Diagnostic {
        var copy = self
        copy.hidesExcerpt = hides
        return copy
    }

    /// The message with its suggestion: "unknown key `flgs`; did you mean `flags`?".
    package var fullMessage: String {
        guard let suggestion else { return message }
        return "\(message); did you mean `\(suggestion)`?"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any element is an error.
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// Whether any element is an error about an input file that could not be read (see
    /// ``Diagnostic/isUnreadableInput``).
    package var hasUnreadableInput: Bool { contains { $0.severity == .error && $0.isUnreadableInput } }

    /// Sorted by file, then position; diagnostics without a location first, in their order.
    package func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case (let l?, let r?):
                if l.file.path != r.file.path { return l.file.path < r.file.path }
                if l.mark != r.mark { return l.mark < r.mark }
                return a.offset < b.offset
            }
        }.map(\.element)
    }
}

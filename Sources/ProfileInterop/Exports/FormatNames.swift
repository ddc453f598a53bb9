import ProfileModel
import ProfileResolution

/// The variable names a text format cannot write. A profile's variable may be named anything without `=` or NUL
/// (``Names/isValidEnvironmentName(_:)``: `OPTION-B`, `io.sentry.sample-rate`), and the Xcode formats, `json` and
/// the payload hold every such name; `shell` and `dotenv` cannot:
///
/// - `shell` writes `export NAME='value'` and `unset NAME`, which a POSIX shell takes for identifiers only
///   (``Names/isShellIdentifier(_:)``);
/// - `dotenv` writes `NAME="value"`, which python-dotenv and docker compose read for a name without white space or
///   `#` (`OPTION-B`, `io.sentry.sample-rate` are fine).
///
/// Such a variable is an error at the place the profile sets it, rather than a line its reader would misread.
enum FormatNames {
    /// The error for the variables of `profile` whose names `holds` refuses, nil when every name fits; the first is
    /// the error, the others its notes.
    static func problem(
        _ profile: ResolvedProfile, format: String, holds: (String) -> Bool, rule: String
    ) -> Diagnostic? {
        let refused = profile.environment.filter { !holds($0.name) }
        guard let first = refused.first else { return nil }
        func message(_ name: String) -> String {
            "`\(name)` cannot be written in the `\(format)` format: \(rule); use `json` or `xcscheme`, or `profile run`"
        }
        return .error(
            message(first.name), at: first.origin, length: first.name.count,
            notes: refused.dropFirst().map { .note(message($0.name), at: $0.origin, length: $0.name.count) })
    }

    /// Whether `dotenv` can write `name`: no white space and no `#`, as python-dotenv reads an unquoted name.
    static func dotenvHolds(_ name: String) -> Bool {
        !name.unicodeScalars.contains { $0.properties.isWhitespace || $0 == "#" }
    }

    /// Refuses the names `shell` cannot write (``ShellFormat``).
    static func checkShell(_ profile: ResolvedProfile) throws(Diagnostic) {
        if let problem = problem(
            profile, format: "shell", holds: Names.isShellIdentifier,
            rule: "a shell's `export` takes letters, digits and `_`, not starting with a digit")
        {
            throw problem
        }
    }

    /// Refuses the names `dotenv` cannot write (``DotenvFormat``).
    static func checkDotenv(_ profile: ResolvedProfile) throws(Diagnostic) {
        if let problem = problem(
            profile, format: "dotenv", holds: dotenvHolds, rule: "a dotenv name holds no white space and no `#`")
        {
            throw problem
        }
    }
}

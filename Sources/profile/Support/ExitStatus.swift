/// The exit statuses of `profile`, documented in the README. A launched child's own status is passed through.
enum ExitStatus {
    /// Success.
    static let success: Int32 = 0
    /// `lint` found errors (and warnings-as-errors); `diff`-like checks failed.
    static let findings: Int32 = 1
    /// The command line is wrong (unknown option, missing `--`, malformed `KEY=VALUE`).
    static let usage: Int32 = 64
    /// The profiles have errors: nothing was launched.
    static let dataError: Int32 = 65
    /// No profiles directory, or a file could not be read.
    static let noInput: Int32 = 66
    /// An output file could not be written.
    static let cannotCreate: Int32 = 73
    /// The command was found but could not be executed (like `env`).
    static let cannotExecute: Int32 = 126
    /// The command was not found (like `env`).
    static let notFound: Int32 = 127
}

/// The exit statuses of `profile`, the one place they are decided (the README's table and `profile --help` say the
/// same). A launched child's own status is passed through.
package enum ExitStatus {
    /// Success.
    package static let success: Int32 = 0
    /// `lint` found errors (or warnings with `--strict`); `generate --check` found a stale file; `diff` found
    /// differences.
    package static let findings: Int32 = 1
    /// The command line is wrong (unknown option, no `--`, `--mock x` without `=`).
    package static let usage: Int32 = 64
    /// The profiles or the catalog have errors: nothing was launched.
    package static let dataError: Int32 = 65
    /// No profiles directory, or an input file could not be read (not a regular file — a FIFO, a socket, a device or
    /// a link to one —, no permission, a name too long for the file system): `list`, `run`, `show`, `export`,
    /// `lint`… exit with it rather than 65 whenever one of the profiles, overlays or the catalog they read is such a
    /// file.
    package static let noInput: Int32 = 66
    /// The system refused what a supervised run (`run --redact`, `run --watch`) needs before its launch (a pipe, a
    /// pseudo-terminal, a descriptor: too many open files): nothing was launched (sysexits' EX_OSERR).
    package static let systemError: Int32 = 71
    /// An output file could not be written.
    package static let cannotCreate: Int32 = 73
    /// The command was found but could not be executed (like `env`).
    package static let cannotExecute: Int32 = 126
    /// The command was not found (like `env`).
    package static let notFound: Int32 = 127

    /// The status a shell reports for a child that signal `number` ended: 128 + `number` (`run --each` exits with it
    /// when that run is the first that failed).
    package static func signaled(_ number: Int32) -> Int32 { 128 + number }

    /// Every status with a few words on what it means, in order (for help texts).
    package static let meanings: [(status: Int32, meaning: String)] = [
        (success, "success"),
        (findings, "lint findings, a stale generated file, or differences"),
        (usage, "usage error"),
        (dataError, "the profiles have errors (nothing launched)"),
        (noInput, "no profiles directory, or a file cannot be read"),
        (systemError, "the system refused a pipe or terminal for --redact/--watch (nothing launched)"),
        (cannotCreate, "cannot write output"),
        (cannotExecute, "command not executable"),
        (notFound, "command not found"),
    ]
}

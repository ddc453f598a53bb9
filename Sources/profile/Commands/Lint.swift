import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile lint`
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every profile (and the catalog): report all problems, exit 1 when any is an error."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, github
        }

        @OptionGroup var global: GlobalOptions

        @Option(help: "Output format: text (diagnostics with carets, on stderr), json or github (annotations, on stdout).")
        var format: Format = .text

        @Flag(help: "Treat warnings as errors.")
        var strict = false

        func run() throws {
            // One implementation with the hand-parsed fast path in main.swift (it exits when done).
            LintOptions(profilesDirectory: global.profilesDirectory, format: format.rawValue, strict: strict).run()
        }
    }
}

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
            do {
                let session = try Session(profilesDirectory: global.profilesDirectory)
                let diagnostics = Linter(repository: session.repository).run()
                switch format {
                case .text:
                    Terminal.report(diagnostics, environment: session.environment)
                    if diagnostics.isEmpty {
                        Terminal.error("\(session.repository.directory.names.count) profiles checked, no problems.\n")
                    }
                case .json: Terminal.out(DiagnosticFormats.json(diagnostics))
                case .github: Terminal.out(DiagnosticFormats.github(diagnostics))
                }
                let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
                if failing { throw Exit(status: ExitStatus.findings) }
            } catch let exit as Exit {
                throw exit.code
            }
        }
    }
}

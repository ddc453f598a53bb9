import ArgumentParser
import ProfileGeneration
import ProfileModel
import ProfilePlatform
import ProfileResolution

extension ProfileCommand {
    /// `profile lint [--format text|json|github] [--strict]`
    struct Lint: ParsableCommand {
        static let configuration = Grammar.lint.configuration(
            discussion: """
                Examples:
                  profile lint
                      Every profile and the catalog; every problem at once.
                  profile lint --strict --format github
                      In a GitHub Actions step: annotations, warnings fail.
                """)

        enum Format: String, CaseIterable {
            case text, json, github
        }

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @Option(name: Grammar.lintFormat.names, help: Grammar.lintFormat.help) var format: String?
        @Flag(name: Grammar.lintStrict.names, help: Grammar.lintStrict.help) var strict = false

        /// Lints, then exits with every loaded profile still alive: over a large directory, thousands of
        /// definitions are not freed one by one just before the process ends.
        static func execute(_ invocation: Invocation) async throws(Exit) -> Never {
            try invocation.requireValid()
            let session = try Session(profilesDirectory: invocation.profilesDirectory)
            var diagnostics = await Linter(repository: session.repository).run()
            // The editors' schema beside the profiles, when there is one, is current (like `generate --check`).
            if let stale = ProfileSchema.staleFile(in: session.repository) { diagnostics.append(stale) }
            if let stale = CatalogSchema.staleFile(in: session.repository) { diagnostics.append(stale) }
            switch invocation.value(of: Grammar.lintFormat).flatMap({ Format(rawValue: $0.value) }) ?? .text {
            case .json: Terminal.out(DiagnosticFormats.json(diagnostics))
            case .github: Terminal.out(DiagnosticFormats.github(diagnostics))
            case .text:
                Terminal.report(diagnostics, environment: session.environment)
                if diagnostics.isEmpty {
                    Terminal.error("\(session.repository.directory.names.count) profiles checked, no problems.\n")
                }
            }
            let strict = invocation.has(Grammar.lintStrict)
            let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
            // A file that could not be read was not checked: the status of an unreadable input, as for the directory.
            if diagnostics.hasUnreadableInput { terminate(ExitStatus.noInput) }
            terminate(failing ? ExitStatus.findings : ExitStatus.success)
        }
    }
}

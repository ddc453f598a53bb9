import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile generate swift [--output FILE] [--access internal|public] [--check]`
    struct Generate: ParsableCommand {
        static let configuration = Grammar.generate.configuration(
            discussion: """
                Writes one enum per mock point, `ProfileFlags`, `ProfileValues` and `LaunchProfiles` from \
                `profiles/_catalog.yml` and the non-abstract profiles. The output is deterministic: profiles are \
                resolved as if no environment variable were set. With --check, nothing is written: the command \
                exits 1 when the --output file is not what it would write (for CI).
                """)

        enum Language: String, CaseIterable {
            case swift
        }

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @Argument(help: Grammar.generateLanguage.help) var language: String
        @Option(name: Grammar.generateOutput.names, help: Grammar.generateOutput.help, completion: .file())
        var output: String?
        @Option(name: Grammar.generateAccess.names, help: Grammar.generateAccess.help) var access: String?
        @Flag(name: Grammar.generateCheck.names, help: Grammar.generateCheck.help) var check = false

        static func execute(_ invocation: Invocation) throws(Exit) {
            var invocation = invocation
            let output = invocation.value(of: Grammar.generateOutput)?.value
            let check = invocation.place(of: Grammar.generateCheck)
            if let check, output == nil {
                invocation.problems.append(
                    .error(
                        "--check compares with a file: give it with --output", at: check.location,
                        length: check.length))
            }
            try invocation.requireValid()
            let access =
                invocation.value(of: Grammar.generateAccess)
                .flatMap { SwiftGenerator.AccessLevel(rawValue: $0.value) } ?? .internal
            let session = try Session(profilesDirectory: invocation.profilesDirectory)
            let repository = session.repository
            guard repository.directory.catalogPath != nil else {
                let path = FileSystem.join(repository.directory.path, ProfileDirectory.catalogName + ".yml")
                Terminal.report(
                    [
                        .error(
                            "`profile generate swift` needs a catalog: create `\(path)` declaring the flags, mock "
                                + "points and values the app reads (see the README)")
                    ],
                    environment: session.environment)
                throw Exit(status: ExitStatus.dataError)
            }
            let generator = SwiftGenerator.forRepository(repository, access: access)
            var notes: [Diagnostic] = []
            for name in repository.directory.names {
                if let overlay = repository.directory.entries[name]?.overlayPath {
                    notes.append(
                        .warning(
                            "the personal overlay `\(overlay)` is applied to `LaunchProfiles` in the output, "
                                + "which then differs from a clean checkout's"))
                }
            }
            try session.finish(extra: notes)
            guard let generator else { throw Exit(status: ExitStatus.dataError) }
            let text = generator.render()
            guard let output else {
                Terminal.out(text)
                return
            }
            let existing = try? FileSystem.read(output)
            if check != nil {
                guard existing != Array(text.utf8) else { return }
                let state = existing == nil ? "does not exist" : "is out of date"
                Terminal.report(
                    [
                        .error(
                            "`\(output)` \(state): run `profile generate swift --output \(output)"
                                + (access == .public ? " --access public`" : "`"))
                    ],
                    environment: session.environment)
                throw Exit(status: ExitStatus.findings)
            }
            if existing == Array(text.utf8) { return }
            do {
                let parent = FileSystem.directoryName(output)
                if !FileSystem.isDirectory(parent) { try FileSystem.makeDirectory(parent) }
                try AtomicFile.write(Array(text.utf8), to: output)
            } catch {
                Terminal.report([.error("\(error)")], environment: session.environment)
                throw Exit(status: ExitStatus.cannotCreate)
            }
        }
    }
}

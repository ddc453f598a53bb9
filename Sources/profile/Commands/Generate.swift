import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile generate swift [--output FILE] [--access internal|public] [--check]`
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate typed Swift for the runtime library from the catalog and the runnable profiles.",
            discussion: """
                Writes one enum per mock point, `ProfileFlags`, `ProfileValues` and `LaunchProfiles` from \
                `profiles/_catalog.yml` and the non-abstract profiles. The output is deterministic: profiles are \
                resolved as if no environment variable were set. With --check, nothing is written: the command \
                exits 1 when the --output file is not what it would write (for CI).
                """
        )

        enum Language: String, ExpressibleByArgument, CaseIterable {
            case swift
        }

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The language to generate.")
        var language: Language

        @Option(
            name: [.short, .long], help: ArgumentHelp("Write to this file (default: standard output).", valueName: "file"),
            completion: .file())
        var output: String?

        @Option(help: "The access level of the generated declarations.")
        var access: SwiftGenerator.AccessLevel = .internal

        @Flag(help: "Write nothing; exit 1 when the --output file differs from what would be generated.")
        var check = false

        func validate() throws {
            if check && output == nil {
                throw ValidationError("--check compares with a file: give it with --output")
            }
        }

        func run() throws {
            do {
                let session = try Session(profilesDirectory: global.profilesDirectory)
                let repository = session.repository
                guard repository.directory.catalogPath != nil else {
                    let path = FileSystem.join(repository.directory.path, ProfileDirectory.catalogName + ".yml")
                    Terminal.report(
                        [.error("`profile generate swift` needs a catalog: create `\(path)` declaring the flags, mock "
                            + "points and values the app reads (see the README)")],
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
                if check {
                    guard existing != Array(text.utf8) else { return }
                    let state = existing == nil ? "does not exist" : "is out of date"
                    Terminal.report(
                        [.error("`\(output)` \(state): run `profile generate swift --output \(output)"
                            + (access == .public ? " --access public`" : "`"))],
                        environment: session.environment)
                    throw Exit(status: ExitStatus.findings)
                }
                if existing == Array(text.utf8) { return }
                do {
                    let parent = FileSystem.directoryName(output)
                    if !FileSystem.isDirectory(parent) { try FileSystem.makeDirectory(parent) }
                    try FileSystem.write(Array(text.utf8), to: output)
                } catch {
                    Terminal.report([.error(error.description)], environment: session.environment)
                    throw Exit(status: ExitStatus.cannotCreate)
                }
            } catch let exit as Exit {
                throw exit.code
            }
        }
    }
}

extension SwiftGenerator.AccessLevel: ExpressibleByArgument {}

import ArgumentParser
import ProfileGeneration
import ProfileModel
import ProfilePlatform

extension ProfileCommand {
    /// `profile generate swift [--output FILE] [--access internal|public] [--check]`
    struct Generate: ParsableCommand {
        static let configuration = Grammar.generate.configuration(
            discussion: """
                Writes one enum per mock point, `ProfileFlags`, `ProfileValues` and `LaunchProfiles` from \
                `profiles/_catalog.yml` and the non-abstract profiles; json-schema writes the JSON Schema of a \
                profile file refined by the catalog, catalog-schema the JSON Schema of the catalog file itself. The output is deterministic: profiles are \
                resolved as if no environment variable were set, and personal `.local` overlays are left out \
                unless --include-local. The options that change the output (--access, --include-local) are \
                recorded in the file's header; given none, the command uses the ones the --output file records. \
                With --check, nothing is written: the command exits 1 when the --output file is not what it would \
                write (for CI).

                Examples:
                  profile generate swift --output Sources/App/Profile+Generated.swift
                      Typed Swift from the catalog.
                  profile generate swift --output Sources/App/Profile+Generated.swift --check
                      In CI: exit \(ExitStatus.findings) when the file is stale.
                  profile generate json-schema --output profiles/profile.schema.json
                      The schema editors check profiles with.
                """)

        enum Language: String, CaseIterable {
            case swift
            /// The JSON Schema of a profile file, refined by the catalog when there is one.
            case jsonSchema = "json-schema"
            /// The JSON Schema of the catalog file itself (the same for every project).
            case catalogSchema = "catalog-schema"
        }

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @Argument(help: Grammar.generateLanguage.help) var language: String
        @Option(name: Grammar.generateOutput.names, help: Grammar.generateOutput.help, completion: .file())
        var output: String?
        @Option(name: Grammar.generateAccess.names, help: Grammar.generateAccess.help) var access: String?
        @Flag(name: Grammar.generateIncludeLocal.names, help: Grammar.generateIncludeLocal.help) var includeLocal =
            false
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
            let existing = output.flatMap { try? FileSystem.read($0) }
            let options = Self.options(invocation, existing: existing)
            let session = try Session(profilesDirectory: invocation.profilesDirectory)
            let text: String
            if invocation.firstWord == Language.jsonSchema.rawValue {
                text = try schema(session)
            } else if invocation.firstWord == Language.catalogSchema.rawValue {
                text = CatalogSchema.render()
            } else {
                text = try swift(session, options: options)
            }
            guard let output else {
                Terminal.out(text)
                return
            }
            let command = ["profile", "generate", invocation.firstWord ?? "swift", "--output", output]
            try write(
                text, to: output, existing: existing, check: check != nil, command: command + options.words, session)
        }

        /// The JSON Schema of a profile file: refined by the catalog when there is one (65 when it has errors).
        static func schema(_ session: Session) throws(Exit) -> String {
            let schema = ProfileSchema.forRepository(session.repository)
            try session.finish()
            return schema.render()
        }

        /// The typed Swift of the catalog and the runnable profiles.
        static func swift(_ session: Session, options: GenerationOptions) throws(Exit) -> String {
            let repository = SwiftGenerator.repository(for: session.repository.directory, options: options)
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
            let generator = SwiftGenerator.forRepository(repository, options: options)
            var notes: [Diagnostic] = []
            for name in repository.directory.names where options.includeLocal {
                if let overlay = repository.directory.entries[name]?.overlayPath {
                    notes.append(
                        .warning(
                            "the personal overlay `\(overlay)` is applied to `LaunchProfiles` in the output, "
                                + "which then differs from a clean checkout's"))
                }
            }
            notes += repository.diagnostics
            if !notes.hasErrors { notes += generator?.warnings ?? [] }
            Terminal.report(notes, environment: session.environment)
            if notes.hasErrors { throw Exit(status: ExitStatus.dataError) }
            guard let generator else { throw Exit(status: ExitStatus.dataError) }
            return generator.render()
        }

        /// Writes `text` to `output` (unless it holds it already), or with `check` only compares: exit 1 when it
        /// differs, naming `command` to run.
        static func write(
            _ text: String, to output: String, existing: [UInt8]?, check: Bool, command: [String], _ session: Session
        ) throws(Exit) {
            if check {
                guard existing != Array(text.utf8) else { return }
                let state = existing == nil ? "does not exist" : "is out of date"
                Terminal.report(
                    [
                        .error(
                            "`\(output)` \(state): run `" + command.map(ShellQuoting.quote).joined(separator: " ") + "`"
                        )
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

        /// The options that change the output: the ones given, or, when none is given, the ones the existing output
        /// file records in its header (so `--check` and a regeneration keep `--access public`).
        static func options(_ invocation: Invocation, existing: [UInt8]?) -> GenerationOptions {
            let access = invocation.value(of: Grammar.generateAccess)
            let includeLocal = invocation.has(Grammar.generateIncludeLocal)
            if access == nil, !includeLocal, let existing, let recorded = GenerationOptions.recorded(in: existing) {
                return recorded
            }
            return GenerationOptions(
                access: access.flatMap { SwiftGenerator.AccessLevel(rawValue: $0.value) } ?? .internal,
                includeLocal: includeLocal)
        }
    }
}

import ArgumentParser
import ProfileInterop
import ProfileModel
import ProfilePlatform
import ProfileResolution

extension ProfileCommand {
    /// `profile import FORMAT FILE --name NAME [--action A] [--configuration C] [--force] [--stdout]`, FORMAT one of
    /// ``ImportFormats/all``
    struct Import: ParsableCommand {
        static let configuration = Grammar.`import`.configuration(
            discussion: """
                Formats:
                \(formatList)

                Writes profiles/<name>.yml from the arguments and environment the file gives a launch. Arguments \
                keep their order, an Xcode entry of several words becomes a group, and with a catalog Xcode \
                `-key value` entries of declared keys become flags, mocks and values. Unchecked entries are kept as \
                comments. A PROFILE_PAYLOAD entry brings in the typed layer of an earlier export. VS Code's \
                `${env:NAME}` becomes `${NAME}`; its other variables (`${workspaceFolder}`) are kept as text. A \
                scheme, test plan or launch.json gains the record of what was imported (a PROFILE_PAYLOAD entry), so \
                that export --update rewrites the entries you edit in the profile in place. Never overwrites a file \
                (exit \(ExitStatus.cannotCreate)) unless --force; --stdout prints the profile instead. Bad input is reported with its place \
                and nothing is written (exit \(ExitStatus.dataError)).

                Examples:
                  profile import xcscheme App.xcscheme --name uitest
                      A scheme's Run action as profiles/uitest.yml.
                  profile import xctestplan App.xctestplan --configuration German --name german
                      One test plan configuration.
                  profile import vscode .vscode/launch.json --configuration Debug --name dev
                      One VS Code launch configuration.
                """)

        /// One line per format: its name and what it reads (``ImportFormats/all``).
        static var formatList: String {
            let width = ImportFormats.all.map(\.name.count).max() ?? 0
            return ImportFormats.all.map { format in
                "  " + format.name + String(repeating: " ", count: width - format.name.count + 2) + format.summary
            }.joined(separator: "\n")
        }

        /// The options only some formats take, with what each chooses (``ImportFormat/options``).
        static let formatOptions: [(option: Grammar.Option, kind: ImportOptions, chooses: String)] = [
            (Grammar.importAction, .action, "the scheme action"),
            (Grammar.importConfiguration, .configuration, "the configuration"),
        ]

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @Argument(help: Grammar.importFormat.help) var format: String
        @Argument(
            help: Grammar.importFile.help, completion: .file(extensions: ImportFormats.fileExtensions))
        var file: String
        @Option(name: Grammar.importName.names, help: Grammar.importName.help) var name: String?
        @Option(name: Grammar.importAction.names, help: Grammar.importAction.help) var action: String?
        @Option(name: Grammar.importConfiguration.names, help: Grammar.importConfiguration.help)
        var configuration: String?
        @Flag(name: Grammar.importForce.names, help: Grammar.importForce.help) var force = false
        @Flag(name: Grammar.importStdout.names, help: Grammar.importStdout.help) var stdout = false

        static func execute(_ invocation: Invocation) throws(Exit) {
            var invocation = invocation
            let environment = EnvironmentTable.current()
            // The reader took only a known format.
            let format = invocation.firstWord.flatMap(ImportFormats.named)
            let file = invocation.words(of: 1).first
            let name = invocation.value(of: Grammar.importName)
            let action = invocation.value(of: Grammar.importAction)
            let configuration = invocation.value(of: Grammar.importConfiguration)
            let toStandardOutput = invocation.has(Grammar.importStdout)
            if let name, let problem = Names.profileNameProblem(name.value) {
                invocation.problems.append(
                    .error(
                        "`\(name.value)` is not a valid profile name: \(problem)", at: name.location,
                        length: name.length))
            } else if name == nil, format != nil, file != nil {
                invocation.problems.append(
                    .error("name the profile to write: `profile import \(format!.name) <file> --name <name>`"))
            }
            for (option, kind, chooses) in formatOptions {
                let given = invocation.value(of: option)
                if let given, let format, !format.options.contains(kind) {
                    let place = invocation.place(of: option) ?? given
                    let formats = ImportFormats.names(taking: kind) { "`import \($0)`" }
                    invocation.problems.append(
                        .error(
                            "`\(option.name)` chooses \(chooses) for \(formats)", at: place.location,
                            length: place.length))
                } else if given == nil, let format, format.requiredOptions.contains(kind), file != nil {
                    let value = option.value.map { " <\($0.name)>" } ?? ""
                    invocation.problems.append(
                        .error(
                            "name \(chooses) to import from the \(format.file): `profile import \(format.name) <file> "
                                + "\(option.name)\(value) --name <name>`"))
                }
            }
            try invocation.requireValid(environment: environment)
            guard let format, let file, let name else { throw Exit(status: ExitStatus.usage) }

            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(file.value)
            } catch {
                Terminal.report([.unreadable(file.value, error)], environment: environment)
                throw Exit(status: ExitStatus.noInput)
            }
            // The catalog types `-key value` entries. Printing needs no profiles directory (then no catalog).
            var repository: ProfileRepository?
            do {
                let directory = try ProfileDirectory.locate(
                    explicit: invocation.profilesDirectory, environment: environment)
                repository = ProfileRepository(directory: directory)
            } catch {
                if !toStandardOutput {
                    Terminal.report([error], environment: environment)
                    throw Exit(status: ExitStatus.noInput)
                }
            }
            let catalog = repository?.catalog
            if let repository, repository.diagnostics.hasErrors {
                Terminal.report(repository.diagnostics, environment: environment)
                throw Exit(
                    status: repository.diagnostics.hasUnreadableInput ? ExitStatus.noInput : ExitStatus.dataError)
            }

            // Refused before importing: an existing profile is never overwritten without --force.
            var destination = ""
            var replacing = false
            let force = invocation.has(Grammar.importForce)
            if let repository, !toStandardOutput {
                let existing = repository.directory.entries[name.value]?.path
                destination = existing ?? FileSystem.join(repository.directory.path, name.value + ".yml")
                replacing = existing != nil || FileSystem.exists(destination)
                if replacing, !force {
                    Terminal.report(
                        [
                            .error(
                                "`\(destination)` already exists; `profile import` never overwrites a file (`--force` "
                                    + "replaces it, `--stdout` prints the profile)")
                        ],
                        environment: environment)
                    throw Exit(status: ExitStatus.cannotCreate)
                }
            }

            let source = ImportSource(
                format, action: action.flatMap { XcodeImportAction(rawValue: $0.value) } ?? .launch,
                configuration: configuration?.value)
            let output = ProfileImporter.importProfile(bytes, path: file.value, from: source, catalog: catalog)
            Terminal.report((repository?.diagnostics ?? []) + output.diagnostics, environment: environment)
            guard let text = output.text, !output.diagnostics.hasErrors else {
                throw Exit(status: ExitStatus.dataError)
            }
            guard !toStandardOutput, repository != nil else {
                Terminal.out(text)
                return
            }

            do {
                try AtomicFile.write(Array(text.utf8), to: destination, if: force ? .none : .absent)
            } catch {
                Terminal.report([.error(error.description)], environment: environment)
                throw Exit(status: ExitStatus.cannotCreate)
            }
            Terminal.out("\(replacing ? "replaced" : "created") \(destination)\n")
            record(
                bytes, file: file.value, source: source, profile: name, invocation: invocation, environment: environment
            )
        }

        /// Writes the record of the profile just written into the Xcode file it came from (``ImportRecord``), so that
        /// `export --update` rewrites the imported entries in place once the profile changes them. A profile that
        /// cannot be resolved (a `${NAME:?}` unset) or a file changed meanwhile leaves the file as it is, with a
        /// warning: the profile is written either way.
        static func record(
            _ bytes: [UInt8], file: String, source: ImportSource, profile name: Located<String>,
            invocation: Invocation, environment: EnvironmentTable
        ) {
            let skipped = { (why: Diagnostic) in
                Terminal.report(
                    [
                        .warning(
                            "the record of the imported entries was not written in `\(file)` (\(why.message)): "
                                + "`export --update` adds it with the first change")
                    ], environment: environment)
            }
            do throws(Diagnostic) {
                let directory = try ProfileDirectory.locate(
                    explicit: invocation.profilesDirectory, environment: environment)
                let repository = ProfileRepository(directory: directory)
                guard
                    let profile = Resolver(repository: repository).resolve([name], environment: environment)
                else {
                    skipped(repository.diagnostics.first { $0.severity == .error } ?? .error("it does not resolve"))
                    return
                }
                guard let output = try ImportRecord.update(bytes, path: file, from: source, with: profile) else {
                    return
                }
                try output.write(to: file)
                if output.bytes != bytes { Terminal.out("recorded its entries in \(file)\n") }
            } catch {
                skipped(error)
            }
        }
    }
}

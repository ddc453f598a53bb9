import ArgumentParser
import ProfileInterop
import ProfileModel
import ProfilePlatform
import ProfileResolution
import ProfileRuntime

extension ProfileCommand {
    /// `profile export FORMAT NAME... [overrides] [--reveal] [--output FILE] [--update FILE] [--action launch|test]`
    struct Export: ParsableCommand {
        static let configuration = Grammar.export.configuration(
            discussion: """
                Formats:
                \(formatList)

                Launch arguments are the profile's arguments, then its flags, mocks and values as `-key value`; the \
                environment is the profile's changes, then \(WireFormat.environmentVariable). Formats for files \
                meant to be read and committed (\(committedFormats)) write values taken from the invoking \
                environment as their reference (`${NAME}`; `${env:NAME}` in vscode) unless --reveal is given; the \
                others write exact values. --update merges the profile's entries into an existing .xcscheme (its Run \
                action, or its Test action with --action test), .xctestplan (its defaultOptions, or one \
                configuration's options with --configuration) or VS Code launch.json (the configuration named by \
                --configuration, default the profiles' names joined by `+`, added when missing): the user's own \
                entries, enabled or not, keep their bytes and places, entries an earlier export wrote and the \
                profile no longer has are removed, and a file changed on disk meanwhile is not overwritten (exit \
                73). With --output it writes the result there instead (`--output -` prints it).

                Examples:
                  profile export arguments-json uitest
                      For XCUIApplication.launchArguments.
                  eval \"$(profile export shell uitest)\"
                      This shell gets the child's environment.
                  profile export vscode uitest --update .vscode/launch.json
                      Keep a VS Code launch configuration in sync.
                """)

        /// One line per format: its name and what it writes (``ExportFormats/all``).
        static var formatList: String {
            let width = ExportFormats.all.map(\.name.count).max() ?? 0
            return ExportFormats.all.map { format in
                "  " + format.name + String(repeating: " ", count: width - format.name.count + 2) + format.summary
            }.joined(separator: "\n")
        }

        /// The formats that write references, for help.
        static var committedFormats: String {
            ExportFormats.all.filter { !$0.writesExactValues }.map(\.name).joined(separator: ", ")
        }

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions
        @Argument(help: Grammar.exportFormat.help) var format: String
        @Argument(help: Grammar.profiles.help) var profiles: [String]
        @Flag(name: Grammar.exportReveal.names, help: Grammar.exportReveal.help) var reveal = false
        @Option(name: Grammar.exportOutput.names, help: Grammar.exportOutput.help, completion: .file())
        var output: String?
        @Option(
            name: Grammar.exportUpdate.names, help: Grammar.exportUpdate.help,
            completion: .file(extensions: ["xcscheme", "xctestplan", "json"]))
        var update: String?
        @Option(name: Grammar.exportAction.names, help: Grammar.exportAction.help) var action: String?
        @Option(name: Grammar.exportConfiguration.names, help: Grammar.exportConfiguration.help)
        var configuration: String?
        @Option(name: Grammar.prefix.names, help: Grammar.prefix.help) var prefix: String?

        static func execute(_ invocation: Invocation) throws(Exit) {
            let session = try Session(profilesDirectory: invocation.profilesDirectory, checking: invocation)
            // The reader took only a known format (else no profile either, and the session exited).
            let format = invocation.firstWord.flatMap(ExportFormats.named) ?? JSONFormat()
            let update = invocation.value(of: Grammar.exportUpdate)
            let action = invocation.value(of: Grammar.exportAction)
            let configuration = invocation.value(of: Grammar.exportConfiguration)
            var problems = invocation.problems
            /// An option given to a format that does not take it.
            func refuse(_ option: Grammar.Option, _ given: Located<String>, _ message: String) {
                let place = invocation.place(of: option) ?? given
                problems.append(.error(message, at: place.location, length: place.length))
            }
            if let update, !format.options.contains(.update) {
                refuse(
                    Grammar.exportUpdate, update,
                    "`--update` works with \(ExportFormats.names(taking: .update)), not `\(format.name)`")
            }
            if let action, update == nil || !format.options.contains(.action) {
                refuse(
                    Grammar.exportAction, action,
                    "`--action` chooses the scheme action `--update <file>` writes in "
                        + "(\(ExportFormats.names(taking: .action)))")
            }
            if let configuration, update == nil || !format.options.contains(.configuration) {
                refuse(
                    Grammar.exportConfiguration, configuration,
                    "`--configuration` chooses the configuration `--update <file>` writes in "
                        + "(\(ExportFormats.names(taking: .configuration)))")
            }
            let prefix = invocation.value(of: Grammar.prefix)
            if let prefix, !format.options.contains(.prefix) {
                refuse(
                    Grammar.prefix, prefix,
                    "`--prefix` works with \(ExportFormats.names(taking: .prefix)), not `\(format.name)`")
            }
            if let prefix, let problem = Delivery.prefixProblem(prefix) { problems.append(problem) }
            var resolved = try session.resolve(invocation, purpose: .run, problems: problems)
            if let prefix, !prefix.value.isEmpty { resolved.delivery = Delivery(prefix: prefix.value) }
            let reveal = invocation.has(Grammar.exportReveal)
            let file = try update.map { (update) throws(Exit) in try read(update.value, session: session) }
            let result: ExportOutput
            do throws(Diagnostic) {
                if let update, let file {
                    result = try format.update(
                        file, path: update.value, with: resolved, reveal: reveal,
                        target: ExportTarget(
                            action: action.flatMap { XcodeSchemeAction(rawValue: $0.value) } ?? .launch,
                            configuration: configuration?.value))
                } else {
                    result = try format.render(resolved, reveal: reveal)
                }
            } catch {
                Terminal.report([error], environment: session.environment)
                throw Exit(status: ExitStatus.dataError)
            }
            Terminal.report(result.warnings, environment: session.environment)
            if let destination = (invocation.value(of: Grammar.exportOutput) ?? update)?.value, destination != "-" {
                do throws(Diagnostic) {
                    // An update is written only if the file still holds what it was read from.
                    try result.write(to: destination)
                } catch {
                    Terminal.report([error], environment: session.environment)
                    throw Exit(status: ExitStatus.cannotCreate)
                }
            } else {
                Terminal.out(result.text)
            }
        }

        /// The file to update, or exit 66 when it cannot be read.
        private static func read(_ path: String, session: Session) throws(Exit) -> [UInt8] {
            do {
                return try FileSystem.read(path)
            } catch {
                Terminal.report([.unreadable(path, error)], environment: session.environment)
                throw Exit(status: ExitStatus.noInput)
            }
        }
    }
}

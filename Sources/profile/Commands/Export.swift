import ArgumentParser
import ProfileCore
import ProfileRuntime

extension ProfileCommand {
    /// `profile export FORMAT NAME... [overrides] [--reveal] [--output FILE] [--update FILE] [--action launch|test]`
    struct Export: ParsableCommand {
        static let configuration = Grammar.export.configuration(
            discussion: """
                Launch arguments are the profile's arguments, then its flags, mocks and values as `-key value`; the \
                environment is the profile's changes, then \(WireFormat.environmentVariable). arguments, \
                arguments-json, xcscheme and xctestplan (files meant to be read and committed) write values taken \
                from the invoking environment as their `${NAME}` reference unless --reveal is given; shell, dotenv \
                and json write exact values. --update merges the profile's entries into an existing .xcscheme (its Run \
                action, or its Test action with --action test) or .xctestplan (its defaultOptions, or one \
                configuration's options with --configuration): the user's own entries, enabled or not, keep their \
                bytes and places, entries an earlier export wrote and the profile no longer has are removed, and a \
                file changed on disk meanwhile is not overwritten (exit 73). With --output it writes the result there \
                instead (`--output -` prints it).

                Examples:
                  profile export arguments-json uitest
                      For XCUIApplication.launchArguments.
                  eval \"$(profile export shell uitest)\"
                      This shell gets the child's environment.
                  profile export xcscheme uitest --update App.xcscheme --action test
                      Keep a scheme's Test action in sync.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions
        @Argument(help: Grammar.exportFormat.help) var format: String
        @Argument(help: Grammar.profiles.help) var profiles: [String]
        @Flag(name: Grammar.exportReveal.names, help: Grammar.exportReveal.help) var reveal = false
        @Option(name: Grammar.exportOutput.names, help: Grammar.exportOutput.help, completion: .file())
        var output: String?
        @Option(
            name: Grammar.exportUpdate.names, help: Grammar.exportUpdate.help,
            completion: .file(extensions: ["xcscheme", "xctestplan"]))
        var update: String?
        @Option(name: Grammar.exportAction.names, help: Grammar.exportAction.help) var action: String?
        @Option(name: Grammar.exportConfiguration.names, help: Grammar.exportConfiguration.help)
        var configuration: String?
        @Option(name: Grammar.prefix.names, help: Grammar.prefix.help) var prefix: String?

        static func execute(_ invocation: Invocation) throws(Exit) {
            let session = try Session(profilesDirectory: invocation.profilesDirectory, checking: invocation)
            // The reader took only a known format (else no profile either, and the session exited).
            let format = invocation.firstWord.flatMap(ExportFormat.init(rawValue:)) ?? .json
            let update = invocation.value(of: Grammar.exportUpdate)
            let action = invocation.value(of: Grammar.exportAction)
            let configuration = invocation.value(of: Grammar.exportConfiguration)
            var problems = invocation.problems
            if let update, !format.canUpdateFiles {
                let place = invocation.place(of: Grammar.exportUpdate) ?? update
                problems.append(
                    .error(
                        "`--update` works with `xcscheme` and `xctestplan`, not `\(format.rawValue)`",
                        at: place.location, length: place.length))
            }
            if let action, update == nil || format != .xcscheme {
                let place = invocation.place(of: Grammar.exportAction) ?? action
                problems.append(
                    .error(
                        "`--action` chooses the scheme action for `xcscheme --update <file>`", at: place.location,
                        length: place.length))
            }
            if let configuration, update == nil || format != .xctestplan {
                let place = invocation.place(of: Grammar.exportConfiguration) ?? configuration
                problems.append(
                    .error(
                        "`--configuration` chooses the test plan configuration for `xctestplan --update <file>`",
                        at: place.location, length: place.length))
            }
            let prefix = invocation.value(of: Grammar.prefix)
            if let prefix, format != .shell, format != .dotenv {
                let place = invocation.place(of: Grammar.prefix) ?? prefix
                problems.append(
                    .error(
                        "`--prefix` works with `shell` and `dotenv`, not `\(format.rawValue)`", at: place.location,
                        length: place.length))
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
                        action: action.flatMap { XcodeSchemeAction(rawValue: $0.value) } ?? .launch,
                        configuration: configuration?.value)
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

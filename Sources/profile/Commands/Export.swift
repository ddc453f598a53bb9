import ArgumentParser
import ProfileCore

extension ExportFormat: ExpressibleByArgument {}
extension XcodeSchemeAction: ExpressibleByArgument {}

extension ProfileCommand {
    /// `profile export FORMAT NAME... [overrides] [--reveal] [--output FILE] [--update FILE] [--action launch|test]`
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a resolved profile in another tool's format.",
            usage: "profile export <format> <profile>... [<overrides>] [--reveal] [--output <file>] [--update <file>]",
            discussion: """
                Launch arguments are the profile's arguments, then its flags, mocks and values as `-key value`; the \
                environment is the profile's changes, then PROFILE_PAYLOAD. arguments, arguments-json, xcscheme and \
                xctestplan (files meant to be read and committed) write values taken from the invoking environment as \
                their `${NAME}` reference unless --reveal is given; shell, dotenv and json write exact values. \
                --update rewrites only the entries of an existing .xcscheme (in its Run action, or its Test action \
                with --action test) or .xctestplan (in its defaultOptions); with --output it writes the result there \
                instead (`--output -` prints it).
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var overrides: OverrideOptions

        @Argument(help: ArgumentHelp("The format to write.", valueName: "format"))
        var format: ExportFormat

        @Argument(help: ArgumentHelp("The profiles to apply, in order.", valueName: "profile"))
        var profiles: [String]

        @Flag(help: "Write values taken from the invoking environment (`${API_TOKEN}`) in full.")
        var reveal = false

        @Option(
            help: ArgumentHelp("Write to this file instead of standard output (`-`: standard output).",
                               valueName: "file"),
            completion: .file())
        var output: String?

        @Option(
            help: ArgumentHelp(
                "Rewrite the entries inside this existing .xcscheme or .xctestplan, leaving the rest of it as it is.",
                valueName: "file"),
            completion: .file(extensions: ["xcscheme", "xctestplan"]))
        var update: String?

        @Option(help: ArgumentHelp("The scheme action `--update` rewrites (default: launch).", valueName: "action"))
        var action: XcodeSchemeAction?

        /// The options of `export` that take a value, so that their values are not taken for profile names.
        static let valueOptions: Set<String> = ["--output", "--update", "--action"]

        func validate() throws {
            if update != nil, !format.canUpdateFiles {
                throw ValidationError("`--update` works with `xcscheme` and `xctestplan`, not `\(format.rawValue)`.")
            }
            if action != nil, update == nil || format != .xcscheme {
                throw ValidationError("`--action` chooses the scheme action for `xcscheme --update <file>`.")
            }
        }

        func run() throws {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let start = (arguments.firstIndex(of: "export") ?? 0) + 1
            var request = OverrideSyntax.scan(arguments, from: start, skipping: Self.valueOptions)
            // The first word is the format (already parsed); the profile names follow it.
            if let first = request.names.first, first.value == format.rawValue { request.names.removeFirst() }
            do {
                let session = try Session(profilesDirectory: request.profilesDirectory)
                let resolved = try session.resolve(request, purpose: .run)
                let result: ExportOutput
                do {
                    if let update {
                        let file = try read(update, session: session)
                        result = try format.update(
                            file, path: update, with: resolved, reveal: reveal, action: action ?? .launch)
                    } else {
                        result = try format.render(resolved, reveal: reveal)
                    }
                } catch let diagnostic as Diagnostic {
                    Terminal.report([diagnostic], environment: session.environment)
                    throw Exit(status: ExitStatus.dataError)
                }
                Terminal.report(result.warnings, environment: session.environment)
                if let destination = output ?? update, destination != "-" {
                    do {
                        try FileSystem.write(result.bytes, to: destination)
                    } catch {
                        Terminal.report([.error(error.description)], environment: session.environment)
                        throw Exit(status: ExitStatus.cannotCreate)
                    }
                } else {
                    Terminal.out(result.text)
                }
            } catch let exit as Exit {
                throw exit.code
            }
        }

        /// The file to update, or exit 66 when it cannot be read.
        private func read(_ path: String, session: Session) throws -> [UInt8] {
            do {
                return try FileSystem.read(path)
            } catch {
                Terminal.report([.error(error.description)], environment: session.environment)
                throw Exit(status: ExitStatus.noInput)
            }
        }
    }
}

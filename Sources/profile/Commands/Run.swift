import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile run NAME... [overrides] -- CMD ARGS...`
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Launch a command with one or more profiles (exec: same pid, the command's own exit status).",
            usage: "profile run <profile>... [<overrides>] -- <command> [<argument>...]",
            discussion: """
                The command receives its arguments as typed followed by the profile's `arguments`, and the \
                profile's environment. Flags, mocks and values travel in $PROFILE_PAYLOAD for the runtime library. \
                Several profiles apply in the order given (later wins). Nothing is launched when any profile has an \
                error.
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var overrides: OverrideOptions

        @Argument(help: ArgumentHelp("The profiles to apply, in order; then `--` and the command with its arguments.",
                                     valueName: "profile"))
        var profilesThenCommand: [String] = []

        func run() throws {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let start = (arguments.firstIndex(of: "run") ?? 0) + 1
            let request = OverrideSyntax.scan(arguments, from: start)
            do {
                try Launch.perform(request)
            } catch {
                throw error.code
            }
        }
    }
}

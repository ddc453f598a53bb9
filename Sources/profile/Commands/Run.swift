import ArgumentParser
import ProfileCore
import ProfileRuntime

extension ProfileCommand {
    /// `profile run NAME... [overrides] -- CMD ARGS...`
    struct Run: ParsableCommand {
        static let configuration = Grammar.run.configuration(
            discussion: """
                The command receives its arguments as typed followed by the profile's `arguments`, and the \
                profile's environment. Flags, mocks and values travel in $\(WireFormat.environmentVariable) for the \
                runtime library. Several profiles apply in the order given (later wins). Nothing is launched when \
                any profile has an error.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions

        @Argument(help: Grammar.profiles.help) var profiles: [String] = []

        /// Resolves the profiles, then replaces this process with the command. Only returns (by throwing) when
        /// nothing could be launched.
        static func execute(_ invocation: Invocation) throws(Exit) -> Never {
            // With profiles named, they are checked too: every problem of the run is reported at once (exit 64 when
            // the command line itself is wrong).
            let session = try Session(profilesDirectory: invocation.profilesDirectory, checking: invocation)
            let resolved = try session.resolve(invocation, purpose: .run)
            let failure = Launcher.exec(
                arguments: resolved.argv(command: invocation.wrapped), environment: resolved.childEnvironment)
            Terminal.report([.error(failure.message)], environment: session.environment)
            throw Exit(status: failure.exitStatus)
        }
    }
}

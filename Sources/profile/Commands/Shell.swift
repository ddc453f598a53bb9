import ArgumentParser
import ProfileModel
import ProfilePlatform
import ProfileRuntime

extension ProfileCommand {
    /// `profile shell NAME... [overrides]`
    struct Shell: ParsableCommand {
        static let configuration = Grammar.shell.configuration(
            discussion: """
                Replaces `profile` with an interactive $SHELL (else /bin/sh) that has the profile's environment and \
                $\(WireFormat.environmentVariable), and $\(ReservedEnvironment.active) set to the profiles applied \
                (`uitest`, `uitest+offline`) for your prompt. The profile's arguments are not appended to anything: \
                apps launched from the shell read them from the payload. `exit` returns to the shell you were in, as \
                it was. Inside it, `profile run` and `profile shell` apply their profiles on top of this one.

                Examples:
                  profile shell uitest
                      A shell with the uitest profile; `exit` leaves it.
                  profile shell uitest offline --enable inMemorySettings
                      Two profiles and an override, in that order.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions
        @Argument(help: Grammar.profiles.help) var profiles: [String] = []

        /// Resolves the profiles on top of any outer one, then replaces this process with the shell. Only returns (by
        /// throwing) when nothing could be started.
        static func execute(_ invocation: Invocation) throws(Exit) -> Never {
            let session = try Session(profilesDirectory: invocation.profilesDirectory, checking: invocation)
            var resolved = try session.resolve(invocation, purpose: .run, composing: true)
            resolved.appendsArguments = false
            var environment = resolved.childEnvironment
            environment[ReservedEnvironment.active] = resolved.activeName
            let shell = environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
            Terminal.error(
                "profile: a shell with \(resolved.activeName) (\(ReservedEnvironment.active)=\(resolved.activeName)); "
                    + "`exit` to leave it\n")
            let failure = Launcher.exec(arguments: [shell, "-i"], environment: environment)
            Terminal.report([.error(failure.message)], environment: session.environment)
            throw Exit(status: failure.exitStatus)
        }
    }
}

import ArgumentParser
import ProfilePlatform
import ProfileResolution

extension ProfileCommand {
    /// `profile redact NAME... [overrides]`: standard input to standard output with the profiles' secret values
    /// masked, as `run --redact` masks a child's output.
    struct Redact: ParsableCommand {
        static let configuration = Grammar.redact.configuration(
            discussion: """
                The values masked are the ones `profile show` hides: catalog `secret: true` entries, values taken \
                from the invoking environment through `${…}` and values built from them, each written as \
                <secret:NAME>. A value shorter than \(Redaction.minimumMaskedLength) bytes is left alone, with a \
                warning.

                Examples:
                  xcodebuild test 2>&1 | profile redact staging
                      A log with the staging profile's secrets masked.
                  profile redact staging < build.log > build-redacted.log
                      The same for a log written earlier.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions
        @Argument(help: Grammar.profiles.help) var profiles: [String]

        static func execute(_ invocation: Invocation) throws(Exit) {
            let session = try Session(profilesDirectory: invocation.profilesDirectory, checking: invocation)
            let resolved = try session.resolve(invocation, purpose: .inspect, composing: true)
            let secrets = Redaction.outputSecrets(resolved, invoking: session.environment)
            ProfileCommand.Run.warnUnmasked(secrets, environment: session.environment)
            guard RedactedCopy.copy(from: 0, to: 1, redactor: secrets.redactor) else {
                Terminal.report([.error("cannot read standard input")], environment: session.environment)
                throw Exit(status: ExitStatus.noInput)
            }
        }
    }
}

import ArgumentParser
import ProfileResolution

extension ProfileCommand {
    /// `profile show NAME... [overrides] [--json] [--reveal]`
    struct Show: ParsableCommand {
        static let configuration = Grammar.show.configuration(
            discussion: """
                Examples:
                  profile show uitest
                      What the child receives, and the file:line of each entry.
                  profile show uitest offline --mock countries.datasource=live
                      Two profiles and an override, as `run` applies them.
                  profile show uitest --json
                      The same as JSON, for scripts.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions
        @Flag(name: Grammar.showJSON.names, help: Grammar.showJSON.help) var json = false
        @Flag(name: Grammar.showReveal.names, help: Grammar.showReveal.help) var reveal = false
        @Argument(help: Grammar.profiles.help) var profiles: [String]

        static func execute(_ invocation: Invocation) throws(Exit) {
            let session = try Session(profilesDirectory: invocation.profilesDirectory, checking: invocation)
            let resolved = try session.resolve(invocation, purpose: .inspect, composing: true)
            let renderer = ShowRenderer(reveal: invocation.has(Grammar.showReveal), catalog: session.repository.catalog)
            Terminal.out(invocation.has(Grammar.showJSON) ? renderer.json(resolved) : renderer.text(resolved))
        }
    }
}

import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile show NAME... [overrides] [--json] [--reveal]`
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what a command would receive from profiles, and where each entry comes from."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var overrides: OverrideOptions

        @Flag(help: "Print JSON (its shape is documented in the README).")
        var json = false

        @Flag(help: "Show values taken from the invoking environment (`${API_TOKEN}`) and secrets in full.")
        var reveal = false

        @Argument(help: "The profiles to apply, in order.")
        var profiles: [String]

        func run() throws {
            let arguments = Array(CommandLine.arguments.dropFirst())
            let start = (arguments.firstIndex(of: "show") ?? 0) + 1
            let request = OverrideSyntax.scan(arguments, from: start)
            do {
                let session = try Session(profilesDirectory: request.profilesDirectory)
                let resolved = try session.resolve(request, purpose: .inspect)
                let renderer = ShowRenderer(reveal: reveal)
                Terminal.out(json ? renderer.json(resolved) : renderer.text(resolved))
            } catch {
                throw error.code
            }
        }
    }
}

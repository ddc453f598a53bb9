import ArgumentParser
import ProfileModel
import ProfilePlatform
import ProfileResolution

extension ProfileCommand {
    /// `profile diff A B [overrides] [--json] [--reveal]`, or `profile diff A... [overrides] -- B... [overrides]`
    struct Diff: ParsableCommand {
        static let configuration = Grammar.diff.configuration(
            discussion: """
                Compares what a launch with each side would receive: the arguments (in order), the environment \
                changes, flags, mocks and values, and whether `run` masks the output (`redact: true`), each with \
                the file and line that set it. With two profiles and \
                no `--`, the overrides apply to the second: `profile diff uitest uitest --disable skipOnboarding`. \
                With `--`, each side is its profiles and overrides: \
                `profile diff uitest --mock countries.datasource=live -- uitest offline`. Exit status: 0 when they \
                launch alike, 1 when they differ (like diff), 64, 65 or 66 on errors.

                Examples:
                  profile diff uitest offline
                      What differs between two profiles.
                  profile diff uitest uitest --disable skipOnboarding
                      What one override changes.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions
        @Flag(name: Grammar.diffJSON.names, help: Grammar.diffJSON.help) var json = false
        @Flag(name: Grammar.diffReveal.names, help: Grammar.diffReveal.help) var reveal = false
        @Argument(help: Grammar.profiles.help) var profiles: [String]

        static func execute(_ invocation: Invocation) throws(Exit) {
            let session = try Session(profilesDirectory: invocation.profilesDirectory, checking: invocation)
            guard let sides = invocation.sides else {
                try invocation.requireValid()
                throw Exit(status: ExitStatus.usage)
            }
            let (left, right) = try session.resolve(sides, problems: invocation.problems)
            let reveal = invocation.has(Grammar.diffReveal)
            let diff = ProfileDiff(
                left: left, right: right, renderer: ShowRenderer(reveal: reveal, catalog: session.repository.catalog))
            let labels = (left: label(sides.left, reveal: reveal), right: label(sides.right, reveal: reveal))
            let output = invocation.has(Grammar.diffJSON) ? diff.json(labels: labels) : diff.text(labels: labels)
            if !output.isEmpty { Terminal.out(output) }
            if !diff.isEmpty { throw Exit(status: ExitStatus.findings) }
        }

        /// A side as typed: `uitest offline --enable analytics`. The text of `--value` and `--env` is left out
        /// unless revealed (`--value apiToken=…`: it may be a secret; the differences show it as `show` would).
        static func label(_ side: Invocation.Side, reveal: Bool) -> String {
            let hidden = { (text: Located<String>) in reveal ? text.value : "…" }
            var words = side.profiles.map(\.value)
            for item in side.overrides.items {
                switch item {
                case .enable(let flag): words += ["--enable", flag.value]
                case .disable(let flag): words += ["--disable", flag.value]
                case .mock(let point, let variant): words += ["--mock", "\(point.value)=\(variant.value)"]
                case .value(let key, let value): words += ["--value", "\(key.value)=\(hidden(value))"]
                case .setEnvironment(let name, let value): words += ["--env", "\(name.value)=\(hidden(value))"]
                case .unsetEnvironment(let name): words += ["--unset", name.value]
                }
            }
            return words.map(ShellQuoting.quote).joined(separator: " ")
        }
    }
}

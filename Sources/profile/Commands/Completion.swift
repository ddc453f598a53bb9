import ArgumentParser

extension ProfileCommand {
    /// `profile completion bash|zsh|fish`
    struct Completion: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a shell completion script (completes profile names, flags, variants and wrapped commands).",
            discussion: """
                bash: `profile completion bash > /usr/local/share/bash-completion/completions/profile`
                zsh:  `profile completion zsh > "${fpath[1]}/_profile"`
                fish: `profile completion fish > ~/.config/fish/completions/profile.fish`
                """
        )

        enum Shell: String, ExpressibleByArgument, CaseIterable {
            case bash, zsh, fish
        }

        @Argument(help: "The shell: bash, zsh or fish.")
        var shell: Shell

        func run() throws {
            Terminal.out(Self.script(for: shell))
        }

        static func script(for shell: Shell) -> String {
            switch shell {
            case .bash: return BashCompletionScript.render()
            case .zsh: return ZshCompletionScript.render()
            case .fish: return FishCompletionScript.render()
            }
        }
    }
}

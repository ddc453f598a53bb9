import ArgumentParser

extension ProfileCommand {
    /// `profile completion bash|zsh|fish`
    struct Completion: ParsableCommand {
        static let configuration = Grammar.completion.configuration(
            discussion: """
                Examples:
                  profile completion bash > ~/.local/share/bash-completion/completions/profile
                      bash (with bash-completion).
                  profile completion zsh > ~/.zfunc/_profile
                      zsh: put ~/.zfunc in $fpath before compinit.
                  profile completion fish > ~/.config/fish/completions/profile.fish
                      fish.
                """)

        enum Shell: String, CaseIterable {
            case bash, zsh, fish
        }

        @Argument(help: Grammar.completionShell.help) var shell: String

        static func execute(_ invocation: Invocation) throws(Exit) {
            try invocation.requireValid()
            // The reader took only a known shell.
            Terminal.out(script(for: invocation.firstWord.flatMap(Shell.init(rawValue:)) ?? .bash))
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

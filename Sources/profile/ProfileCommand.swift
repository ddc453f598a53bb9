import ArgumentParser

/// The `profile` command: launch configurations as data.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Launch any process with a shared YAML profile: arguments, environment, flags, mocks and values.",
        discussion: """
            Profiles live in `profiles/<name>.yml`, found by walking up from the working directory.
            Exit status: 0 success; 1 lint findings; 64 usage error; 65 the profiles have errors (nothing \
            launched); 66 no profiles directory; 73 cannot write output; 126 command not executable; 127 command \
            not found; otherwise the launched command's own status.
            """,
        version: "0.1.0",
        subcommands: [
            Run.self, List.self, Show.self, Lint.self, Export.self, Generate.self, Init.self, Completion.self,
        ]
    )
}

extension Exit {
    /// The exit status as swift-argument-parser's `ExitCode`.
    var code: ExitCode { ExitCode(status) }
}

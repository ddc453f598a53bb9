import ArgumentParser
import ProfilePlatform

/// The `profile` command: launch configurations as data.
///
/// swift-argument-parser prints help (`-h`, `--help`, `help`, `--version`, `--experimental-dump-help`) from these
/// declarations and the subcommands'; everything else is read by `CommandLineReader` and executed by the
/// subcommands' `execute` (see main.swift). The declarations take their names and help from `Grammar`, and a test
/// checks that they declare what `Grammar` does.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Launch any process with a shared YAML profile: arguments, environment, flags, mocks and values.",
        discussion: """
            Profiles live in `profiles/<name>.yml`, found by walking up from the working directory.
            \(exitStatusParagraph)

            Examples:
              profile list
                  The profiles you can run, with their descriptions.
              profile show uitest
                  What a command launched with uitest receives, and from which file:line.
              profile run uitest -- ./app
                  Launch ./app with the uitest profile.
            """,
        version: ProfileVersion.current,
        subcommands: [
            Run.self, Shell.self, List.self, Show.self, Diff.self, Lint.self, Export.self, Import.self, Generate.self,
            Init.self, Redact.self,
            Completion.self,
        ]
    )

    /// `Exit status: 0 success; 1 lint findings; ...`, from `ExitStatus`.
    static var exitStatusParagraph: String {
        "Exit status: " + ExitStatus.meanings.map { "\($0.status) \($0.meaning)" }.joined(separator: "; ")
            + "; otherwise the launched command's own status (`run --each`: the first failed run's, "
            + "\(ExitStatus.signaled(0)) + N for signal N)."
    }
}

extension Grammar.Option {
    /// The option's names, for swift-argument-parser.
    var names: NameSpecification {
        var names: [NameSpecification.Element] = [.customLong(String(name.dropFirst(2)))]
        if let short, let letter = short.last { names.append(.customShort(letter)) }
        return NameSpecification(names)
    }

    /// The option's help, for swift-argument-parser.
    var help: ArgumentHelp { ArgumentHelp("\(summary)\(details).", valueName: value?.name) }
}

extension Grammar.Positional {
    /// The positional's help, for swift-argument-parser.
    var help: ArgumentHelp { ArgumentHelp("\(summary).", valueName: name) }
}

extension Grammar.Command {
    /// The command's configuration for swift-argument-parser: its summary and usage line from the grammar.
    func configuration(discussion: String = "") -> CommandConfiguration {
        CommandConfiguration(
            commandName: name.rawValue, abstract: "\(summary)\(details).", usage: usage, discussion: discussion)
    }
}

/// `--profiles-dir`, for help.
struct ProfilesDirectoryOption: ParsableArguments {
    @Option(name: Grammar.profilesDirectory.names, help: Grammar.profilesDirectory.help, completion: .directory)
    var profilesDirectory: String?
}

/// The override options of `run`, `show` and `export`, for help (read by `CommandLineReader`, checked by
/// `Overrides.append`).
struct OverrideOptions: ParsableArguments {
    @Option(name: Grammar.overrides[0].names, help: Grammar.overrides[0].help) var enable: [String] = []
    @Option(name: Grammar.overrides[1].names, help: Grammar.overrides[1].help) var disable: [String] = []
    @Option(name: Grammar.overrides[2].names, help: Grammar.overrides[2].help) var mock: [String] = []
    @Option(name: Grammar.overrides[3].names, help: Grammar.overrides[3].help) var value: [String] = []
    @Option(name: Grammar.overrides[4].names, help: Grammar.overrides[4].help) var env: [String] = []
    @Option(name: Grammar.overrides[5].names, help: Grammar.overrides[5].help) var unset: [String] = []
}

/// The command line as the completion scripts see it: subcommands, their options and what each option and
/// positional takes. A test keeps it equal to swift-argument-parser's own description of the commands.
enum CommandTable {
    /// What an option's value (or a positional) is completed with.
    enum Completion: Equatable {
        case none
        case directory
        case file
        case flag
        case mock
        case value
        case environmentAssignment
        case environmentName
        case choices([String])
        case profiles
        case formatThenProfiles
    }

    struct Option {
        var name: String
        var summary: String
        var takes: Completion?  // nil: a flag without a value
    }

    struct Command {
        var name: String
        var summary: String
        var options: [Option]
        var positionals: Completion
        var wrapsCommand: Bool = false
    }

    static let profilesDirectory = Option(name: "--profiles-dir", summary: "The profiles directory", takes: .directory)

    static let overrides = [
        Option(name: "--enable", summary: "Switch a flag on for this run", takes: .flag),
        Option(name: "--disable", summary: "Switch a flag off for this run", takes: .flag),
        Option(name: "--mock", summary: "Select a mock variant (point=variant)", takes: .mock),
        Option(name: "--value", summary: "Set a typed value (key=value)", takes: .value),
        Option(name: "--env", summary: "Set an environment variable (name=value)", takes: .environmentAssignment),
        Option(name: "--unset", summary: "Remove an environment variable", takes: .environmentName),
    ]

    static let commands: [Command] = [
        Command(
            name: "run", summary: "Launch a command with one or more profiles",
            options: [profilesDirectory] + overrides, positionals: .profiles, wrapsCommand: true),
        Command(name: "list", summary: "List the profiles that can be run", options: [
            profilesDirectory, Option(name: "--all", summary: "Include abstract profiles", takes: nil),
            Option(name: "--names", summary: "Only the names", takes: nil),
            Option(name: "--json", summary: "Print JSON", takes: nil),
        ], positionals: .none),
        Command(name: "show", summary: "Show what a command would receive, and from where", options: [profilesDirectory] + overrides + [
            Option(name: "--json", summary: "Print JSON", takes: nil),
            Option(name: "--reveal", summary: "Show inherited and secret values in full", takes: nil),
        ], positionals: .profiles),
        Command(name: "lint", summary: "Check every profile and the catalog", options: [
            profilesDirectory, Option(name: "--format", summary: "Output format", takes: .choices(["text", "json", "github"])),
            Option(name: "--strict", summary: "Treat warnings as errors", takes: nil),
        ], positionals: .none),
        Command(name: "export", summary: "Print a resolved profile in another tool's format", options: [profilesDirectory] + overrides + [
            Option(name: "--reveal", summary: "Write inherited and secret values in full", takes: nil),
            Option(name: "--output", summary: "Write to a file", takes: .file),
            Option(name: "--update", summary: "Update an .xcscheme or .xctestplan in place", takes: .file),
            Option(name: "--action", summary: "The scheme action to update", takes: .choices(["launch", "test"])),
        ], positionals: .formatThenProfiles),
        Command(name: "generate", summary: "Generate Swift from the catalog", options: [
            profilesDirectory, Option(name: "--output", summary: "Write to a file", takes: .file),
            Option(name: "--access", summary: "Access level of the generated code", takes: .choices(["internal", "public"])),
            Option(name: "--check", summary: "Fail when the output file is not current", takes: nil),
        ], positionals: .choices(["swift"])),
        Command(name: "init", summary: "Create profiles/ with an example, a base and a catalog", options: [
            Option(name: "--directory", summary: "Where to create profiles/", takes: .directory),
        ], positionals: .none),
        Command(name: "completion", summary: "Print a shell completion script", options: [], positionals: .choices(["bash", "zsh", "fish"])),
    ]

    static func command(_ name: String) -> Command? { commands.first { $0.name == name } }

    /// The `case` arms a bash or zsh script uses to complete an option's value (`--mock) ACTION ;;`), each option
    /// once, and a command's positional words (`run) ACTION ;;`), with the shell's own actions for each kind.
    static func caseArms(
        value action: (Completion) -> String, positional: (Completion) -> String
    ) -> (values: String, positionals: String) {
        var values = ""
        var seen = Set<String>()
        for command in commands {
            for option in command.options {
                guard let takes = option.takes, seen.insert(option.name).inserted else { continue }
                values += "        \(option.name)) \(action(takes)) ;;\n"
            }
        }
        var positionals = ""
        for command in commands {
            positionals += "        \(command.name)) \(positional(command.positionals)) ;;\n"
        }
        return (values, positionals)
    }
}

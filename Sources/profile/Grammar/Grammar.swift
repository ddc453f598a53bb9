import ProfileGeneration
import ProfileInterop
import ProfilePlatform
import ProfileResolution

/// The command line of `profile`, declared once: every command, its options (name, the value each takes, what the
/// value is completed with, the override it makes) and its positionals.
///
/// Everything about the command line is derived from this table: `CommandLineReader` reads the arguments with it
/// (the only reader, for every command), the swift-argument-parser declarations of the commands (which only print
/// help) take their names and help from it and a test checks them against it, and the completion scripts are
/// generated from it (`CommandTable`).
enum Grammar {
    /// What a value (an option's or a positional's) is completed with in the shells. `.choices` are also the only
    /// values the reader accepts.
    enum Completion: Equatable, Sendable {
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
    }

    /// The value an option takes.
    struct Value: Sendable {
        /// Its name in usage and help: `dir` for `--profiles-dir <dir>`.
        var name: String
        /// What it is, in messages ("`--profiles-dir` needs a directory"); nil for choices, which are listed.
        var what: String?
        /// What the shells complete it with.
        var completion: Completion

        /// What it is, in messages: "a directory", "one of `text`, `json`, `github`".
        var needs: String {
            if let what { return what }
            guard case .choices(let words) = completion else { return "a value" }
            return "one of " + words.map { "`\($0)`" }.joined(separator: ", ")
        }
    }

    struct Option: Sendable {
        /// The long name, with its dashes: `--output`.
        var name: String
        /// The short name, with its dash: `-o`.
        var short: String? = nil
        /// What it takes; nil for a flag (`--json`), which takes no value.
        var value: Value?
        /// A few words for completion menus, and the start of its help.
        var summary: String
        /// The rest of its help, after the summary.
        var details = ""
        /// The per-run change it makes (`--enable`...), checked and collected by `Overrides.append`.
        var override: Overrides.Kind? = nil

        /// Whether it may be given more than once: overrides, applied in order, and flags. An option with one
        /// value may be given once.
        var isRepeatable: Bool { override != nil || value == nil }

        /// `[--output <file>]`, `[--json]`.
        var usage: String { value.map { "[\(name) <\($0.name)>]" } ?? "[\(name)]" }
    }

    struct Positional: Sendable {
        /// Its name in usage and help: `profile` for `<profile>...`.
        var name: String
        /// What to name, in the message when it is missing: "name at least one profile".
        var needs: String
        /// One line for help.
        var summary: String
        /// What the shells complete it with (and, for `.choices`, the values accepted).
        var completion: Completion
        /// Whether it takes every word that follows (`<profile>...`), else exactly one word.
        var isRepeated = false

        /// `<profile>...`, `<format>`.
        var usage: String { "<\(name)>" + (isRepeated ? "..." : "") }
    }

    /// The commands, in the order help lists them.
    enum Name: String, CaseIterable, Sendable {
        case run, shell, list, show, diff, lint, export, `import`, generate, `init`, redact, completion
    }

    struct Command: Sendable {
        var name: Name
        /// A few words for completion menus, and the start of its help.
        var summary: String
        /// The rest of its one-line help, after the summary.
        var details: String
        /// The positionals that take one word each, in order...
        var leading: [Positional]
        /// ... then the one that takes every word left (`<profile>...`), if any.
        var rest: Positional?
        /// Whether the words after `--` are a command to launch (`run`), rather than more positionals.
        var wrapsCommand: Bool
        /// Whether `--` separates two sides, each with its profiles and overrides (`diff`), rather than ending the
        /// options.
        var comparesSides: Bool
        private let makeOptions: @Sendable () -> [Option]

        /// The options, in the order help lists them.
        var options: [Option] { makeOptions() }

        /// The options are built when asked for, and `leading` and `rest` are apart: reading `run` without
        /// options then builds no array of the grammar's types (each new array type costs the launch path ~8,000
        /// instructions of generic metadata).
        init(
            name: Name, summary: String, details: String = "",
            options: @autoclosure @escaping @Sendable () -> [Option], leading: [Positional] = [],
            rest: Positional? = nil, wrapsCommand: Bool = false, comparesSides: Bool = false
        ) {
            self.name = name
            self.summary = summary
            self.details = details
            self.makeOptions = options
            self.leading = leading
            self.rest = rest
            self.wrapsCommand = wrapsCommand
            self.comparesSides = comparesSides
        }

        /// Every positional, in order.
        var positionals: [Positional] { leading + (rest.map { [$0] } ?? []) }

        /// The option called `name` (long or short), if the command has it.
        func option(named name: Substring) -> Option? {
            options.first { $0.name == name || $0.short.map { $0 == name } == true }
        }

        /// `profile show <profile>... [<overrides>] [--json] [--reveal]`: the positionals, then the options
        /// (`--profiles-dir`, which every command reading profiles takes, is left to the help's option list;
        /// overrides are summed up as `[<overrides>]`).
        var usage: String {
            var words = ["profile", name.rawValue] + positionals.map(\.usage)
            var saidOverrides = false
            for option in options where option.name != Grammar.profilesDirectory.name {
                if option.override != nil {
                    if !saidOverrides { words.append("[<overrides>]") }
                    saidOverrides = true
                } else {
                    words.append(option.usage)
                }
            }
            if wrapsCommand { words.append("-- <command> [<argument>...]") }
            if comparesSides { words.append("[-- <profile>... [<overrides>]]") }
            return words.joined(separator: " ")
        }

        /// The short form a missing positional's message shows: `profile run <profile>... -- <command>`.
        var shortUsage: String {
            (["profile", name.rawValue] + positionals.map(\.usage) + (wrapsCommand ? ["-- <command>"] : []))
                .joined(separator: " ")
        }
    }

    /// The usage line of `profile` itself.
    static let usage = "profile <subcommand>"

    // MARK: - The declaration

    static let profilesDirectory = Option(
        name: "--profiles-dir", value: Value(name: "dir", what: "a directory", completion: .directory),
        summary: "The profiles directory",
        details: " (default: $PROFILES_DIR, else the nearest `profiles/` walking up to the repository root)")

    /// `--enable`, `--disable`, `--mock`, `--value`, `--env`, `--unset`: taken by `run`, `show` and `export`.
    static let overrides: [Option] = [
        override(.enable, "--enable", value: "flag", completion: .flag, summary: "Switch a flag on for this run"),
        override(.disable, "--disable", value: "flag", completion: .flag, summary: "Switch a flag off for this run"),
        override(
            .mock, "--mock", value: "point=variant", completion: .mock, summary: "Select a mock variant for this run"),
        override(
            .value, "--value", value: "key=value", completion: .value, summary: "Set a typed value for this run",
            details: " (typed like YAML: 5 is an int)"),
        override(
            .setEnvironment, "--env", value: "name=value", completion: .environmentAssignment,
            summary: "Set an environment variable for this run", details: " (taken literally)"),
        override(
            .unsetEnvironment, "--unset", value: "name", completion: .environmentName,
            summary: "Remove an environment variable", details: " from the child's environment"),
    ]

    static let profiles = Positional(
        name: "profile", needs: "at least one profile", summary: "The profiles to apply, in order (later wins)",
        completion: .profiles, isRepeated: true)

    static let runNoArguments = flag(
        "--no-arguments", "Keep the command's argv as typed",
        details: " (for a tool in between: `swift test`, `bash`, `xcodebuild`; the app still reads the profile's "
            + "arguments from $PROFILE_PAYLOAD)")
    /// `--prefix P`, for `run` and for `export shell|dotenv`.
    static let prefix = Option(
        name: "--prefix", value: Value(name: "prefix", what: "a variable name prefix", completion: .none),
        summary: "Also set every variable as <prefix>NAME",
        details: " (" + Delivery.prefixes.map { "\($0.prefix) reaches \($0.reaches)" }.joined(separator: ", ")
            + "; `run` uses them by itself for " + series(Delivery.prefixes.map(\.tools))
            + ", and places the arguments itself for " + series(Delivery.toolsWithoutPrefix) + ")")
    static let runDryRun = flag(
        "--dry-run", "Print what would be executed, launch nothing",
        details: ": the executable, the argv (shell-quoted) and the environment changes")
    static let runJSON = flag(
        "--json", "With --dry-run: print JSON", details: " (its shape: docs/cli/run.md)")
    static let runReveal = flag(
        "--reveal", "With --dry-run: show secrets and values from the environment in full",
        details: " (`${API_TOKEN}` taken from the invoking environment)")
    static let runEach = flag(
        "--each", "Run the command once per profile, in order",
        details: " (not merged; a summary table at the end; stops at the first failure)")
    static let runKeepGoing = flag("--keep-going", "With --each: run every profile", details: ", even after a failure")
    static let runRedact = flag(
        "--redact", "Mask secret values in the command's output",
        details: " (as <secret:NAME>; the command stays a child of profile, in a pseudo-terminal when the output is a "
            + "terminal; `redact: true` in a profile asks for it too)")
    static let runWatch = flag(
        "--watch", "Restart the command when a profile file it was launched with changes",
        details: " (profiles, overlays, catalog; an invalid change keeps it running; an exit waits for a change)")
    static let runGrace = Option(
        name: "--grace", value: Value(name: "seconds", what: "a number of seconds", completion: .none),
        summary: "With --watch or --redact: how long a stop waits after SIGTERM before SIGKILL",
        details: " (default: 10; the command's whole process group)")
    static let run = Command(
        name: .run, summary: "Launch a command with one or more profiles",
        details: " (exec: same pid, the command's own exit status)",
        options: [profilesDirectory] + overrides + [
            runNoArguments, prefix, runDryRun, runJSON, runReveal, runEach, runKeepGoing, runRedact, runWatch,
            runGrace,
        ], rest: profiles, wrapsCommand: true)

    static let shell = Command(
        name: .shell, summary: "Start your shell with one or more profiles applied",
        details: " ($SHELL, else /bin/sh; `exit` returns to the shell you were in)",
        options: [profilesDirectory] + overrides, rest: profiles)

    static let listAll = flag("--all", "Include abstract profiles")
    static let listNames = flag("--names", "Print only the names", details: ", one per line")
    static let listJSON = flag("--json", "Print JSON", details: #": [{"name", "description", "abstract", "path"}]"#)
    static let list = Command(
        name: .list, summary: "List the profiles that can be run",
        details: ", with their descriptions (abstract ones are hidden)",
        options: [profilesDirectory, listAll, listNames, listJSON])

    static let showJSON = flag("--json", "Print JSON", details: " (its shape: docs/cli/show.md)")
    static let showReveal = flag(
        "--reveal", "Show secrets and values from the environment in full",
        details: " (`${API_TOKEN}` taken from the invoking environment)")
    static let show = Command(
        name: .show, summary: "Show what a command would receive, and from where",
        details: " (the file and line of each entry)",
        options: [profilesDirectory] + overrides + [showJSON, showReveal], rest: profiles)

    static let diffJSON = flag("--json", "Print JSON", details: " (its shape: docs/cli/diff.md)")
    static let diffReveal = flag(
        "--reveal", "Show secrets and values from the environment in full",
        details: " (`${API_TOKEN}` taken from the invoking environment)")
    static let diff = Command(
        name: .diff, summary: "Show what differs between two profiles as a launch sees them",
        details: " (`diff A B`: the overrides apply to B; `diff A... [overrides] -- B... [overrides]`: each side its "
            + "own; exit \(ExitStatus.findings) when they differ)",
        options: [profilesDirectory] + overrides + [diffJSON, diffReveal], rest: profiles, comparesSides: true)

    static let lintFormat = Option(
        name: "--format", value: choices("format", ProfileCommand.Lint.Format.allCases.map { $0.rawValue }),
        summary: "Output format",
        details: ": text (diagnostics with carets, on stderr), json, or github (annotations, on stdout)")
    static let lintStrict = flag("--strict", "Treat warnings as errors")
    static let lint = Command(
        name: .lint, summary: "Check every profile and the catalog",
        details: ": report all problems, exit \(ExitStatus.findings) when any is an error",
        options: [profilesDirectory, lintFormat, lintStrict])

    static let exportFormat = Positional(
        name: "format", needs: "the format", summary: "The format to write",
        completion: .choices(ExportFormats.all.map(\.name)))
    static let exportReveal = flag(
        "--reveal", "Write values from the environment in full",
        details: " (`${API_TOKEN}` taken from the invoking environment)")
    static let exportOutput = Option(
        name: "--output", value: Value(name: "file", what: "a file", completion: .file), summary: "Write to a file",
        details: " instead of standard output (`-`: standard output)")
    static let exportUpdate = Option(
        name: "--update", value: Value(name: "file", what: "a file", completion: .file),
        summary: "Update an " + series(ExportFormats.updatedFiles, or: true) + " in place",
        details: ": rewrite the entries the profile owns, leave the rest of the file as it is")
    static let exportAction = Option(
        name: "--action", value: choices("action", XcodeSchemeAction.allCases.map { $0.rawValue }),
        summary: "The scheme action to update", details: ": launch (the default) or test")
    static let exportConfiguration = Option(
        name: "--configuration", value: Value(name: "name", what: "a configuration name", completion: .none),
        summary: "The configuration to update",
        details: ": a test plan's (its `options` instead of `defaultOptions`) or a launch.json's (default: the "
            + "profiles' names joined by `+`, added when missing)")
    static let export = Command(
        name: .export, summary: "Print a resolved profile in another tool's format",
        options: [profilesDirectory] + overrides + [
            exportReveal, exportOutput, exportUpdate, exportAction, exportConfiguration, prefix,
        ],
        leading: [exportFormat], rest: profiles)

    static let importFormat = Positional(
        name: "format", needs: "the format", summary: "The format to read",
        completion: .choices(ImportFormats.all.map(\.name)))
    static let importFile = Positional(
        name: "file", needs: "the file to import", summary: "The " + series(ImportFormats.files, or: true) + " file",
        completion: .file)
    static let importName = Option(
        name: "--name", value: Value(name: "name", what: "a profile name", completion: .none),
        summary: "The profile to write", details: " (profiles/<name>.yml)")
    static let importAction = Option(
        name: "--action", value: choices("action", XcodeImportAction.allCases.map { $0.rawValue }),
        summary: "The scheme action to import", details: ": launch (the default), test or profile")
    static let importConfiguration = Option(
        name: "--configuration", value: Value(name: "name", what: "a configuration name", completion: .none),
        summary: "The configuration to import",
        details: ": a test plan's (its `options` instead of `defaultOptions`) or a launch.json's (required)")
    static let importForce = flag("--force", "Replace the profile's file if it exists")
    static let importStdout = flag("--stdout", "Print the profile instead of writing it")
    static let `import` = Command(
        name: .`import`,
        summary: "Bring an Xcode scheme, test plan, .env file or VS Code launch configuration into a profile",
        details: " (order and unchecked entries kept)",
        options: [profilesDirectory, importName, importAction, importConfiguration, importForce, importStdout],
        leading: [importFormat, importFile])

    static let generateLanguage = Positional(
        name: "language", needs: "the language",
        summary: "What to generate: swift, json-schema (of a profile file) or catalog-schema (of the catalog)",
        completion: .choices(ProfileCommand.Generate.Language.allCases.map { $0.rawValue }))
    static let generateOutput = Option(
        name: "--output", short: "-o", value: Value(name: "file", what: "a file", completion: .file),
        summary: "Write to a file", details: " (default: standard output)")
    static let generateAccess = Option(
        name: "--access", value: choices("level", SwiftGenerator.AccessLevel.allCases.map { $0.rawValue }),
        summary: "Access level of the generated code", details: ": internal (the default) or public")
    static let generateIncludeLocal = flag(
        "--include-local", "Apply personal .local overlays to LaunchProfiles",
        details: " (left out by default: the output is a clean checkout's)")
    static let generateCheck = flag(
        "--check", "Fail when the output file is not current",
        details:
            " (write nothing; exit \(ExitStatus.findings) when the --output file differs from what would be generated)")
    static let generate = Command(
        name: .generate, summary: "Generate Swift or JSON Schemas from the catalog",
        details: " (Swift: with the runnable profiles, typed for the runtime library; options the --output file "
            + "records are kept when none are given)",
        options: [profilesDirectory, generateOutput, generateAccess, generateIncludeLocal, generateCheck],
        leading: [generateLanguage])

    static let initDirectory = Option(
        name: "--directory", value: Value(name: "dir", what: "a directory", completion: .directory),
        summary: "Where to create profiles/", details: " (default: the working directory)")
    static let `init` = Command(
        name: .`init`, summary: "Create profiles/ with an example, a base and a catalog",
        details: "; git-ignore overlays",
        options: [initDirectory])

    static let redact = Command(
        name: .redact, summary: "Mask the secret values of profiles in standard input",
        details: " (written to standard output as <secret:NAME>: for logs made elsewhere)",
        options: [profilesDirectory] + overrides, rest: profiles)

    static let completionShell = Positional(
        name: "shell", needs: "the shell", summary: "The shell",
        completion: .choices(ProfileCommand.Completion.Shell.allCases.map { $0.rawValue }))
    static let completion = Command(
        name: .completion, summary: "Print a shell completion script",
        details: " (completes profile names, flags, variants and wrapped commands)", options: [],
        leading: [completionShell])

    /// Every command, in the order of `Name`.
    static let commands: [Command] = Name.allCases.map(command)

    /// The command called `name`.
    static func command(_ name: String) -> Command? { Name(rawValue: name).map(command) }

    /// The command called `name`, without building the others (for `run`, every instruction counts).
    static func command(_ name: Name) -> Command {
        switch name {
        case .run: return run
        case .shell: return shell
        case .list: return list
        case .show: return show
        case .diff: return diff
        case .lint: return lint
        case .export: return export
        case .`import`: return `import`
        case .generate: return generate
        case .`init`: return `init`
        case .redact: return redact
        case .completion: return completion
        }
    }

    // MARK: - Shorthands for the declaration

    private static func override(
        _ kind: Overrides.Kind, _ name: String, value: String, completion: Completion, summary: String,
        details: String = ""
    ) -> Option {
        Option(
            name: name, value: Value(name: value, what: kind.expected, completion: completion), summary: summary,
            details: details, override: kind)
    }

    private static func flag(_ name: String, _ summary: String, details: String = "") -> Option {
        Option(name: name, value: nil, summary: summary, details: details)
    }

    private static func choices(_ name: String, _ words: [String]) -> Value {
        Value(name: name, completion: .choices(words))
    }

    /// `a`, `a and b`, `a, b and c` (`a, b or c`): a list in help's prose.
    static func series(_ items: [String], or: Bool = false) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + last
    }
}

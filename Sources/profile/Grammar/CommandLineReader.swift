import ProfileModel
import ProfileResolution
import ProfileRuntime

/// What `CommandLineReader` understood of a command line: the command, its options and positionals, the overrides
/// they make, and every problem found, located on the command line.
struct Invocation {
    /// One option as given.
    struct Given {
        var option: Grammar.Option
        /// The option's name as typed (`--output`, or `--output` of `--output=x`), located.
        var name: Located<String>
        /// Its value, located; nil for a flag.
        var value: Located<String>?
    }

    let command: Grammar.Command
    /// The options given, in order.
    var options: [Given] = []
    /// The positional words taken, in order (a word refused, like `-` for a profile, is not among them)...
    var positionals: [Located<String>] = []
    /// ... and for each, the index of the command's positional that took it (flat arrays: an array of arrays would
    /// cost the launch path a generic metadata instantiation).
    var positionalIndices: [Int] = []
    /// The per-run changes of the override options, in order (checked by `Overrides.append`).
    var overrides = Overrides()
    /// The command and its arguments after `--`, for a command that wraps one (`run`).
    var wrapped: [String] = []
    /// Usage errors, in the order of the arguments.
    var problems: [Diagnostic] = []
    /// Where in `problems` the error saying a positional is missing is (`name at least one profile`), if it is
    /// there: a command can say it better from what it knows (`--each` with no profile).
    var missingPositional: Int?
    /// Where in `problems` the error saying the command to launch is missing is, if it is there.
    var missingCommand: Int?
    /// For a command that compares two sides (`diff`): each side's profiles and overrides, when both were named.
    var sides: (left: Side, right: Side)?

    /// One side of a comparison: its profiles, in order, and its overrides.
    struct Side {
        var profiles: [Located<String>]
        var overrides: Overrides
    }

    init(command: Grammar.Command) {
        self.command = command
    }

    /// The words the command's positional at `index` took.
    func words(of index: Int) -> [Located<String>] {
        var words: [Located<String>] = []
        for (word, taker) in zip(positionals, positionalIndices) where taker == index { words.append(word) }
        return words
    }

    /// The value of `option` (given once, or the last time), if given.
    func value(of option: Grammar.Option) -> Located<String>? {
        options.last { $0.option.name == option.name }?.value
    }

    /// Where `option` is given (its name), if it is.
    func place(of option: Grammar.Option) -> Located<String>? {
        options.last { $0.option.name == option.name }?.name
    }

    /// Whether `option` is given.
    func has(_ option: Grammar.Option) -> Bool { options.contains { $0.option.name == option.name } }

    /// `--profiles-dir`, when given.
    var profilesDirectory: String? { value(of: Grammar.profilesDirectory)?.value }

    /// The profile names, in order.
    var profiles: [Located<String>] {
        guard command.rest?.completion == .profiles else { return [] }
        let index = command.leading.count
        // Most often (`run`, `show`) every word is a profile: no copy.
        return positionalIndices.allSatisfy { $0 == index } ? positionals : words(of: index)
    }

    /// The word the command's first positional took (`export`'s format, `generate`'s language), if any.
    var firstWord: String? { words(of: 0).first?.value }
}

/// The one reader of `profile`'s arguments, for every command (`__complete` has its own tiny protocol). It follows
/// `Grammar` and is fast enough for the launch path of `run`, where swift-argument-parser's setup would cost more
/// than the rest of a launch: swift-argument-parser only prints help.
///
/// The rules: options and positionals mix in any order; `--name value` or `--name=value` (`-o value` for a short
/// name); a value is the next word whatever it looks like, except `--`, and is never empty; `--` ends the options
/// (what follows is the wrapped command for `run`, more positionals otherwise); `-` alone is a word, not an
/// option. `-h`, `--help` and `--version` before `--` ask for help. Every problem is collected, none stops the
/// reading.
enum CommandLineReader {
    enum Reading {
        /// Help, the version or the help dump: these arguments go to swift-argument-parser.
        case help([String])
        /// A command to execute (which reports `problems` first, when there are any).
        case invocation(Invocation)
        /// No command could be read (unknown command, an option before the command).
        case problems([Diagnostic])
    }

    /// Whether `word` asks for help wherever an option may be: `-h`, `--help`, `--version`.
    static func asksForHelp(_ word: String) -> Bool { word == "-h" || word == "--help" || word == "--version" }

    /// Reads `arguments` (after the program name).
    static func read(_ arguments: [String]) -> Reading {
        guard let first = arguments.first else { return .help([]) }
        if first == "help" || first == "--experimental-dump-help" || asksForHelp(first) {
            return .help(arguments)
        }
        let source = CommandLineSource(arguments: arguments)
        guard let command = Grammar.command(first) else {
            let located = source.located(first, argument: 0)
            let what = first.hasPrefix("-") && first.count > 1 ? "option" : "command"
            let candidates = what == "option" ? [] : Grammar.commands.map(\.name.rawValue)
            let problem = Diagnostic.error(
                "unknown \(what) `\(first)`", at: located.location, length: located.length,
                suggestion: NearMiss.suggestion(for: first, in: candidates),
                notes: [usageNote(Grammar.usage, help: "profile --help")])
            return .problems([problem])
        }
        var reader = Reader(command: command, source: source, arguments: arguments)
        if let help = reader.read() { return .help(help) }
        return .invocation(reader.invocation)
    }

    /// The hint that follows an error about the command's shape.
    static func usageNote(_ usage: String, help: String) -> Diagnostic {
        .note("usage: \(usage) (more in `\(help)`)")
    }

    private struct Reader {
        let command: Grammar.Command
        let source: CommandLineSource
        let arguments: [String]
        var invocation: Invocation
        /// Positional words, in order, before they are given to the declared positionals.
        var words: [Located<String>] = []
        /// Where errors about the command's shape are in `invocation.problems` (the usage line follows the last).
        var shapeErrors: [Int] = []
        /// For a command that compares two sides: how many positional words and overrides came before the `--`
        /// between them, and the `--` itself, when it was given.
        var separator: (words: Int, overrides: Int, at: Located<String>)?

        init(command: Grammar.Command, source: CommandLineSource, arguments: [String]) {
            self.command = command
            self.source = source
            self.arguments = arguments
            invocation = Invocation(command: command)
        }

        /// Reads everything after the command name; returns swift-argument-parser's arguments for a help request.
        mutating func read() -> [String]? {
            var index = 1
            while index < arguments.count {
                let argument = arguments[index]
                if argument == "--" {
                    if command.comparesSides && separator == nil {
                        separator = (
                            words.count, invocation.overrides.items.count, source.located("--", argument: index)
                        )
                        index += 1
                        continue
                    }
                    if command.wrapsCommand {
                        invocation.wrapped = Array(arguments[(index + 1)...])
                    } else {
                        for rest in (index + 1)..<arguments.count {
                            words.append(source.located(arguments[rest], argument: rest))
                        }
                    }
                    break
                }
                if argument.utf8.count > 1, argument.utf8.first == UInt8(ascii: "-") {
                    if CommandLineReader.asksForHelp(argument) {
                        return [command.name.rawValue, argument]
                    }
                    index = option(at: index)
                } else {
                    words.append(source.located(argument, argument: index))
                    index += 1
                }
            }
            assignPositionals()
            if command.comparesSides { assignSides() }
            if command.wrapsCommand && invocation.wrapped.isEmpty {
                invocation.missingCommand = invocation.problems.count
                invocation.problems.append(
                    .error("give the command to launch after `--`: `\(command.shortUsage) [<argument>...]`"))
            }
            if let last = shapeErrors.last {
                invocation.problems[last].notes.append(
                    CommandLineReader.usageNote(command.usage, help: "profile \(command.name.rawValue) --help"))
            }
            return nil
        }

        /// Reads the option at `index` (and its value); returns the index of the next argument.
        mutating func option(at index: Int) -> Int {
            let argument = arguments[index]
            let equals = argument.hasPrefix("--") ? argument.firstIndex(of: "=") : nil
            let name = equals.map { argument[..<$0] } ?? argument[...]
            let located = source.located(String(name), argument: index)
            guard let option = command.option(named: name) else {
                let candidates = command.options.map { String($0.name.dropFirst(2)) }
                let suggestion =
                    name.hasPrefix("--")
                    ? NearMiss.suggestion(for: String(name.dropFirst(2)), in: candidates).map { "--" + $0 } : nil
                problem(
                    .error(
                        "unknown option `\(name)`", at: located.location, length: located.length, suggestion: suggestion
                    ),
                    shape: true)
                return index + 1
            }
            var next = index + 1
            var value: Located<String>?
            if let expected = option.value {
                if let equals {
                    value = source.located(
                        String(argument[argument.index(after: equals)...]), argument: index, offset: name.count + 1)
                } else if next < arguments.count, arguments[next] != "--" {
                    value = source.located(arguments[next], argument: next)
                    next += 1
                } else {
                    let place = next < arguments.count ? " before `--`" : ""
                    problem(
                        .error(
                            "`\(name)` needs \(expected.needs)\(place)", at: located.location, length: located.length))
                    return next
                }
                if value?.value.isEmpty == true {
                    problem(.error("`\(name)` needs \(expected.needs)", at: located.location, length: located.length))
                    return next
                }
            } else if equals != nil {
                let whole = source.located(argument, argument: index)
                problem(.error("`\(name)` takes no value", at: whole.location, length: whole.length))
                return next
            }
            if !option.isRepeatable {
                if let first = invocation.options.first(where: { $0.option.name == option.name })?.name {
                    problem(
                        .error(
                            "`\(option.name)` is given twice; it takes one value", at: located.location,
                            length: located.length,
                            notes: [
                                .note("`\(option.name)` is first given here", at: first.location, length: first.length)
                            ]))
                    return next
                }
            }
            if let value {
                if case .choices(let choices) = option.value?.completion, !choices.contains(value.value) {
                    problem(unknownChoice(value, what: option.value!.name, of: "`\(option.name)`", choices: choices))
                    return next
                }
                if let kind = option.override,
                    let problem = invocation.overrides.append(kind, value, option: option.name)
                {
                    self.problem(problem)
                    return next
                }
            }
            invocation.options.append(Invocation.Given(option: option, name: located, value: value))
            return next
        }

        /// Gives the positional words to the declared positionals, in order: one to each leading one, the rest to
        /// the last.
        mutating func assignPositionals() {
            var remaining = words[...]
            for (index, positional) in command.leading.enumerated() {
                guard let word = remaining.popFirst() else {
                    invocation.missingPositional = invocation.problems.count
                    problem(.error("name \(positional.needs): `\(command.shortUsage)`"))
                    return
                }
                take(word, for: positional, index: index)
            }
            if let rest = command.rest {
                guard !remaining.isEmpty else {
                    invocation.missingPositional = invocation.problems.count
                    problem(.error("name \(rest.needs): `\(command.shortUsage)`"))
                    return
                }
                for word in remaining { take(word, for: rest, index: command.leading.count) }
                remaining = []
            }
            for word in remaining {
                problem(
                    .error("unexpected argument `\(word.value)`", at: word.location, length: word.length), shape: true)
            }
        }

        /// Splits the profiles and overrides into the two sides of a comparison: at the `--` between them, or, without
        /// one, two profiles with the overrides applying to the second (`diff uitest uitest --enable x`).
        mutating func assignSides() {
            let items = invocation.overrides.items
            let words = self.words.filter { $0.value != "-" }
            guard let separator else {
                if words.count == 2 {
                    invocation.sides = (
                        Invocation.Side(profiles: [words[0]], overrides: Overrides()),
                        Invocation.Side(profiles: [words[1]], overrides: invocation.overrides)
                    )
                } else if !words.isEmpty {
                    let extra = words.count > 2 ? words[2] : words[0]
                    problem(
                        .error(
                            "name two profiles to compare, or put `--` between the two sides: "
                                + "`profile \(command.name.rawValue) <profile>... -- <profile>...`",
                            at: extra.location, length: extra.length),
                        shape: true)
                }
                return
            }
            let split = self.words[..<separator.words].filter { $0.value != "-" }.count
            let left = Array(words[..<split])
            let right = Array(words[split...])
            guard !left.isEmpty, !right.isEmpty else {
                problem(
                    .error(
                        "name at least one profile on each side of `--`", at: separator.at.location,
                        length: separator.at.length),
                    shape: true)
                return
            }
            invocation.sides = (
                Invocation.Side(profiles: left, overrides: Overrides(items: Array(items[..<separator.overrides]))),
                Invocation.Side(profiles: right, overrides: Overrides(items: Array(items[separator.overrides...])))
            )
        }

        /// Checks `word` for the positional at `index`, and keeps it.
        mutating func take(_ word: Located<String>, for positional: Grammar.Positional, index: Int) {
            if positional.completion == .profiles, word.value == "-" {
                problem(.error("`-` is not a profile name", at: word.location, length: word.length))
            } else if case .choices(let choices) = positional.completion, !choices.contains(word.value) {
                problem(unknownChoice(word, what: positional.name, of: nil, choices: choices))
            } else {
                invocation.positionals.append(word)
                invocation.positionalIndices.append(index)
            }
        }

        func unknownChoice(_ word: Located<String>, what: String, of option: String?, choices: [String]) -> Diagnostic {
            .error(
                "unknown \(what) `\(word.value)`\(option.map { " for \($0)" } ?? "") (one of "
                    + choices.map { "`\($0)`" }.joined(separator: ", ") + ")",
                at: word.location, length: word.length, suggestion: NearMiss.suggestion(for: word.value, in: choices))
        }

        mutating func problem(_ diagnostic: Diagnostic, shape: Bool = false) {
            if shape { shapeErrors.append(invocation.problems.count) }
            invocation.problems.append(diagnostic)
        }
    }
}

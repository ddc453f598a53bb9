/// The command line as the completion scripts see it, derived from `Grammar` (the scripts hold no list of their
/// own): which words take a value, what each value and positional is completed with.
enum CommandTable {
    typealias Completion = Grammar.Completion

    static var commands: [Grammar.Command] { Grammar.commands }

    /// Every option name, long and short, that takes a value (so the scripts skip its value when they count
    /// positionals), sorted.
    static var valueOptions: [String] {
        var names = Set<String>()
        for command in commands {
            for option in command.options where option.value != nil {
                names.insert(option.name)
                if let short = option.short { names.insert(short) }
            }
        }
        return names.sorted()
    }

    /// The `case` arms a bash or zsh script uses to complete an option's value (`--mock) ACTION ;;`), each option
    /// name once, and a command's positional words (`run) ACTION ;;`), with the shell's own action for a kind of
    /// value. An option whose value several commands complete differently (`--action`: `launch test` for `export`,
    /// `launch test profile` for `import`) chooses by `$sub`, the command: `--action) case "$sub" in export) A ;;
    /// import) B ;; esac ;;`. The positional arms choose by `$positional`, the number of positional words before the
    /// cursor.
    static func caseArms(
        value action: (Completion) -> String, positional: (Completion) -> String
    ) -> (values: String, positionals: String) {
        var names: [String] = []
        var declarations: [String: [(command: String, completion: Completion)]] = [:]
        for command in commands {
            for option in command.options {
                guard let value = option.value else { continue }
                for name in [option.name] + (option.short.map { [$0] } ?? []) {
                    if declarations[name] == nil { names.append(name) }
                    declarations[name, default: []].append((command.name.rawValue, value.completion))
                }
            }
        }
        var values = ""
        for name in names {
            let declared = declarations[name] ?? []
            if let first = declared.first, declared.allSatisfy({ $0.completion == first.completion }) {
                values += "        \(name)) \(action(first.completion)) ;;\n"
            } else {
                let arms = declared.map { "\($0.command)) \(action($0.completion)) ;;" }.joined(separator: " ")
                values += "        \(name)) case \"$sub\" in \(arms) esac ;;\n"
            }
        }
        var positionals = ""
        for command in commands {
            positionals += "        \(command.name.rawValue)) \(positionalArm(command, positional)) ;;\n"
        }
        return (values, positionals)
    }

    /// `((positional == 0)) && A`, `A` (one positional taking every word), or
    /// `if ((positional == 0)); then A; else B; fi`.
    private static func positionalArm(_ command: Grammar.Command, _ action: (Completion) -> String) -> String {
        let positionals = command.positionals
        guard let last = positionals.last else { return ":" }
        if positionals.count == 1 {
            return last.isRepeated ? action(last.completion) : "((positional == 0)) && \(action(last.completion))"
        }
        var arm = ""
        for (index, positional) in positionals.enumerated() {
            if index == positionals.count - 1 && positional.isRepeated {
                arm += "; else \(action(positional.completion))"
            } else {
                arm +=
                    "\(index == 0 ? "if" : "; elif") ((positional == \(index))); then \(action(positional.completion))"
            }
        }
        return arm + "; fi"
    }
}

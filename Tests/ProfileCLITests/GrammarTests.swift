import Foundation
import ProfileModel
import ProfilePlatform
import Testing

@testable import profile

/// One command-line grammar: the same argument vectors mean the same thing to every command that takes overrides
/// (`run`, `show`, `export`) and to the completion scripts; swift-argument-parser's declarations (help) declare
/// what `Grammar` does.
@Suite(.timeLimit(.minutes(20))) struct GrammarTests {
    // MARK: - swift-argument-parser's declarations are the grammar's

    /// One option or positional, as swift-argument-parser's `--experimental-dump-help` and `Grammar` describe it.
    struct Declared: Equatable, CustomStringConvertible {
        var names: [String]  // `--output`, `-o`; empty for a positional
        var takesValue: Bool
        var valueName: String?  // positionals only
        var isRepeating = false
        var description: String {
            names.isEmpty
                ? "<\(valueName ?? "?")>\(isRepeating ? "..." : "")"
                : names.joined(separator: "|")
                    + (takesValue ? " <value>" : "")
        }
    }

    @Test func helpDeclaresWhatTheGrammarDoes() throws {
        let dump = try CLI.profile(["--experimental-dump-help"]).stdout
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]]).filter {
            $0["commandName"] as? String != "help"
        }
        #expect(subcommands.compactMap { $0["commandName"] as? String } == Grammar.commands.map(\.name.rawValue))
        for subcommand in subcommands {
            let name = try #require(subcommand["commandName"] as? String)
            let grammar = try #require(Grammar.command(name))
            var declared: [Declared] = []
            for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                    guard let name = entry["name"] as? String else { return nil }
                    switch entry["kind"] as? String {
                    case "long": return "--" + name
                    case "short": return "-" + name
                    default: return nil
                    }
                }
                if names.contains("--help") || names.contains("--version") { continue }
                if argument["kind"] as? String == "positional" {
                    declared.append(
                        Declared(
                            names: [], takesValue: true, valueName: argument["valueName"] as? String,
                            isRepeating: argument["isRepeating"] as? Bool ?? false))
                } else {
                    declared.append(
                        Declared(names: names.sorted(), takesValue: argument["kind"] as? String == "option"))
                }
            }
            // swift-argument-parser lists them in the order of the properties; the grammar keeps options and
            // positionals apart.
            let options = grammar.options.map {
                Declared(names: ([$0.name] + ($0.short.map { [$0] } ?? [])).sorted(), takesValue: $0.value != nil)
            }
            let positionals = grammar.positionals.map {
                Declared(names: [], takesValue: true, valueName: $0.name, isRepeating: $0.isRepeated)
            }
            #expect(declared.filter { !$0.names.isEmpty } == options, "`\(name)`: options")
            #expect(declared.filter { $0.names.isEmpty } == positionals, "`\(name)`: positionals")
            // The usage line of help is the grammar's.
            #expect(subcommand["usage"] as? String == nil || subcommand["usage"] as? String == grammar.usage)
            let help = try CLI.profile([name, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: \(grammar.usage)\n"), "\(help.stdout)")
        }
    }

    @Test func helpRequestsGoToHelpAndArgumentParsersCompletionIsGone() throws {
        let project = try Project(["profiles/p.yml": "{}\n"])
        for arguments in [["--help"], ["-h"], ["help"], ["help", "show"], ["show", "p", "--enable", "x", "-h"]] {
            let result = try project.profile(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.contains("USAGE: profile"), "\(arguments)")
        }
        #expect(try project.profile(["--version"]).stdout == ProfileVersion.current + "\n")
        // After `--`, `--help` is the wrapped command's.
        let wrapped = try project.profile(["run", "p", "--", "sh", "-c", "echo \"$1\"", "sh", "--help"])
        #expect(wrapped.stdout == "--help\n")
        let script = try project.profile(["--generate-completion-script", "bash"])
        #expect(script.status == 64)
        #expect(
            script.stderr == """
                command line:1:9: error: unknown option `--generate-completion-script`
                profile --generate-completion-script bash
                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~
                profile: note: usage: profile <subcommand> (more in `profile --help`)

                """)
    }

    // MARK: - Usage errors of every command, in the located form

    @Test(arguments: [
        (
            ["list", "--revael"],
            """
            command line:1:14: error: unknown option `--revael`
            profile list --revael
                         ^~~~~~~~
            profile: note: usage: profile list [--all] [--names] [--json] (more in `profile list --help`)

            """
        ),
        (
            ["lint", "--format", "xml"],
            """
            command line:1:23: error: unknown format `xml` for `--format` (one of `text`, `json`, `github`)
            profile lint --format xml
                                  ^~~

            """
        ),
        (
            ["lint", "--strict=yes", "--format"],
            """
            command line:1:14: error: `--strict` takes no value
            profile lint --strict=yes --format
                         ^~~~~~~~~~~~
            command line:1:27: error: `--format` needs one of `text`, `json`, `github`
            profile lint --strict=yes --format
                                      ^~~~~~~~
            2 errors generated.

            """
        ),
        (
            ["generate", "swfit", "-o", "a.swift", "--output", "b.swift", "--acess", "public"],
            """
            command line:1:18: error: unknown language `swfit` (one of `swift`, `json-schema`, `catalog-schema`); did you mean `swift`?
            profile generate swfit -o a.swift --output b.swift --acess public
                             ^~~~~
            command line:1:35: error: `--output` is given twice; it takes one value
            profile generate swfit -o a.swift --output b.swift --acess public
                                              ^~~~~~~~
            command line:1:24: note: `--output` is first given here
            profile generate swfit -o a.swift --output b.swift --acess public
                                   ^~
            command line:1:52: error: unknown option `--acess`; did you mean `--access`?
            profile generate swfit -o a.swift --output b.swift --acess public
                                                               ^~~~~~~
            command line:1:60: error: unexpected argument `public`
            profile generate swfit -o a.swift --output b.swift --acess public
                                                                       ^~~~~~
            profile: note: usage: profile generate <language> [--output <file>] [--access <level>] [--include-local] [--check] (more in `profile generate --help`)
            4 errors generated.

            """
        ),
        (
            ["export"],
            """
            profile: error: name the format: `profile export <format> <profile>...`

            """
        ),
        (
            ["export", "json", "-", "--action", "test"],
            """
            command line:1:21: error: `-` is not a profile name
            profile export json - --action test
                                ^

            """
        ),
        (
            ["completion", "bash", "zsh"],
            """
            command line:1:25: error: unexpected argument `zsh`
            profile completion bash zsh
                                    ^~~
            profile: note: usage: profile completion <shell> (more in `profile completion --help`)

            """
        ),
        (
            ["init", "--directory"],
            """
            command line:1:14: error: `--directory` needs a directory
            profile init --directory
                         ^~~~~~~~~~~

            """
        ),
        (
            ["bogus"],
            """
            command line:1:9: error: unknown command `bogus`
            profile bogus
                    ^~~~~
            profile: note: usage: profile <subcommand> (more in `profile --help`)

            """
        ),
        (
            ["lnt"],
            """
            command line:1:9: error: unknown command `lnt`; did you mean `lint`?
            profile lnt
                    ^~~
            profile: note: usage: profile <subcommand> (more in `profile --help`)

            """
        ),
    ])
    func usageErrorsAreLocated(_ arguments: [String], _ expected: String) throws {
        let project = try Project(["profiles/p.yml": "{}\n"])
        let result = try project.profile(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == expected)
        #expect(!project.exists("profiles/_catalog.yml") && !project.exists("a.swift"))
    }

    // MARK: - One grammar: the same vectors through run, show, export and the completion scripts

    /// What a command understood of the overrides and profile names of a vector.
    struct Understanding: Equatable, CustomStringConvertible {
        var status: Int32
        var profiles: [String] = []
        var flags: [String: Bool] = [:]
        var mocks: [String: String] = [:]
        var values: [String: String] = [:]
        var environment: [String: String?] = [:]
        /// Standard error with every column made relative to the vector's first word, and the echoed command
        /// lines and usage lines (which name the command) left out.
        var errors: [String] = []

        var description: String {
            "status \(status), profiles \(profiles), flags \(flags), mocks \(mocks), values \(values), "
                + "environment \(environment), errors:\n" + errors.joined(separator: "\n")
        }
    }

    /// Vectors (the words after the command, before `--`), with overrides in every form. Profiles `p` and `q` exist;
    /// `C` and `D` are set in the invoking environment.
    static let vectors: [[String]] = [
        ["p", "--enable", "a", "--enable=b", "--disable", "c", "q"],
        ["p", "--mock", "net=stub", "--mock=db=memory", "--value", "n=3", "--value=s=text"],
        ["--env", "A=1", "p", "--env=B=2", "--unset", "C", "--unset=D"],
        ["--profiles-dir", "profiles", "q", "--enable", "-x-", "p"],
        ["p", "--mock", "net"],
        ["p", "--bogus", "--enabel=x", "-z", "q"],
        ["p", "-", "--value", "=3"],
        ["p", "--enable"],
        ["p", "--disable="],
        ["--env", "PROFILE_PAYLOAD=1", "p", "--unset", "1X", "--env", "NOEQ"],
        ["p", "--profiles-dir", "profiles", "--profiles-dir=profiles"],
        ["--unset", "PROFILE_PAYLOAD", "--mock=a=b=c", "nope"],
        [],
    ]

    static func project() throws -> Project {
        let project = try Project(["profiles/p.yml": "env: {FROM_P: p}\n", "profiles/q.yml": "flags: [fromQ]\n"])
        try project.write("bin/show", showChild, executable: true)
        return project
    }

    static let environment = ["C": "c", "D": "d", "PATH": "/usr/local/bin:/usr/bin:/bin"]

    /// The command line as `CommandLineSource` echoes it, up to the vector (`profile show `).
    static func prefix(_ command: [String]) -> String { "profile " + command.map { $0 + " " }.joined() }

    /// Standard error with columns relative to the vector, without the echoed command lines and their carets
    /// (the corpus checks those), and with the command's own usage (`profile show <profile>...`) left out.
    static func errors(_ stderr: String, prefix: String) -> [String] {
        var lines: [String] = []
        for line in stderr.split(separator: "\n").map(String.init) {
            if line.hasPrefix("profile ") || line.allSatisfy({ " ^~".contains($0) }) { continue }
            if line.hasPrefix("profile: note: usage: ") {
                lines.append("profile: note: usage: …")
            } else if line.hasPrefix("command line:1:"), let colon = line.dropFirst(15).firstIndex(of: ":"),
                let column = Int(line.dropFirst(15)[..<colon])
            {
                lines.append("column \(column - prefix.count)\(line[colon...])")
            } else {
                lines.append(line.replacing(/`profile [^`]*`/, with: "`profile …`"))
            }
        }
        return lines
    }

    /// `show --json`.
    static func show(_ vector: [String], in project: Project) throws -> Understanding {
        let result = try project.profile(["show", "--json"] + vector + ["--"], environment: environment)
        var understood = Understanding(
            status: result.status, errors: errors(result.stderr, prefix: prefix(["show", "--json"])))
        guard result.status == 0 else { return understood }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        understood.profiles = object["profiles"] as? [String] ?? []
        for flag in object["flags"] as? [[String: Any]] ?? [] {
            understood.flags[flag["key"] as! String] = flag["value"] as? Bool
        }
        for mock in object["mocks"] as? [[String: Any]] ?? [] {
            understood.mocks[mock["key"] as! String] = mock["variant"] as? String
        }
        for value in object["values"] as? [[String: Any]] ?? [] {
            understood.values[value["key"] as! String] = "\(value["value"]!)"
        }
        for entry in object["environment"] as? [[String: Any]] ?? [] {
            understood.environment[entry["name"] as! String] = .some(entry["value"] as? String)
        }
        return understood
    }

    /// The typed layer of a payload (`profile/1;profile=p;flag.a=1;...;end`): simple values, no escapes.
    static func decode(payload: String, into understood: inout Understanding) {
        for entry in payload.split(separator: ";") {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            let key = String(entry[..<equals])
            let value = String(entry[entry.index(after: equals)...])
            if key == "profile" { understood.profiles.append(value) }
            if key.hasPrefix("flag.") { understood.flags[String(key.dropFirst(5))] = value == "1" }
            if key.hasPrefix("mock.") { understood.mocks[String(key.dropFirst(5))] = value }
            if key.hasPrefix("value.") { understood.values[String(key.dropFirst(6))] = value }
        }
    }

    /// `export json`: the environment it writes, and the typed layer in its payload.
    static func export(_ vector: [String], in project: Project) throws -> Understanding {
        let result = try project.profile(["export", "json"] + vector + ["--"], environment: environment)
        var understood = Understanding(
            status: result.status, errors: errors(result.stderr, prefix: prefix(["export", "json"])))
        guard result.status == 0 else { return understood }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for (name, value) in object["environment"] as? [String: Any] ?? [:] {
            if name == "PROFILE_PAYLOAD" {
                decode(payload: value as! String, into: &understood)
            } else {
                understood.environment[name] = .some(value as? String)
            }
        }
        return understood
    }

    /// `run ... -- bin/show`: what the child received.
    static func run(_ vector: [String], in project: Project, names: Set<String>) throws -> Understanding {
        let result = try project.profile(["run"] + vector + ["--", project.path("bin/show")], environment: environment)
        var understood = Understanding(status: result.status, errors: errors(result.stderr, prefix: prefix(["run"])))
        guard result.status == 0 else { return understood }
        var received: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") where line.hasPrefix("env:") {
            let entry = line.dropFirst(4)
            guard let equals = entry.firstIndex(of: "=") else { continue }
            received[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        decode(payload: received["PROFILE_PAYLOAD"] ?? "", into: &understood)
        // The variables the profiles and overrides touch (as `show` names them): set, or absent.
        for name in names { understood.environment[name] = .some(received[name]) }
        return understood
    }

    /// What the bash completion script completes at each word of `words` (after `profile`), as a user typing that
    /// word would see: `flags`, `mock`, `value`, `env` (a `NAME=` assignment), `env-names`, `profiles`, or
    /// `other`. `profile __complete` is answered by a stand-in that names the query.
    static func completionKinds(_ words: [String], in project: Project) throws -> [String] {
        try project.write(
            "stand-in/profile", "#!/bin/sh\nshift\n[ \"$1\" = --profiles-dir ] && shift 2\necho \"kind=$1\"\n",
            executable: true)
        let script = CLI.repositoryRoot.appendingPathComponent("completions/profile.bash").path
        let lines = words.indices.map { index in "profile " + words[..<index].map { $0 + " " }.joined() }
        let driver = """
            source "$0"
            for COMP_LINE in "$@"; do
                COMP_POINT=${#COMP_LINE}
                COMPREPLY=()
                _profile
                kind=other
                for word in "${COMPREPLY[@]}"; do
                    case $word in kind=env-names=) kind=env ;; kind=*) kind=${word#kind=} ;; esac
                done
                echo "$kind"
            done
            """
        // bash 5 as the completion tests use it (`Tools`: on a Mac, Homebrew's; `/bin/bash` there is 3.2).
        let result = try CLI.run(
            try #require(Tools.path("bash"), "no bash 5"), ["-c", driver, script] + lines, in: project.root,
            environment: ["PATH": project.path("stand-in") + ":/usr/bin:/bin"])
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(arguments: GrammarTests.vectors)
    func oneGrammar(_ vector: [String]) throws {
        let project = try Self.project()
        let show = try Self.show(vector, in: project)
        let export = try Self.export(vector, in: project)
        let run = try Self.run(vector, in: project, names: Set(show.environment.keys))
        // Every command understood the same overrides and names, or reported the same problems.
        #expect(show == export, "show:\n\(show)\nexport json:\n\(export)")
        #expect(show == run, "show:\n\(show)\nrun:\n\(run)")
        if show.status == 0 {
            #expect(show.errors == [])
        } else {
            #expect(show.status == 64)
            #expect(!show.errors.isEmpty, "problems are reported")
        }

        // The completion scripts read the words the same way: where a command took a word as the value of an
        // option or as a profile name, completing that word offers the same kind of word.
        // Without bash 5 this part is left out (PROFILE_REQUIRE_SHELLS=1 makes a missing bash a failure elsewhere:
        // `CompletionTests.requiredToolsAreInstalled`).
        guard show.status == 0, Tools.available("bash") else { return }
        var expected: [Int: String] = [:]
        for (index, word) in vector.enumerated() where index > 0 && !word.hasPrefix("-") {
            switch vector[index - 1] {
            case "--enable", "--disable": expected[index] = "flags"
            case "--mock": expected[index] = "mock"
            case "--value": expected[index] = "value"
            case "--env": expected[index] = "env"
            case "--unset": expected[index] = "env-names"
            case "--profiles-dir": expected[index] = "other"
            default: break
            }
        }
        for (index, word) in vector.enumerated() where expected[index] == nil && show.profiles.contains(word) {
            expected[index] = "profiles"
        }
        #expect(expected.values.filter { $0 == "profiles" }.count == show.profiles.count, "\(expected)")
        for command in [["run"], ["show"], ["export", "json"]] {
            let kinds = try Self.completionKinds(command + vector, in: project).dropFirst(command.count)
            for (index, kind) in expected {
                #expect(
                    kinds[command.count + index] == kind,
                    "`profile \(command.joined(separator: " "))`, word \(index) `\(vector[index])`: \(Array(kinds))")
            }
        }
    }

    /// The overrides themselves, once: what `show` understood of the vectors that are valid.
    @Test func theVectorsMeanWhatTheySay() throws {
        let project = try Self.project()
        let first = try Self.show(Self.vectors[0], in: project)
        #expect(first.profiles == ["p", "q"])
        #expect(first.flags == ["a": true, "b": true, "c": false, "fromQ": true])
        let second = try Self.show(Self.vectors[1], in: project)
        #expect(second.mocks == ["net": "stub", "db": "memory"])
        #expect(second.values == ["n": "3", "s": "text"])
        let third = try Self.show(Self.vectors[2], in: project)
        let unset: String? = nil
        #expect(third.environment == ["A": "1", "B": "2", "C": unset, "D": unset, "FROM_P": "p"])
        let fourth = try Self.show(Self.vectors[3], in: project)
        #expect(fourth.status == 64)
        #expect(
            fourth.errors == [
                "column 36: error: `-x-` is not a valid flag name (words of letters, digits and `_`, joined by `.` or `-`)"
            ])
    }
}

/// `run`'s modes are read by the names of the grammar's options: every option of `run` that is neither an override
/// nor `--profiles-dir` is read into `Run.Modes` (an option added to the grammar and not read there, or read by a
/// name the grammar does not give, fails here).
@Suite struct RunModesTests {
    @Test func everyOptionOfRunIsAMode() throws {
        var read: [String: Int] = [:]
        for option in Grammar.run.options where option.override == nil && option.name != Grammar.profilesDirectory.name
        {
            let arguments = ["run", option.name] + (option.value == nil ? [] : ["1"]) + ["p", "--", "x"]
            guard case .invocation(let invocation) = CommandLineReader.read(arguments) else {
                Issue.record("\(arguments) is not an invocation")
                continue
            }
            let modes = ProfileCommand.Run.Modes(invocation)
            read[option.name] = Mirror(reflecting: modes).children.count { ($0.value as? Located<String>) != nil }
        }
        #expect(
            read == [
                "--no-arguments": 1, "--prefix": 1, "--dry-run": 1, "--json": 1, "--reveal": 1, "--each": 1,
                "--keep-going": 1, "--redact": 1, "--watch": 1, "--grace": 2,
            ])
    }
}

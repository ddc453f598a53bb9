import Foundation
import TestSupport
import Testing

/// Completion scripts: committed ones are current, they agree with the real command line, and they work in real
/// bash, zsh and fish sessions started in a subdirectory of a repository with 100 profiles.
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct CompletionTests {
    @Test(arguments: [("bash", "profile.bash"), ("zsh", "_profile"), ("fish", "profile.fish")])
    func committedScriptsAreCurrent(shell: String, file: String) throws {
        let generated = try CLI.profile(["completion", shell]).stdout
        let committed = try String(
            contentsOf: CLI.repositoryRoot.appendingPathComponent("completions/\(file)"), encoding: .utf8)
        #expect(
            generated == committed,
            "completions/\(file) is stale: run `profile completion \(shell) > completions/\(file)`")
    }

    @Test func scriptsKnowEveryOptionOfEveryCommand() throws {
        let dump = try CLI.profile(["--experimental-dump-help"]).stdout
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        let bash = try CLI.profile(["completion", "bash"]).stdout
        for subcommand in subcommands {
            let name = try #require(subcommand["commandName"] as? String)
            if name == "help" { continue }
            #expect(bash.contains("\n        \(name)) opts="), "bash completion lacks the `\(name)` command")
            let arguments = subcommand["arguments"] as? [[String: Any]] ?? []
            let options = arguments.filter { ($0["kind"] as? String) != "positional" }.flatMap { argument in
                (argument["names"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                    guard (entry["kind"] as? String) == "long", let long = entry["name"] as? String else { return nil }
                    return long == "version" || long == "help" ? nil : "--" + long
                }
            }
            let line = bash.split(separator: "\n").first { $0.hasPrefix("        \(name)) opts=") } ?? ""
            for option in options {
                #expect(
                    line.contains(" \(option)") || line.contains("\"\(option)"),
                    "`\(name) \(option)` is missing from the scripts")
            }
        }
    }

    /// A repository with 100 profiles, an abstract base and a catalog, and a deep working directory.
    static func repository() throws -> Project {
        var files: [String: String] = [
            "profiles/base.yml": "description: Shared\nabstract: true\n",
            "profiles/uitest.yml": "description: UI tests\nextends: base\n",
            "profiles/unit.yml": "description: Unit tests\n",
            "profiles/_catalog.yml":
                "flags:\n  verbose: Talk more\nmocks:\n  network:\n    variants: {live: Real, stub: Canned, offline: None}\n"
                + "values:\n  pageSize: {type: int}\n  mode: {type: string}\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ]
        for index in 1...97 { files["profiles/p\(index).yml"] = "description: Profile \(index)\nextends: base\n" }
        let project = try Project(files)
        try FileManager.default.createDirectory(atPath: project.path("sub/dir"), withIntermediateDirectories: true)
        return project
    }

    /// The built `profile` first, then where the tools were found (Homebrew's folders on a Mac).
    var path: String { CLI.productsDirectory.path + ":" + Tools.sessionPath }

    @Test func queriesHideAbstractProfilesAndKnowTheCatalog() throws {
        let project = try Self.repository()
        let profiles = try project.profile(["__complete", "profiles"], in: "sub/dir").stdout.split(separator: "\n")
        #expect(profiles.count == 99)
        #expect(profiles.contains("uitest\tUI tests"))
        #expect(!profiles.contains { $0.hasPrefix("base") })
        #expect(
            try project.profile(["__complete", "mock", "network="], in: "sub/dir").stdout
                == "network=live\tReal\nnetwork=stub\tCanned\nnetwork=offline\tNone\n")
        #expect(try project.profile(["__complete", "mock", ""], in: "sub/dir").stdout == "network=\n")
        #expect(try project.profile(["__complete", "flags"], in: "sub/dir").stdout == "verbose\tTalk more\n")
        #expect(try CLI.profile(["__complete", "profiles"], in: "/").stdout == "")
    }

    // The tests in real shells. Each declares the tools it needs (see `Tools`): a missing one skips it with the
    // reason shown by `swift test`, except under PROFILE_REQUIRE_SHELLS=1, where the next test fails.

    @Test(.enabled(if: Tools.required, "PROFILE_REQUIRE_SHELLS is not 1: a missing tool skips the tests that need it"))
    func requiredToolsAreInstalled() {
        let missing = Tools.missing(Tools.all)
        #expect(
            missing.isEmpty,
            "PROFILE_REQUIRE_SHELLS=1 and \(missing.joined(separator: ", ")) missing: install them to test completions")
    }

    @Test(.enabled(if: Tools.available("fish"), "needs fish"))
    func fishCompletesNamesAndVariants() throws {
        let project = try Self.repository()
        #expect(try fish("profile run u", in: project) == ["uitest\tUI tests", "unit\tUnit tests"])
        #expect(
            try fish("profile run uitest --mock network=", in: project) == [
                "network=live\tReal", "network=offline\tNone", "network=stub\tCanned",
            ])
    }

    @Test(.enabled(if: Tools.available("fish", "git"), "needs fish and git"))
    func fishCompletesTheWrappedCommand() throws {
        let project = try Self.repository()
        let git = try fish("profile run uitest -- git ch", in: project)
        #expect(git.contains { $0.hasPrefix("checkout") } && git.contains { $0.hasPrefix("cherry-pick") }, "\(git)")
    }

    @Test(.enabled(if: Tools.available("bash", "tmux"), "needs bash 5 and tmux"))
    func bashCompletesNamesAndVariants() async throws {
        try await completesNamesAndVariants(shell: "bash")
    }

    /// bash completes another command's arguments through bash-completion (git's completion is one of its files).
    @Test(
        .enabled(
            if: Tools.available("bash", "tmux", "git", "bash-completion"),
            "needs bash 5, tmux, git and bash-completion (Debian's bash-completion, Homebrew's bash-completion@2)"))
    func bashCompletesTheWrappedCommand() async throws {
        try await completesTheWrappedCommand(shell: "bash")
    }

    @Test(.enabled(if: Tools.available("zsh", "tmux"), "needs zsh and tmux"))
    func zshCompletesNamesAndVariants() async throws {
        try await completesNamesAndVariants(shell: "zsh")
    }

    @Test(.enabled(if: Tools.available("zsh", "tmux", "git"), "needs zsh, tmux and git"))
    func zshCompletesTheWrappedCommand() async throws {
        try await completesTheWrappedCommand(shell: "zsh")
    }

    /// An option's fixed values are the command's: `import --action` offers `profile`, `export --action` does not
    /// (the scripts used to take every command's `--action` values from `export`, the first to declare it).
    @Test(.enabled(if: Tools.available("bash"), "needs bash 5"))
    func bashOffersTheCommandsOwnOptionValues() throws {
        let project = try Self.repository()
        #expect(try bash("profile import xcscheme F.xcscheme --action ", in: project) == ["launch", "test", "profile"])
        #expect(try bash("profile import xcscheme F.xcscheme --action p", in: project) == ["profile"])
        #expect(try bash("profile export xcscheme uitest --action ", in: project) == ["launch", "test"])
        #expect(try bash("profile export xcscheme uitest --action p", in: project) == [])
    }

    @Test(.enabled(if: Tools.available("fish"), "needs fish"))
    func fishOffersTheCommandsOwnOptionValues() throws {
        let project = try Self.repository()
        #expect(try fish("profile import xcscheme F.xcscheme --action ", in: project) == ["launch", "profile", "test"])
        #expect(try fish("profile export xcscheme uitest --action ", in: project) == ["launch", "test"])
    }

    @Test(.enabled(if: Tools.available("zsh", "tmux"), "needs zsh and tmux"))
    func zshOffersTheCommandsOwnOptionValues() async throws {
        let project = try Self.repository()
        let screen = try await tmux(
            shell: "zsh", line: "profile import xcscheme F.xcscheme --action ", expected: ["launch", "test"],
            project: project)
        let menu = screen.split(separator: "\n").filter { $0.contains("launch") && !$0.contains("xcscheme") }
        #expect(menu.count == 1 && menu[0].contains("test") && menu[0].contains("profile"), "\(screen)")
    }

    /// A profile already named is not offered again (`profile run example <TAB>` used to give `example example`),
    /// except by `diff`, which compares a profile with itself (`profile diff uitest uitest --disable …`).
    @Test(.enabled(if: Tools.available("bash"), "needs bash 5"))
    func bashOffersEachProfileOnce() throws {
        let project = try Self.repository()
        #expect(try bash("profile run uitest u", in: project) == ["unit"])
        #expect(try bash("profile show uitest unit u", in: project) == [])
        #expect(try bash("profile run --each unit --enable verbose u", in: project) == ["uitest"])
        #expect(try bash("profile diff uitest u", in: project) == ["uitest", "unit"])
        let alone = try Project(["profiles/example.yml": "description: The one\n", ".git/HEAD": "ref: x\n"])
        try FileManager.default.createDirectory(atPath: alone.path("sub/dir"), withIntermediateDirectories: true)
        #expect(try bash("profile run ", in: alone) == ["example"])
        #expect(try bash("profile run example ", in: alone) == [])
    }

    @Test(.enabled(if: Tools.available("fish"), "needs fish"))
    func fishOffersEachProfileOnce() throws {
        let project = try Self.repository()
        #expect(try fish("profile run uitest u", in: project) == ["unit\tUnit tests"])
        #expect(try fish("profile diff uitest u", in: project) == ["uitest\tUI tests", "unit\tUnit tests"])
    }

    /// zsh offers the mock points and the values after `--mock` and `--value` (it used to offer nothing), then the
    /// variants, and each profile once: the whole command line after TAB, or the whole list it shows.
    @Test(.enabled(if: Tools.available("zsh", "tmux"), "needs zsh and tmux"))
    func zshCompletesMocksValuesAndEachProfileOnce() async throws {
        let project = try Self.repository()
        // One TAB: the line completes; a second one would complete the next word (under load, once, a `p`).
        func line(_ typed: String, _ expected: String) async throws {
            let screen = try await tmux(shell: "zsh", line: typed, expected: [expected], project: project, tabs: 1)
            #expect(Self.commandLine(screen) == expected, "\(screen)")
        }
        try await line("profile run uitest --mock ", "READY% profile run uitest --mock network=")
        try await line("profile run uitest --mock network=s", "READY% profile run uitest --mock network=stub")
        try await line("profile run uitest --value p", "READY% profile run uitest --value pageSize=")
        try await line("profile run uitest u", "READY% profile run uitest unit")
        let values = try await tmux(
            shell: "zsh", line: "profile run uitest --value ", expected: ["mode=", "pageSize="], project: project)
        // Each with its type as its description.
        #expect(Self.listed(values) == ["--", "--", "int", "mode=", "pageSize=", "string"], "\(values)")
        let mocks = try await tmux(
            shell: "zsh", line: "profile run uitest --mock network=", expected: ["live", "stub", "offline"],
            project: project)
        #expect(
            Self.listed(mocks) == ["--", "--", "--", "Canned", "None", "Real", "live", "offline", "stub"], "\(mocks)")
        let diff = try await tmux(
            shell: "zsh", line: "profile diff uitest u", expected: ["unit", "UI tests"], project: project)
        #expect(Self.listed(diff) == ["--", "--", "UI", "Unit", "tests", "tests", "uitest", "unit"], "\(diff)")
    }

    /// The command line on a zsh screen (`READY% …`), its trailing spaces removed.
    static func commandLine(_ screen: String) -> String {
        let line = screen.split(separator: "\n").first { $0.hasPrefix("READY% profile") } ?? ""
        return String(line.reversed().drop { $0 == " " }.reversed())
    }

    /// The words zsh lists under the command line, sorted.
    static func listed(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let prompt = lines.firstIndex(where: { $0.hasPrefix("READY% profile") }) else { return [] }
        return lines[(prompt + 1)...].flatMap { $0.split(separator: " ").map(String.init) }.sorted()
    }

    /// What the bash script's `_profile` offers for `line` (the cursor at its end), called directly as bash's
    /// `complete -F` would, without bash-completion (the script then splits `COMP_LINE` itself).
    func bash(_ line: String, in project: Project) throws -> [String] {
        let script = CLI.repositoryRoot.appendingPathComponent("completions/profile.bash").path
        let result = try CLI.run(
            Tools.path("bash") ?? "bash",
            [
                "--noprofile", "--norc", "-c",
                #". "$0"; COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; _profile; printf '%s\n' "${COMPREPLY[@]}""#,
                script, line,
            ],
            in: project.path("sub/dir"), environment: ["PATH": path, "HOME": project.root])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// What fish's `complete -C` offers for `line`, in the project's `sub/dir`.
    func fish(_ line: String, in project: Project) throws -> [String] {
        let script = CLI.repositoryRoot.appendingPathComponent("completions/profile.fish").path
        let result = try CLI.run(
            Tools.path("fish") ?? "fish", ["-c", "source \(script); complete -C '\(line)'"],
            in: project.path("sub/dir"), environment: ["PATH": path, "HOME": project.root])
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func completesNamesAndVariants(shell: String) async throws {
        let project = try Self.repository()
        let names = try await tmux(shell: shell, line: "profile run u", expected: ["uitest", "unit"], project: project)
        #expect(names.contains("uitest") && names.contains("unit"), "\(names)")
        #expect(!names.contains("base"))
        let variants = try await tmux(
            shell: shell, line: "profile run uitest --mock network=", expected: ["live", "stub", "offline"],
            project: project)
        #expect(["live", "stub", "offline"].allSatisfy(variants.contains), "\(variants)")
    }

    func completesTheWrappedCommand(shell: String) async throws {
        let project = try Self.repository()
        let git = try await tmux(
            shell: shell, line: "profile run uitest -- git ch", expected: ["checkout", "cherry-pick"], project: project)
        #expect(git.contains("checkout") && git.contains("cherry-pick"), "\(git)")
    }

    /// Types `line` and TAB (`tabs` times; by default twice for zsh, so it lists) in a real interactive shell inside a
    /// tmux server of its own, and returns the screen once `expected` shows (or when the wait gives up). The server is
    /// gone when this returns.
    ///
    /// Each key goes to a shell that waits for it, never as typeahead (zsh drops a listing when input is pending): the
    /// line once the prompt shows, each TAB once the screen shows what the keys before it did (the line echoed; the
    /// previous TAB's insertion or listing).
    func tmux(shell: String, line: String, expected: [String], project: Project, tabs: Int? = nil) async throws
        -> String
    {
        let session = "profile-test"
        let tabs = tabs ?? (shell == "bash" ? 1 : 2)
        let env = [
            "PATH": path, "HOME": project.root, "TERM": "xterm", "ZDOTDIR": project.root, "LANG": Tools.utf8Locale,
        ]
        try project.write(shell == "bash" ? "bashrc" : ".zshrc", Self.rcFile(shell: shell, project: project))
        // The shell found (on a Mac, Homebrew's bash 5, not /bin/bash 3.2), by its path.
        let executable = Tools.path(shell) ?? shell
        let command =
            shell == "bash" ? "\(executable) --noprofile --rcfile \(project.path("bashrc")) -i" : "\(executable) -i"
        // A server of its own, its socket in the project folder, started with this environment.
        let server = TmuxServer(socket: project.path("tmux-\(UUID().uuidString.prefix(8))"), environment: env)
        defer { server.stop() }
        try server.start(session: session, command: command, in: project.path("sub/dir"))
        func capture() throws -> String { try server.run(["capture-pane", "-p", "-t", session]).stdout }
        var screen = ""
        func waitForScreen(_ condition: (String) -> Bool) async throws {
            try await Wait.until(every: .milliseconds(10)) {
                screen = try capture()
                return condition(screen)
            }
        }
        // The prompt, then the line as typed after it, the cursor after its last character (tmux leaves out the
        // spaces that end a line: a space typed last shows only as the cursor's move).
        let prompt = shell == "bash" ? "READY$" : "READY%"
        try await waitForScreen { $0.contains(prompt) }
        try server.run(["send-keys", "-t", session, "-l", line])
        let typed = prompt + " " + line
        try await Wait.until(every: .milliseconds(10)) {
            screen = try capture()
            let column = try server.run(["display-message", "-p", "-t", session, "#{cursor_x}"]).stdout
            return screen.contains(String(typed.reversed().drop { $0 == " " }.reversed()))
                && Int(column.trimmingCharacters(in: .whitespacesAndNewlines)) == typed.count
        }
        for _ in 0..<tabs where !expected.allSatisfy(screen.contains) {
            let before = screen
            try server.run(["send-keys", "-t", session, "Tab"])
            try await waitForScreen { $0 != before }
        }
        try await waitForScreen { screen in expected.allSatisfy(screen.contains) }
        return screen
    }

    /// The dump of zsh's completion functions (`compinit -d`), `completions/_profile` among them, made once for the
    /// run, beside the built products (each run makes it anew: written under a name of its own, then renamed into
    /// place); each session loads it as it is (`compinit -C`). Made anew by each session, it took two seconds and more
    /// of CPU a session (zsh reads every function of its `fpath`): most of this suite's time.
    static let zshCompletionDump: String = {
        let dump = CLI.productsDirectory.appendingPathComponent("completion-tests.zcompdump").path
        let scratch = dump + ".\(getpid())"
        let scripts = CLI.repositoryRoot.appendingPathComponent("completions").path
        _ = try? CLI.run(
            Tools.path("zsh") ?? "zsh",
            ["-f", "-c", "fpath=(\(scripts) $fpath); autoload -Uz compinit && compinit -u -d \(scratch)"],
            environment: ["HOME": CLI.productsDirectory.path, "TERM": "xterm"])
        rename(scratch, dump)
        return dump
    }()

    static func rcFile(shell: String, project: Project) -> String {
        let scripts = CLI.repositoryRoot.appendingPathComponent("completions").path
        if shell == "bash" {
            return """
                PS1='READY$ '
                \(Tools.bashCompletion.map { ". \($0)" } ?? "# (no bash-completion: only profile's own completion)")
                . \(scripts)/profile.bash
                bind 'set show-all-if-ambiguous on'
                bind 'set completion-query-items 0'
                bind 'set page-completions off'
                bind 'set bell-style none'

                """
        }
        return """
            PS1='READY%% '
            fpath=(\(scripts) $fpath)
            autoload -Uz compinit && compinit -u -C -d \(zshCompletionDump)
            zstyle ':completion:*' list-prompt ''
            unsetopt beep

            """
    }
}

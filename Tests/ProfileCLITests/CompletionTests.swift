import Foundation
import Testing

/// Completion scripts: committed ones are current, they agree with the real command line, and they work in real
/// bash, zsh and fish sessions started in a subdirectory of a repository with 100 profiles.
@Suite(.serialized) struct CompletionTests {
    @Test(arguments: [("bash", "profile.bash"), ("zsh", "_profile"), ("fish", "profile.fish")])
    func committedScriptsAreCurrent(shell: String, file: String) throws {
        let generated = try CLI.profile(["completion", shell]).stdout
        let committed = try String(contentsOf: CLI.repositoryRoot.appendingPathComponent("completions/\(file)"), encoding: .utf8)
        #expect(generated == committed, "completions/\(file) is stale: run `profile completion \(shell) > completions/\(file)`")
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
                #expect(line.contains(" \(option)") || line.contains("\"\(option)"), "`\(name) \(option)` is missing from the scripts")
            }
        }
    }

    /// A repository with 100 profiles, an abstract base and a catalog, and a deep working directory.
    static func repository() throws -> Project {
        var files: [String: String] = [
            "profiles/base.yml": "description: Shared\nabstract: true\n",
            "profiles/uitest.yml": "description: UI tests\nextends: base\n",
            "profiles/unit.yml": "description: Unit tests\n",
            "profiles/_catalog.yml": "flags:\n  verbose: Talk more\nmocks:\n  network:\n    variants: {live: Real, stub: Canned, offline: None}\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ]
        for index in 1...97 { files["profiles/p\(index).yml"] = "description: Profile \(index)\nextends: base\n" }
        let project = try Project(files)
        try FileManager.default.createDirectory(atPath: project.path("sub/dir"), withIntermediateDirectories: true)
        return project
    }

    static func shellPath(_ name: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Real shells are required in CI (`.ci/run` installs them); elsewhere a missing shell skips its test.
    static func require(_ tools: String...) -> Bool {
        let missing = tools.filter { shellPath($0) == nil }
        if missing.isEmpty { return true }
        if ProcessInfo.processInfo.environment["PROFILE_REQUIRE_SHELLS"] == "1" {
            Issue.record("missing \(missing.joined(separator: ", ")): install them to test completions")
        }
        return false
    }

    var path: String { CLI.productsDirectory.path + ":/usr/local/bin:/usr/bin:/bin" }

    @Test func queriesHideAbstractProfilesAndKnowTheCatalog() throws {
        let project = try Self.repository()
        let profiles = try project.profile(["__complete", "profiles"], in: "sub/dir").stdout.split(separator: "\n")
        #expect(profiles.count == 99)
        #expect(profiles.contains("uitest\tUI tests"))
        #expect(!profiles.contains { $0.hasPrefix("base") })
        #expect(try project.profile(["__complete", "mock", "network="], in: "sub/dir").stdout == "network=live\tReal\nnetwork=stub\tCanned\nnetwork=offline\tNone\n")
        #expect(try project.profile(["__complete", "mock", ""], in: "sub/dir").stdout == "network=\n")
        #expect(try project.profile(["__complete", "flags"], in: "sub/dir").stdout == "verbose\tTalk more\n")
        #expect(try CLI.profile(["__complete", "profiles"], in: "/").stdout == "")
    }

    @Test func fish() throws {
        guard Self.require("fish") else { return }
        let project = try Self.repository()
        let script = CLI.repositoryRoot.appendingPathComponent("completions/profile.fish").path
        func complete(_ line: String) throws -> [String] {
            let result = try CLI.run(
                Self.shellPath("fish")!, ["-c", "source \(script); complete -C '\(line)'"],
                in: project.path("sub/dir"), environment: ["PATH": path, "HOME": project.root])
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete("profile run u") == ["uitest\tUI tests", "unit\tUnit tests"])
        #expect(try complete("profile run uitest --mock network=") == ["network=live\tReal", "network=offline\tNone", "network=stub\tCanned"])
        let git = try complete("profile run uitest -- git ch")
        #expect(git.contains { $0.hasPrefix("checkout") } && git.contains { $0.hasPrefix("cherry-pick") }, "\(git)")
    }

    /// Types `line` and TAB (twice for zsh, so it lists) in a real interactive shell inside tmux, and returns the
    /// screen once `expected` shows (or after a timeout).
    func tmux(shell: String, rc: String, line: String, tabs: Int, expected: [String], project: Project) throws -> String {
        let session = "profile-test"
        let tmuxPath = Self.shellPath("tmux")!
        let env = ["PATH": path, "HOME": project.root, "TERM": "xterm", "ZDOTDIR": project.root, "LANG": "C.UTF-8"]
        // A server of its own (-L), started with this environment, so no running tmux server interferes.
        let socket = "profile-test-\(UUID().uuidString.prefix(8))"
        func tmux(_ arguments: [String], in directory: String? = nil, environment: [String: String]) throws -> CLI.Result {
            try CLI.run(tmuxPath, ["-L", socket, "-f", "/dev/null"] + arguments, in: directory, environment: environment)
        }
        try project.write(rc.hasSuffix(".zshrc") ? ".zshrc" : "bashrc", Self.rcFile(shell: shell, project: project))
        let command = shell == "bash" ? "bash --noprofile --rcfile \(project.path("bashrc")) -i" : "zsh -i"
        _ = try tmux(["new-session", "-d", "-s", session, "-x", "200", "-y", "50", command], in: project.path("sub/dir"), environment: env)
        defer { _ = try? tmux(["kill-server"], environment: env) }
        var screen = ""
        // Wait for the prompt, type, press TAB, then poll the screen.
        for _ in 0..<100 {
            screen = try tmux(["capture-pane", "-p", "-t", session], environment: env).stdout
            if screen.contains("READY") { break }
            usleep(100_000)
        }
        _ = try tmux(["send-keys", "-t", session, "-l", line], environment: env)
        for _ in 0..<tabs {
            usleep(300_000)
            _ = try tmux(["send-keys", "-t", session, "Tab"], environment: env)
        }
        for _ in 0..<100 {
            screen = try tmux(["capture-pane", "-p", "-t", session], environment: env).stdout
            if expected.allSatisfy(screen.contains) { break }
            usleep(100_000)
        }
        return screen
    }

    static func rcFile(shell: String, project: Project) -> String {
        let scripts = CLI.repositoryRoot.appendingPathComponent("completions").path
        if shell == "bash" {
            return """
                PS1='READY$ '
                [ -r /usr/share/bash-completion/bash_completion ] && . /usr/share/bash-completion/bash_completion
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
            autoload -Uz compinit && compinit -u -d \(project.path(".zcompdump"))
            zstyle ':completion:*' list-prompt ''
            unsetopt beep

            """
    }

    @Test(arguments: ["bash", "zsh"])
    func realShells(shell: String) throws {
        guard Self.require(shell, "tmux") else { return }
        let project = try Self.repository()
        let rc = shell == "bash" ? "bashrc" : ".zshrc"
        let tabs = shell == "bash" ? 1 : 2
        let names = try tmux(shell: shell, rc: rc, line: "profile run u", tabs: tabs, expected: ["uitest", "unit"], project: project)
        #expect(names.contains("uitest") && names.contains("unit"), "\(names)")
        #expect(!names.contains("base"))
        let variants = try tmux(
            shell: shell, rc: rc, line: "profile run uitest --mock network=", tabs: tabs, expected: ["live", "stub", "offline"],
            project: project)
        #expect(["live", "stub", "offline"].allSatisfy(variants.contains), "\(variants)")
        let git = try tmux(
            shell: shell, rc: rc, line: "profile run uitest -- git ch", tabs: tabs, expected: ["checkout", "cherry-pick"],
            project: project)
        #expect(git.contains("checkout") && git.contains("cherry-pick"), "\(git)")
    }
}

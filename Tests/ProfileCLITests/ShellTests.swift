import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `profile shell`: the user's shell with the profile applied and `PROFILE_ACTIVE` exported; `exit` returns to the
/// shell before, unchanged; nested shells compose.
@Suite(.timeLimit(.minutes(20)), .ownThreads) struct ShellTests {
    func project() throws -> Project {
        let project = try Project([
            "profiles/uitest.yml": "env: {LOG_LEVEL: debug}\narguments: [-UITests]\nflags: [skipOnboarding]\n",
            "profiles/offline.yml": "env: {NET: 'off'}\nmocks: {network: offline}\n",
            "profiles/base.yml": "abstract: true\n",
            "profiles/broken.yml": "extends: nope\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
        // A "shell" that prints how it was started and what it received, then exits.
        try project.write(
            "bin/fake-shell", "#!/bin/sh\necho \"argv: $0 $*\"\nenv | LC_ALL=C sort | sed 's/^/env:/'\n",
            executable: true)
        return project
    }

    @Test func startsTheShellWithTheProfileApplied() throws {
        let project = try project()
        let result = try project.profile(
            ["shell", "uitest", "offline", "--env", "EXTRA=1"],
            environment: ["SHELL": project.path("bin/fake-shell"), "LOG_LEVEL": "info"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "argv: \(project.path("bin/fake-shell")) -i")  // interactive, no argument appended
        #expect(lines.contains("env:PROFILE_ACTIVE=uitest+offline"))
        #expect(lines.contains("env:LOG_LEVEL=debug"))
        #expect(lines.contains("env:NET=off"))
        #expect(lines.contains("env:EXTRA=1"))
        #expect(
            lines.contains(
                "env:PROFILE_PAYLOAD=profile/1;profile=uitest;profile=offline;flag.skipOnboarding=1;"
                    + "mock.network=offline;argument=-UITests;env=LOG_LEVEL;env=NET;env=EXTRA;end"))
        #expect(
            result.stderr
                == "profile: a shell with uitest+offline (PROFILE_ACTIVE=uitest+offline); `exit` to leave it\n")
    }

    @Test func withoutSHELLItIsBinSh() throws {
        let project = try project()
        let result = try project.profile(["shell", "uitest"], stdin: "echo \"in $PROFILE_ACTIVE\"\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("in uitest\n"))
    }

    @Test(arguments: [
        (["shell", "nope"], 65, "command line:1:15: error: unknown profile `nope`"),
        (["shell", "broken"], 65, "profiles/broken.yml:1:10: error: unknown profile `nope`"),
        (["shell", "base"], 65, "profile `base` is abstract: it can be extended, not run"),
        (["shell"], 64, "error: name at least one profile: `profile shell <profile>...`"),
        (["shell", "uitest", "--bogus"], 64, "command line:1:22: error: unknown option `--bogus`"),
        (["shell", "uitest", "--env", "PROFILE_ACTIVE=x"], 64, "`PROFILE_ACTIVE` is reserved"),
    ])
    func badInputStartsNoShell(arguments: [String], status: Int32, message: String) throws {
        let project = try project()
        try project.write("bin/touching-shell", "#!/bin/sh\ntouch \"$LAUNCHED\"\n", executable: true)
        let result = try project.profile(
            arguments, environment: ["SHELL": project.path("bin/touching-shell"), "LAUNCHED": project.path("launched")])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!project.exists("launched"))
    }

    /// A real interactive bash in tmux: `profile shell uitest` shows the profile's values, a nested `profile shell`
    /// and `profile run` compose, and `exit` comes back to the shell as it was.
    @Test(.enabled(if: Tools.available("bash", "tmux"), "needs bash 5 and tmux"))
    func interactiveShellThroughTmux() async throws {
        let project = try project()
        let binaries = CLI.productsDirectory.path
        // The bash found (on a Mac, Homebrew's bash 5), as the login shell `profile shell` starts from SHELL.
        let bash = Tools.path("bash") ?? "/bin/bash"
        let env = [
            "PATH": binaries + ":" + Tools.sessionPath, "HOME": project.root, "TERM": "xterm",
            "LANG": Tools.utf8Locale, "SHELL": bash, "LOG_LEVEL": "outer",
        ]
        // The README's prompt: the profiles applied, in brackets.
        try project.write(
            ".bashrc", "PS1='${PROFILE_ACTIVE:+[$PROFILE_ACTIVE]}READY$ '\n")
        let server = TmuxServer(socket: project.path("tmux-\(UUID().uuidString.prefix(8))"), environment: env)
        defer { server.stop() }
        try server.start(
            session: "shell", command: "\(bash) --noprofile --rcfile \(project.path(".bashrc")) -i", in: project.root)

        func screen() throws -> String { try server.run(["capture-pane", "-p", "-t", "shell"]).stdout }
        func type(_ line: String) throws {
            try server.run(["send-keys", "-t", "shell", "-l", line])
            try server.run(["send-keys", "-t", "shell", "Enter"])
        }
        /// Waits until the screen holds `text` (as a whole line when `line`); returns the screen.
        @discardableResult
        func waitFor(_ text: String) async throws -> String {
            var current = ""
            let shown = try await Wait.until {
                current = try screen()
                return current.split(separator: "\n").contains(where: { $0 == text })
            }
            if !shown { Issue.record("the screen never showed the line `\(text)`:\n\(current)") }
            return current
        }

        try await waitFor("READY$")
        try type("profile shell uitest")
        try await waitFor("[uitest]READY$")
        try type("echo \"A:$PROFILE_ACTIVE:$LOG_LEVEL\"")
        try await waitFor("A:uitest:debug")
        try type("profile shell offline")
        try await waitFor("[uitest+offline]READY$")
        try type("echo \"B:$PROFILE_ACTIVE:$LOG_LEVEL:$NET\"")
        try await waitFor("B:uitest+offline:debug:off")
        try type("profile run offline -- sh -c 'echo \"C:$PROFILE_ACTIVE:$0:$PROFILE_PAYLOAD\"'")
        // The outer profile's argument is appended (`sh -c` takes it as `$0`).
        try await waitFor(
            "C:uitest+offline+offline:-UITests:profile/1;profile=uitest;profile=offline;profile=offline;flag.skipOnboarding=1;"
                + "mock.network=offline;argument=-UITests;env=LOG_LEVEL;env=NET;end")
        try type("exit")
        try await waitFor("[uitest]READY$")
        try type("exit")
        try type("clear")
        try await waitFor("READY$")
        try type("echo \"D:${PROFILE_ACTIVE-unset}:$LOG_LEVEL:${NET-unset}:${PROFILE_PAYLOAD-unset}\"")
        try await waitFor("D:unset:outer:unset:unset")
    }
}

import Foundation
import Testing

/// `profile run` end to end: the built binary, real files, a real child.
@Suite(.timeLimit(.minutes(20))) struct RunTests {
    func project(_ files: [String: String] = [:]) throws -> Project {
        let project = try Project(files)
        try project.write("bin/show", showChild, executable: true)
        return project
    }

    /// The child's `arg:` and selected `env:` lines.
    func received(_ result: CLI.Result, env names: [String]) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter { line in
            line.hasPrefix("arg:") || names.contains { line.hasPrefix("env:\($0)=") }
        }
    }

    @Test func childReceivesArgumentsEnvironmentAndPayload() throws {
        let project = try project([
            "profiles/base.yml": """
            abstract: true
            env:
              LOG_LEVEL: info
              PATH: ${PATH}:/opt/tools/bin
            arguments: [[-AppleLanguages, (en)]]
            flags: [analytics]
            """,
            "profiles/uitest.yml": """
            extends: base
            env:
              LOG_LEVEL: debug
              HOME: null
              GREETING: "it's ${USER:-nobody}"
            arguments: [-UITests]
            flags: {analytics: false, skipOnboarding: true}
            mocks: {countries: local-mock}
            values: {pageSize: 5}
            """,
        ])
        let result = try project.profile(
            ["run", "uitest", "--", project.path("bin/show"), "typed", "two words"],
            environment: ["HOME": "/home/me", "USER": "ann", "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            received(result, env: ["LOG_LEVEL", "PATH", "HOME", "GREETING", "USER", "PROFILE_PAYLOAD"]) == [
                "arg:typed", "arg:two words", "arg:-AppleLanguages", "arg:(en)", "arg:-UITests",
                "env:GREETING=it's ann", "env:LOG_LEVEL=debug", "env:PATH=/usr/bin:/bin:/opt/tools/bin",
                "env:PROFILE_PAYLOAD=profile/1;profile=uitest;flag.analytics=0;flag.skipOnboarding=1;"
                    + "mock.countries=local-mock;value.pageSize=5;argument=-AppleLanguages;argument=(en);"
                    + "argument=-UITests;env=LOG_LEVEL;env=PATH;env=GREETING;end",
                "env:USER=ann",
            ])
    }

    @Test func argumentsGoBeforeTheCommandsOwnSeparator() throws {
        let project = try project(["profiles/uitest.yml": "arguments: [-UITests]\n"])
        let result = try project.profile(["run", "uitest", "--", project.path("bin/show"), "-v", "--", "file.txt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(received(result, env: []) == ["arg:-v", "arg:-UITests", "arg:--", "arg:file.txt"])
    }

    @Test func execKeepsThePidAndTheChildsExitStatus() throws {
        let project = try project(["profiles/p.yml": "env: {A: '1'}\n"])
        let result = try project.profile(["run", "p", "--", "sh", "-c", "echo $$; exit 7"])
        #expect(result.status == 7)
        #expect(result.stdout == "\(result.pid)\n")
    }

    @Test func signalsAreTheChildsOwn() throws {
        let project = try project(["profiles/p.yml": "{}\n"])
        let result = try project.profile(["run", "p", "--", "sh", "-c", "kill -KILL $$"])
        #expect(result.signaled)
        #expect(result.status == SIGKILL)
    }

    @Test func standardInputReachesTheChild() throws {
        let project = try project(["profiles/p.yml": "{}\n"])
        let result = try project.profile(["run", "p", "--", "cat"], stdin: "piped through\n")
        #expect(result.stdout == "piped through\n")
    }

    @Test func thePayloadReachesGrandchildren() throws {
        let project = try project(["profiles/p.yml": "flags: [x]\n"])
        let result = try project.profile(["run", "p", "--", "sh", "-c", "exec sh -c 'echo $PROFILE_PAYLOAD'"])
        #expect(result.stdout == "profile/1;profile=p;flag.x=1;end\n")
    }

    @Test func commandNotFoundIs127AndNotExecutableIs126() throws {
        let project = try project(["profiles/p.yml": "{}\n"])
        try project.write("bin/data.txt", "not a program\n")
        let missing = try project.profile(["run", "p", "--", "no-such-command-xyz"])
        #expect(missing.status == 127)
        #expect(
            missing.stderr
                == "profile: error: cannot run `no-such-command-xyz`: No such file or directory (not found in PATH)\n")
        let denied = try project.profile(["run", "p", "--", project.path("bin/data.txt")])
        #expect(denied.status == 126)
        #expect(denied.stderr.contains("Permission denied"))
    }

    @Test func commandIsLookedUpInTheProfilesPath() throws {
        let project = try project(["profiles/p.yml": "env: {PATH: '${PATH}:${TOOLS}'}\n"])
        try project.write("tools/hello-tool", "#!/bin/sh\necho hello from tool\n", executable: true)
        let result = try project.profile(
            ["run", "p", "--", "hello-tool"], environment: ["TOOLS": project.path("tools")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "hello from tool\n")
    }

    @Test func overlaysInterpolationUnsetsAndOverridesReachTheChild() throws {
        let project = try project([
            "profiles/app.yml":
                "env: {API: 'https://${HOST}/v1', DROP: x}\nflags: [a]\nmocks: {net: live}\nvalues: {n: 1}\n",
            "profiles/app.local.yml": "env: {HOST_NOTE: mine}\nvalues: {n: 2}\n",
        ])
        let result = try project.profile(
            [
                "run", "app", "--disable", "a", "--enable", "b", "--mock", "net=stub", "--value", "n=3",
                "--env", "EXTRA=a b", "--unset", "DROP", "--unset", "INHERITED", "--", project.path("bin/show"),
            ],
            environment: ["HOST": "example.com", "INHERITED": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            received(result, env: ["API", "DROP", "EXTRA", "HOST_NOTE", "INHERITED", "PROFILE_PAYLOAD"]) == [
                "env:API=https://example.com/v1", "env:EXTRA=a b", "env:HOST_NOTE=mine",
                "env:PROFILE_PAYLOAD=profile/1;profile=app;flag.a=0;flag.b=1;mock.net=stub;value.n=3;env=API;env=HOST_NOTE;env=EXTRA;end",
            ])
    }

    @Test func severalProfilesApplyInOrder() throws {
        let project = try project([
            "profiles/a.yml": "env: {WHO: a, A: '1'}\n",
            "profiles/b.yml": "env: {WHO: b}\n",
        ])
        let result = try project.profile(["run", "a", "b", "--", project.path("bin/show")])
        #expect(received(result, env: ["WHO", "A"]) == ["env:A=1", "env:WHO=b"])
    }

    @Test func nothingIsLaunchedWhenAProfileHasAnError() throws {
        let project = try project(["profiles/p.yml": "extends: missing\nenv: {A: '${UNSET:?must be set}'}\n"])
        let result = try project.profile(["run", "p", "--", "touch", project.path("launched")])
        #expect(result.status == 65)
        #expect(!project.exists("launched"))
        #expect(
            result.stderr == """
                profiles/p.yml:1:10: error: unknown profile `missing`
                extends: missing
                         ^~~~~~~
                profiles/p.yml:2:11: error: `UNSET` is not set: must be set
                env: {A: '${UNSET:?must be set}'}
                          ^~~~~~~~~~~~~~~~~~~~~
                2 errors generated.

                """)
    }

    @Test func usageErrorsAre64AndLaunchNothing() throws {
        let project = try project(["profiles/p.yml": "{}\n"])
        let noCommand = try project.profile(["run", "p"])
        #expect(noCommand.status == 64)
        #expect(noCommand.stderr.contains("give the command to launch after `--`"))
        let badOverride = try project.profile([
            "run", "p", "--mock", "network", "--", "touch", project.path("launched"),
        ])
        #expect(badOverride.status == 64)
        #expect(
            badOverride.stderr == """
                command line:1:22: error: `--mock` takes POINT=VARIANT, with `=`
                profile run p --mock network -- touch \(project.path("launched"))
                                     ^~~~~~~

                """)
        #expect(!project.exists("launched"))
        let unknownOption = try project.profile(["run", "p", "--bogus", "--", "true"])
        #expect(unknownOption.status == 64)
        #expect(unknownOption.stderr.contains("command line:1:15: error: unknown option `--bogus`"))
    }

    @Test func noProfilesDirectoryIs66() throws {
        let project = try Project(["sub/.git/HEAD": "ref: refs/heads/main\n"])
        let result = try project.profile(["run", "p", "--", "true"], in: "sub")
        #expect(result.status == 66)
        #expect(result.stderr.contains("no `profiles/` directory here or in any parent up to the repository root"))
    }

    @Test func profilesAreFoundWalkingUpAndByOptionOrVariable() throws {
        let project = try project([
            "profiles/p.yml": "env: {FOUND: walked}\n", "elsewhere/p.yml": "env: {FOUND: pointed}\n",
        ])
        let walked = try project.profile(["run", "p", "--", "sh", "-c", "echo $FOUND"], in: "deep/er/dir")
        #expect(walked.stdout == "walked\n")
        let option = try project.profile([
            "run", "--profiles-dir", project.path("elsewhere"), "p", "--", "sh", "-c", "echo $FOUND",
        ])
        #expect(option.stdout == "pointed\n")
        let variable = try project.profile(
            ["run", "p", "--", "sh", "-c", "echo $FOUND"], environment: ["PROFILES_DIR": project.path("elsewhere")])
        #expect(variable.stdout == "pointed\n")
    }

    @Test func errorsFromADeepDirectoryShowRelativePaths() throws {
        let project = try project(["profiles/p.yml": "flgs: {}\n"])
        let result = try project.profile(["run", "p", "--", "true"], in: "a/b")
        #expect(
            result.stderr.hasPrefix(
                "../../profiles/p.yml:1:1: error: unknown key `flgs` in a profile; did you mean `flags`?"))
    }

    @Test func noColorsWithoutATerminal() throws {
        let project = try project(["profiles/p.yml": "flgs: {}\n"])
        let result = try project.profile(["run", "p", "--", "true"], environment: ["TERM": "xterm-256color"])
        #expect(!result.stderr.contains("\u{1B}["))
    }
}

import Foundation
import ProfileRuntime
import Testing

@testable import ProfileInterop
@testable import ProfileModel
@testable import ProfilePlatform
@testable import ProfileResolution

/// `export vscode`: a launch configuration printed whole, and merged into a `launch.json` in place (whole files
/// compared).
@Suite struct VSCodeFormatTests {
    static let profile = """
        env:
          API_URL: http://localhost:8080
          FIXTURES: $${workspaceFolder}/Fixtures
          TOKEN: Bearer ${API_TOKEN}
          GONE: null
        arguments: [-UITests, --greeting, "Hello \\"there\\""]
        flags: {skipOnboarding: true}
        """

    static func resolve(_ yaml: String = profile) throws -> ResolvedProfile {
        let profiles = try TemporaryProfiles(["ui.yml": yaml])
        let (resolved, diagnostics) = try profiles.resolve(["ui"], environment: [("API_TOKEN", "s3cret")])
        #expect(diagnostics == "")
        return try #require(resolved)
    }

    static let payload =
        "profile/1;profile=ui;flag.skipOnboarding=1;argument=-UITests;argument=--greeting;"
        + "argument=Hello \"there\";env=API_URL;env=FIXTURES;env=TOKEN;end"

    @Test func printsAWholeConfiguration() throws {
        let output = try VSCodeFormat().render(try Self.resolve())
        #expect(
            output.text == #"""
                {
                    "type": "swift",
                    "request": "launch",
                    "name": "ui",
                    "args": [
                        "-UITests",
                        "--greeting",
                        "Hello \"there\""
                    ],
                    "env": {
                        "API_URL": "http://localhost:8080",
                        "FIXTURES": "${workspaceFolder}/Fixtures",
                        "TOKEN": "Bearer ${env:API_TOKEN}",
                        "PROFILE_PAYLOAD": \#(JSONWriter.quote(Self.payload))
                    }
                }

                """#)
        #expect(
            output.warnings.map(\.message) == [
                "secret entries written as references or `<secret>`, not their values (pass `--reveal` to write the "
                    + "values): environment variable `TOKEN` as `Bearer ${env:API_TOKEN}`",
                "a VS Code launch configuration cannot unset environment variables: `unset GONE` is left out, so "
                    + "`GONE` stays inherited",
            ])
        let revealed = try VSCodeFormat().render(try Self.resolve(), reveal: true).text
        #expect(revealed.contains(#""TOKEN": "Bearer s3cret","#))
    }

    /// A file as people write it: comments, trailing commas, several configurations, VS Code variables.
    static let file = """
        {
        \t// Use IntelliSense to learn about possible attributes.
        \t"version": "0.2.0",
        \t"configurations": [
        \t\t{
        \t\t\t"type": "swift",
        \t\t\t"request": "launch",
        \t\t\t"name": "Debug App",
        \t\t\t"target": "App",
        \t\t\t"configuration": "debug",
        \t\t\t"args": [
        \t\t\t\t"--verbose", // mine
        \t\t\t\t/* "--trace", */
        \t\t\t],
        \t\t\t"env": {"LOG": "debug", "ROOT": "${workspaceFolder}"},
        \t\t\t"cwd": "${workspaceFolder}",
        \t\t\t"preLaunchTask": "swift: Build Debug App",
        \t\t},
        \t\t{ "name": "Other", "type": "node", "request": "launch", "args": ["x"] },
        \t]
        }

        """

    @Test func mergesIntoTheNamedConfigurationKeepingEveryOtherByte() throws {
        let once = try VSCodeFormat().update(
            Array(Self.file.utf8), path: "launch.json", with: try Self.resolve(), configuration: "Debug App")
        let expected = """
            {
            \t// Use IntelliSense to learn about possible attributes.
            \t"version": "0.2.0",
            \t"configurations": [
            \t\t{
            \t\t\t"type": "swift",
            \t\t\t"request": "launch",
            \t\t\t"name": "Debug App",
            \t\t\t"target": "App",
            \t\t\t"configuration": "debug",
            \t\t\t"args": [
            \t\t\t\t"--verbose", // mine
            \t\t\t\t"-UITests",
            \t\t\t\t"--greeting",
            \t\t\t\t"Hello \\"there\\"",
            \t\t\t\t/* "--trace", */
            \t\t\t],
            \t\t\t"env": {"LOG": "debug", "ROOT": "${workspaceFolder}", "API_URL": "http://localhost:8080", \
            "FIXTURES": "${workspaceFolder}/Fixtures", "TOKEN": "Bearer ${env:API_TOKEN}", \
            "PROFILE_PAYLOAD": \(JSONWriter.quote(Self.payload))},
            \t\t\t"cwd": "${workspaceFolder}",
            \t\t\t"preLaunchTask": "swift: Build Debug App",
            \t\t},
            \t\t{ "name": "Other", "type": "node", "request": "launch", "args": ["x"] },
            \t]
            }

            """
        #expect(once.text == expected)
        // A second run changes nothing.
        let twice = try VSCodeFormat().update(
            once.bytes, path: "launch.json", with: try Self.resolve(), configuration: "Debug App")
        #expect(twice.bytes == once.bytes)
        // A changed profile replaces its entries (found through the record), never adds them twice; the user's stay.
        let changed = try Self.resolve(
            """
            env: {API_URL: http://localhost:9090}
            arguments: [-UITests]
            """)
        let third = try VSCodeFormat().update(
            once.bytes, path: "launch.json", with: changed, configuration: "Debug App")
        #expect(
            third.text == """
                {
                \t// Use IntelliSense to learn about possible attributes.
                \t"version": "0.2.0",
                \t"configurations": [
                \t\t{
                \t\t\t"type": "swift",
                \t\t\t"request": "launch",
                \t\t\t"name": "Debug App",
                \t\t\t"target": "App",
                \t\t\t"configuration": "debug",
                \t\t\t"args": [
                \t\t\t\t"--verbose", // mine
                \t\t\t\t"-UITests",
                \t\t\t\t/* "--trace", */
                \t\t\t],
                \t\t\t"env": {"LOG": "debug", "ROOT": "${workspaceFolder}", "API_URL": "http://localhost:9090", \
                "PROFILE_PAYLOAD": "profile/1;profile=ui;argument=-UITests;env=API_URL;end"},
                \t\t\t"cwd": "${workspaceFolder}",
                \t\t\t"preLaunchTask": "swift: Build Debug App",
                \t\t},
                \t\t{ "name": "Other", "type": "node", "request": "launch", "args": ["x"] },
                \t]
                }

                """)
    }

    @Test func addsAConfigurationNamedAfterTheProfilesLaunchingWhatTheFirstSwiftOneLaunches() throws {
        let profile = try Self.resolve("arguments: [-UITests]\nenv: {A: b}\n")
        let output = try VSCodeFormat().update(Array(Self.file.utf8), path: "launch.json", with: profile)
        #expect(
            output.text
                == Self.file.replacingOccurrences(
                    of:
                        "\t\t{ \"name\": \"Other\", \"type\": \"node\", \"request\": \"launch\", \"args\": [\"x\"] },\n",
                    with: """
                        \t\t{ "name": "Other", "type": "node", "request": "launch", "args": ["x"] },
                        \t\t{
                        \t\t\t"type": "swift",
                        \t\t\t"request": "launch",
                        \t\t\t"name": "ui",
                        \t\t\t"target": "App",
                        \t\t\t"configuration": "debug",
                        \t\t\t"cwd": "${workspaceFolder}",
                        \t\t\t"preLaunchTask": "swift: Build Debug App",
                        \t\t\t"args": [
                        \t\t\t\t"-UITests"
                        \t\t\t],
                        \t\t\t"env": {
                        \t\t\t\t"A": "b",
                        \t\t\t\t"PROFILE_PAYLOAD": "profile/1;profile=ui;argument=-UITests;env=A;end"
                        \t\t\t}
                        \t\t},

                        """))
        #expect(
            output.warnings.map(\.message) == [
                "added the configuration `ui` to `launch.json`, launching what `Debug App` launches"
            ])
        let again = try VSCodeFormat().update(output.bytes, path: "launch.json", with: profile)
        #expect(again.bytes == output.bytes)
    }

    @Test func removingEverythingLeavesAnEmptyArrayAndTheComments() throws {
        let profile = try Self.resolve("arguments: [-a, -b]\n")
        let start = """
            {"configurations": [{"name": "ui", "type": "swift", "request": "launch", "program": "p",
              "args": [
                "--mine", // kept
                /* a comment of the user's */
              ]}]}

            """
        let once = try VSCodeFormat().update(Array(start.utf8), path: "l.json", with: profile)
        #expect(
            once.text == """
                {"configurations": [{"name": "ui", "type": "swift", "request": "launch", "program": "p",
                  "args": [
                    "--mine", // kept
                    "-a",
                    "-b",
                    /* a comment of the user's */
                  ], "env": {
                    "PROFILE_PAYLOAD": "profile/1;profile=ui;argument=-a;argument=-b;end"
                  }}]}

                """)
        let empty = try Self.resolve("description: nothing\n")
        let cleared = try VSCodeFormat().update(once.bytes, path: "l.json", with: empty)
        #expect(
            cleared.text == """
                {"configurations": [{"name": "ui", "type": "swift", "request": "launch", "program": "p",
                  "args": [
                    "--mine", // kept
                    /* a comment of the user's */
                  ], "env": {
                    "PROFILE_PAYLOAD": "profile/1;profile=ui;end"
                  }}]}

                """)
    }

    @Test func malformedFilesAreLocatedWithACaret() throws {
        let broken = "{\n  \"configurations\": [\n    { \"name\": \"x\" /* open\n  ]\n}\n"
        let error = #expect(throws: Diagnostic.self) {
            try VSCodeFormat().update(Array(broken.utf8), path: "launch.json", with: try Self.resolve())
        }
        #expect(
            DiagnosticRenderer().render([try #require(error)]) == """
                launch.json:3:19: error: `launch.json` is not valid JSON with comments: unterminated `/*` comment
                    { "name": "x" /* open
                                  ^

                """)
        let missing = #expect(throws: Diagnostic.self) {
            try VSCodeLaunchReader.read(Array(Self.file.utf8), path: "launch.json", configuration: "Debug Ap")
        }
        #expect(missing?.message == "`launch.json` has no configuration named `Debug Ap`: it has `Debug App`, `Other`")
        #expect(missing?.suggestion == "Debug App")
    }

    @Test func aVariableOfTheUsersThatTheProfileSetsTooStaysWithAWarning() throws {
        let start = """
            {"configurations": [{"name": "ui", "type": "swift", "request": "launch", "program": "p",
              "env": {"API_URL": "http://mine"}}]}

            """
        let output = try VSCodeFormat().update(
            Array(start.utf8), path: "l.json", with: try Self.resolve("env: {API_URL: http://theirs}\n"))
        #expect(
            output.text == """
                {"configurations": [{"name": "ui", "type": "swift", "request": "launch", "program": "p",
                  "env": {"API_URL": "http://mine", "API_URL": "http://theirs", \
                "PROFILE_PAYLOAD": "profile/1;profile=ui;env=API_URL;end"}}]}

                """)
        #expect(
            output.warnings.map(\.message) == [
                "`API_URL` is also set by this entry of your own, which is kept: an object holds one value per name "
                    + "(VS Code takes the last one), so delete one of them"
            ])
    }

    @Test func argumentsWrittenAsOneStringAreRefused() throws {
        let start = #"{"configurations": [{"name": "ui", "type": "swift", "args": "--a --b"}]}"#
        let error = #expect(throws: Diagnostic.self) {
            try VSCodeFormat().update(Array(start.utf8), path: "l.json", with: try Self.resolve("arguments: [-x]\n"))
        }
        #expect(
            error?.message
                == "`args` in `l.json` is not an array: `profile` reads and writes the arguments as an array of "
                + "strings (one per argument); write it as one")
        #expect(error?.location?.mark.column == 61)
    }

    @Test func crlfFilesGetCRLFLines() throws {
        func crlf(_ text: String) -> [UInt8] { Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8) }
        let profile = try Self.resolve("arguments: [-UITests]\n")
        let updated = try VSCodeFormat().update(crlf(Self.file), path: "l.json", with: profile)
        let expected = try VSCodeFormat().update(Array(Self.file.utf8), path: "l.json", with: profile)
        #expect(updated.bytes == crlf(expected.text))
        #expect(try VSCodeFormat().update(updated.bytes, path: "l.json", with: profile).bytes == updated.bytes)
    }

    @Test func referencesInTheProfileSyntaxBecomeVSCodes() {
        let redaction = Redaction(reveal: false, references: .vsCode)
        #expect(redaction.written("${A}/$${B}/${C:-x}/$$/a$b/${_x1}") == "${env:A}/${B}/${C:-x}/$/a$b/${env:_x1}")
        #expect(Redaction.hiding.written("${A}") == "${A}")
        #expect(
            VSCodeLaunchReader.template("a ${env:HOME} ${workspaceFolder} $x").template
                == "a ${HOME} $${workspaceFolder} $$x")
        #expect(VSCodeLaunchReader.template("${workspaceFolder}").template == nil)
        // `${env:…}` of a name that is no shell identifier stays VS Code's (a profile reference names identifiers).
        #expect(VSCodeLaunchReader.template("${env:OPTION-B}").template == nil)
        #expect(VSCodeLaunchReader.template("${env:OPTION-B}").variables == ["${env:OPTION-B}"])
    }
}

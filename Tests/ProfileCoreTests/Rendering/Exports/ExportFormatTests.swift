import Foundation
import ProfileInterop
import ProfileModel
import ProfileResolution
import ProfileRuntime
import TestSupport
import Testing

// `XMLDocument`: in FoundationXML on Linux (swift-corelibs-foundation's Docs/ReleaseNotes_Swift5.md, "Dependency
// Management", recommends this import), in Foundation on macOS.
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every export format, with values that break naive quoting: exact expected text, and a parse back where a parser
/// exists.
@Suite struct ExportFormatTests {
    /// Spaces, both quotes, `&<>`, `$`, a backslash, backticks, a line feed, a tab, Unicode, `=`, an empty value, a
    /// value from the invoking environment and an unset.
    static let tricky = #"""
        env:
          GREETING: "it's \"quoted\" & <tagged>"
          PRICE: "costs $$5 \\ and `ticks`"
          MULTI: "line one\nline two\ttabbed"
          UNICODE: "café ☕ = ok"
          EMPTY: ""
          TOKEN: ${API_TOKEN}
          HOME: null
        arguments: [-UITests, "--token=${API_TOKEN}", "two words"]
        flags: {skipOnboarding: true, analytics: false}
        mocks: {countries: local-mock}
        values: {pageSize: 5, apiKey: "${API_TOKEN}"}
        """#

    static let token = "s3cr'et"

    func resolve(
        _ yaml: String = tricky, environment: [(String, String)] = [("API_TOKEN", token)]
    ) throws -> ResolvedProfile {
        let profiles = try TemporaryProfiles(["app.yml": yaml])
        let (resolved, diagnostics) = try profiles.resolve(["app"], environment: environment)
        #expect(diagnostics == "")
        return try #require(resolved)
    }

    /// The encoded payload, with the invoking environment's values written as references when `shown`.
    func payload(_ profile: ResolvedProfile, shown: Bool) -> String {
        var payload = profile.payload
        if shown {
            payload.arguments[1] = "--token=${API_TOKEN}"
            payload.values["apiKey"] = "${API_TOKEN}"
        }
        return WireFormat.encode(payload)
    }

    func messages(_ output: ExportOutput) -> [String] { output.warnings.map(\.message) }

    static let referenceWarning =
        "secret entries written as references or `<secret>`, not their values (pass `--reveal` to write the "
        + "values): "
        + "argument 2 as `--token=${API_TOKEN}`, value `apiKey` as `${API_TOKEN}`, environment variable `TOKEN` as "
        + "`${API_TOKEN}`"

    // MARK: - Launch arguments

    @Test func argumentsAreOnePerLineWithReferencesUnlessRevealed() throws {
        let profile = try resolve()
        let output = try ArgumentsFormat().render(profile)
        #expect(
            output.text == """
                -UITests
                --token=${API_TOKEN}
                two words
                -analytics
                NO
                -skipOnboarding
                YES
                -countries
                local-mock
                -apiKey
                ${API_TOKEN}
                -pageSize
                5

                """)
        #expect(messages(output) == [Self.referenceWarning])

        let revealed = try ArgumentsFormat().render(profile, reveal: true)
        #expect(revealed.text.split(separator: "\n").map(String.init) == profile.payload.launchArguments)
        #expect(revealed.text.contains("--token=s3cr'et\n"))
        #expect(revealed.warnings.isEmpty)
    }

    @Test func argumentsRefuseALineBreak() throws {
        let profile = try resolve("arguments: [ok, \"two\\nlines\"]\n")
        let error = #expect(throws: Diagnostic.self) { try ArgumentsFormat().render(profile) }
        #expect(
            error?.message
                == #"launch argument 2 ("two\nlines") holds a line break, which one-per-line `arguments` "#
                + "cannot write: use `arguments-json`")
        let carriageReturn = try resolve("arguments: [\"a\\rb\"]\n")
        #expect(throws: Diagnostic.self) { try ArgumentsFormat().render(carriageReturn) }
        #expect(try ArgumentsJSONFormat().render(profile).text == "[\n  \"ok\",\n  \"two\\nlines\"\n]\n")
    }

    @Test func argumentsJSONIsAnArrayOfStrings() throws {
        let profile = try resolve()
        let output = try ArgumentsJSONFormat().render(profile)
        #expect(
            output.text == #"""
                [
                  "-UITests",
                  "--token=${API_TOKEN}",
                  "two words",
                  "-analytics",
                  "NO",
                  "-skipOnboarding",
                  "YES",
                  "-countries",
                  "local-mock",
                  "-apiKey",
                  "${API_TOKEN}",
                  "-pageSize",
                  "5"
                ]

                """#)
        #expect(messages(output) == [Self.referenceWarning])
        let revealed = try ArgumentsJSONFormat().render(profile, reveal: true)
        let parsed = try JSONSerialization.jsonObject(with: Data(revealed.bytes)) as? [String]
        #expect(parsed == profile.payload.launchArguments)
    }

    @Test func anEscapedDollarIsNotTakenForAReference() throws {
        let profile = try resolve("arguments: [\"price$$5\", \"$${HOME}\"]\n", environment: [("HOME", "/root")])
        let output = try ArgumentsFormat().render(profile)
        #expect(output.text == "price$5\n${HOME}\n")
        #expect(output.warnings.isEmpty)
    }

    // MARK: - Environment

    @Test func shellWritesExactValuesInSingleQuotes() throws {
        let profile = try resolve()
        let output = try ShellFormat().render(profile)
        let payload = payload(profile, shown: false).replacingOccurrences(of: "'", with: #"'\''"#)
        #expect(
            output.text == #"""
                export GREETING='it'\''s "quoted" & <tagged>'
                export PRICE='costs $5 \ and `ticks`'
                export MULTI='line one
                line two\#ttabbed'
                export UNICODE='café ☕ = ok'
                export EMPTY=''
                export TOKEN='s3cr'\''et'
                unset HOME
                export PROFILE_PAYLOAD='\#(payload)'

                """#)
        #expect(output.warnings.isEmpty)
    }

    @Test func dotenvEscapesAndCommentsUnsets() throws {
        let profile = try resolve()
        let output = try DotenvFormat().render(profile)
        let payload = payload(profile, shown: false)
        #expect(!payload.contains("\"") && !payload.contains("\\") && !payload.contains("$"))
        #expect(
            output.text == #"""
                GREETING="it's \"quoted\" & <tagged>"
                PRICE="costs \$5 \\ and `ticks`"
                MULTI="line one\nline two\#ttabbed"
                UNICODE="café ☕ = ok"
                EMPTY=""
                TOKEN="s3cr'et"
                # unset HOME
                PROFILE_PAYLOAD="\#(payload)"

                """#)
        #expect(
            messages(output) == [
                "a dotenv file cannot unset environment variables: `unset HOME` is written as a comment, so `HOME` "
                    + "stays inherited"
            ])
        #expect(output.warnings.first?.location?.description.hasSuffix("app.yml:8:3") == true)
    }

    @Test func dotenvReadsBackWithTheDocumentedRules() throws {
        let profile = try resolve()
        let text = try DotenvFormat().render(profile).text
        var read: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let equals = try #require(line.firstIndex(of: "="))
            let quoted = line[line.index(after: equals)...]
            #expect(quoted.first == "\"" && quoted.last == "\"")
            read[String(line[..<equals])] = Self.readDotenv(String(quoted.dropFirst().dropLast()))
        }
        for change in profile.environment { #expect(read[change.name] == change.value) }
        #expect(read["PROFILE_PAYLOAD"] == payload(profile, shown: false))
    }

    /// The reading side of the rules documented on `DotenvExport`.
    static func readDotenv(_ text: String) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    @Test func jsonHasArgumentsAndEnvironmentWithNullForUnsets() throws {
        let profile = try resolve()
        let output = try JSONFormat().render(profile)
        let payload = payload(profile, shown: false)
        #expect(
            output.text == #"""
                {
                  "arguments": [
                    "-UITests",
                    "--token=s3cr'et",
                    "two words",
                    "-analytics",
                    "NO",
                    "-skipOnboarding",
                    "YES",
                    "-countries",
                    "local-mock",
                    "-apiKey",
                    "s3cr'et",
                    "-pageSize",
                    "5"
                  ],
                  "environment": {
                    "GREETING": "it's \"quoted\" & <tagged>",
                    "PRICE": "costs $5 \\ and `ticks`",
                    "MULTI": "line one\nline two\ttabbed",
                    "UNICODE": "café ☕ = ok",
                    "EMPTY": "",
                    "TOKEN": "s3cr'et",
                    "HOME": null,
                    "PROFILE_PAYLOAD": "\#(payload)"
                  }
                }

                """#)
        #expect(output.warnings.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.bytes)) as? [String: Any])
        let environment = try #require(object["environment"] as? [String: Any])
        #expect(environment["MULTI"] as? String == "line one\nline two\ttabbed")
        #expect(environment["HOME"] is NSNull)
    }

    @Test func machineFormatsNeverWriteReferences() throws {
        let profile = try resolve()
        for format: any ExportFormat in [ShellFormat(), DotenvFormat(), JSONFormat()] {
            let text = try format.render(profile).text
            #expect(!text.contains("${API_TOKEN}"), "\(format)")
            #expect(format.writesExactValues)
        }
    }

    // MARK: - Xcode

    static let xcode = #"""
        env:
          GREETING: "it's \"quoted\" & <tagged>"
          MULTI: "line one\nline two\ttabbed\r"
          PATHS: "/usr/bin:/opt/café"
          TOKEN: ${API_TOKEN}
          HOME: null
        arguments: ["-title", "a <b> & 'c'"]
        flags: {skipOnboarding: true}
        """#

    @Test func xcschemeWritesXcodesElements() throws {
        let profile = try resolve(Self.xcode)
        let output = try XcodeSchemeFormat().render(profile)
        let payload = XcodeUserEntriesTests.xcodePayload(profile).replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "'", with: "&apos;")
        #expect(
            output.text == #"""
                      <CommandLineArguments>
                         <CommandLineArgument
                            argument = "-title"
                            isEnabled = "YES">
                         </CommandLineArgument>
                         <CommandLineArgument
                            argument = "&quot;a &lt;b&gt; &amp; &apos;c&apos;&quot;"
                            isEnabled = "YES">
                         </CommandLineArgument>
                         <CommandLineArgument
                            argument = "-skipOnboarding YES"
                            isEnabled = "YES">
                         </CommandLineArgument>
                      </CommandLineArguments>
                      <EnvironmentVariables>
                         <EnvironmentVariable
                            key = "GREETING"
                            value = "it&apos;s &quot;quoted&quot; &amp; &lt;tagged&gt;"
                            isEnabled = "YES">
                         </EnvironmentVariable>
                         <EnvironmentVariable
                            key = "MULTI"
                            value = "line one&#10;line two&#9;tabbed&#13;"
                            isEnabled = "YES">
                         </EnvironmentVariable>
                         <EnvironmentVariable
                            key = "PATHS"
                            value = "/usr/bin:/opt/café"
                            isEnabled = "YES">
                         </EnvironmentVariable>
                         <EnvironmentVariable
                            key = "TOKEN"
                            value = "${API_TOKEN}"
                            isEnabled = "YES">
                         </EnvironmentVariable>
                         <EnvironmentVariable
                            key = "PROFILE_PAYLOAD"
                            value = "\#(payload)"
                            isEnabled = "YES">
                         </EnvironmentVariable>
                      </EnvironmentVariables>

                """#)
        #expect(
            messages(output) == [
                "secret entries written as references or `<secret>`, not their values (pass `--reveal` to write the "
                    + "values): environment variable `TOKEN` as `${API_TOKEN}`",
                "an .xcscheme cannot unset environment variables: `unset HOME` is left out, so `HOME` stays inherited",
            ])
    }

    #if canImport(FoundationXML) || os(macOS)
    @Test func xcschemeElementsParseBackToTheValues() throws {
        let profile = try resolve(Self.xcode)
        let text = try XcodeSchemeFormat().render(profile, reveal: true).text
        let document = try XMLDocument(data: Data(("<LaunchAction>\n" + text + "</LaunchAction>\n").utf8))
        let arguments = try document.nodes(forXPath: "/LaunchAction/CommandLineArguments/CommandLineArgument/@argument")
        // Quoted where Xcode would split the entry (it splits shell-style).
        #expect(arguments.map(\.stringValue) == ["-title", "\"a <b> & 'c'\"", "-skipOnboarding YES"])
        let keys = try document.nodes(forXPath: "/LaunchAction/EnvironmentVariables/EnvironmentVariable/@key")
        let values = try document.nodes(forXPath: "/LaunchAction/EnvironmentVariables/EnvironmentVariable/@value")
        #expect(keys.map(\.stringValue) == ["GREETING", "MULTI", "PATHS", "TOKEN", "PROFILE_PAYLOAD"])
        #expect(values[1].stringValue == "line one\nline two\ttabbed\r")
        #expect(values[3].stringValue == Self.token)
    }
    #endif

    @Test func xcschemeRefusesControlCharactersXMLCannotHold() throws {
        let profile = try resolve("env: {BELL: \"ding\\a\"}\n")
        let error = #expect(throws: Diagnostic.self) { try XcodeSchemeFormat().render(profile) }
        #expect(
            error?.message
                == "the value of `BELL` holds the control character U+0007, which XML (and so an .xcscheme) "
                + "cannot hold")
    }

    @Test func xctestplanWritesXcodesJSON() throws {
        let profile = try resolve(Self.xcode)
        let output = try XcodeTestPlanFormat().render(profile)
        let payload = XcodeUserEntriesTests.xcodePayload(profile).replacingOccurrences(of: "/", with: #"\/"#)
        #expect(
            output.text == #"""
                {
                  "commandLineArgumentEntries" : [
                    {
                      "argument" : "-title"
                    },
                    {
                      "argument" : "\"a <b> & 'c'\""
                    },
                    {
                      "argument" : "-skipOnboarding YES"
                    }
                  ],
                  "environmentVariableEntries" : [
                    {
                      "key" : "GREETING",
                      "value" : "it's \"quoted\" & <tagged>"
                    },
                    {
                      "key" : "MULTI",
                      "value" : "line one\nline two\ttabbed\r"
                    },
                    {
                      "key" : "PATHS",
                      "value" : "\/usr\/bin:\/opt\/café"
                    },
                    {
                      "key" : "TOKEN",
                      "value" : "${API_TOKEN}"
                    },
                    {
                      "key" : "PROFILE_PAYLOAD",
                      "value" : "\#(payload)"
                    }
                  ]
                }

                """#)
        #expect(output.warnings.count == 2)
        let revealed = try XcodeTestPlanFormat().render(profile, reveal: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(revealed.bytes)) as? [String: Any])
        let arguments = try #require(object["commandLineArgumentEntries"] as? [[String: String]])
        #expect(arguments.map { $0["argument"] } == ["-title", "\"a <b> & 'c'\"", "-skipOnboarding YES"])
        let environment = try #require(object["environmentVariableEntries"] as? [[String: String]])
        #expect(environment.map { $0["key"] } == ["GREETING", "MULTI", "PATHS", "TOKEN", "PROFILE_PAYLOAD"])
        #expect(environment[3]["value"] == Self.token)
        #expect(
            environment[4]["value"]
                == ExportContent(profile, exact: true, checkboxes: true).setVariables.last?.value)
        // The entries travel with their checkboxes: the payload records them and carries no typed entry.
        let recorded = try WireFormat.decode(try #require(environment[4]["value"]))
        #expect(recorded.flags.isEmpty && recorded.arguments.isEmpty)
        #expect(recorded.checkboxArguments.map(\.words) == [["-title"], ["a <b> & 'c'"], ["-skipOnboarding", "YES"]])
    }

    @Test func anEmptyListIsLeftOut() throws {
        let profile = try resolve("env: {A: b}\n")
        #expect(!(try XcodeSchemeFormat().render(profile).text.contains("CommandLineArguments")))
        #expect(!(try XcodeTestPlanFormat().render(profile).text.contains("commandLineArgumentEntries")))
        #expect(try ArgumentsFormat().render(profile).text == "")
        #expect(try ArgumentsJSONFormat().render(profile).text == "[]\n")
    }

    @Test func formatNamesAreTheDocumentedOnes() {
        #expect(
            ExportFormats.all.map(\.name) == [
                "arguments", "arguments-json", "shell", "dotenv", "json", "xcscheme", "xctestplan", "vscode",
            ])
        #expect(ExportFormats.all.filter(\.canUpdateFiles).map(\.name) == ["xcscheme", "xctestplan", "vscode"])
        #expect(
            ExportFormats.all.map(\.updatedFile) == ["", "", "", "", "", ".xcscheme", ".xctestplan", "launch.json"])
    }

    /// The format table of `docs/exports.md`, the README's format list and docs/cli's are the registry, whole, in
    /// order: a format is added in one place and the docs cannot miss it (the import formats: `ImportFormatTests`).
    @Test func theDocsListTheRegisteredFormats() throws {
        let names = ExportFormats.all.map(\.name)
        func read(_ path: String) throws -> String {
            try String(contentsOfFile: TestPaths.repositoryPath(path), encoding: .utf8)
        }
        /// The first backticked word of each line in `lines`.
        func firstCode(_ lines: some Sequence<Substring>) -> [String] {
            lines.compactMap { line in
                line.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
            }
        }
        let exports = try read("docs/exports.md")
        let table = try #require(exports.components(separatedBy: "| format | writes |\n|---|---|\n").dropFirst().first)
        #expect(firstCode(table.split(separator: "\n").prefix { $0.hasPrefix("| `") }) == names)

        let readme = try read("README.md")
        let line = try #require(readme.split(separator: "\n").first { $0.contains("export formats: ") })
        let listed = line.components(separatedBy: "export formats: ")[1].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`| "))
        }
        #expect(listed == names)

        // docs/cli/README.md's synopsis of `export` lists the formats; docs/cli/export.md says which files `--update`
        // rewrites.
        let overview = try read("docs/cli/README.md")
        let synopsis = try #require(overview.split(separator: "\n").first { $0.hasPrefix("profile export <format>") })
        #expect(
            synopsis.split(separator: "  ").last?.trimmingCharacters(in: .whitespaces).components(separatedBy: ", ")
                == names)
        let files = ExportFormats.updatedFiles.map { "`\($0)`" }
        let sentence =
            "or update an " + files.dropLast().joined(separator: ", ") + " or " + files[files.count - 1] + " in place"
        let export = try read("docs/cli/export.md").split(whereSeparator: \.isNewline).joined(separator: " ")
        #expect(export.contains("Print a resolved profile in another tool's format, " + sentence))
    }
}

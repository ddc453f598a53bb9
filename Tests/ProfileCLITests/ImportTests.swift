import Foundation
import ProfileInterop
import Testing

/// `profile import` end to end, through the built binary: the profile it writes loads and lints clean, the file read
/// gains the record of its entries and nothing else, `export --update` of the same file then changes nothing, an
/// edited entry is rewritten in place, it never overwrites, and bad input writes nothing.
@Suite(.timeLimit(.minutes(20))) struct ImportTests {
    static func fixture(_ name: String) throws -> String { try XcodeUpdateTests.fixture(name) }

    func file(_ project: Project, _ name: String) throws -> String {
        try String(contentsOfFile: project.path(name), encoding: .utf8)
    }

    static let weather = """
        # imported from App.xcscheme (LaunchAction) by profile import
        description: Imported from App.xcscheme (LaunchAction)

        env:
          OS_ACTIVITY_MODE: disable  # App.xcscheme:134
          MallocStackLogging: {value: 1, enabled: false}  # App.xcscheme:139 (disabled in Xcode)

        arguments:
          - {argument: [-com.apple.CoreData.SQLDebug, "1"], enabled: false}  # App.xcscheme:124 (disabled in Xcode)
          - [-AppleLanguages, (fr)]  # App.xcscheme:128

        """

    /// The record `import` leaves in the Weather scheme: what it imported, in a `PROFILE_PAYLOAD` entry after the
    /// last variable.
    static func weatherRecord(_ profile: String, argument: String = "1", value: String = "disable") -> String {
        """
                 <EnvironmentVariable
                    key = "PROFILE_PAYLOAD"
                    value = "profile/1;profile=\(profile);argument-off=-com.apple.CoreData.SQLDebug,\(argument);argument-on=-AppleLanguages,(fr);env=OS_ACTIVITY_MODE;env-off=MallocStackLogging;end"
                    isEnabled = "YES">
                 </EnvironmentVariable>

        """
    }

    /// `text` with `insertion` after the first line that is exactly `line` (trimmed).
    static func inserting(_ insertion: String, after line: String, afterOccurrence: Int = 1, in text: String) -> String
    {
        var lines = text.components(separatedBy: "\n")
        var seen = 0
        let index = lines.firstIndex { candidate in
            guard candidate.trimmingCharacters(in: .whitespaces) == line else { return false }
            seen += 1
            return seen == afterOccurrence
        }!
        lines.insert(String(insertion.dropLast()), at: index + 1)
        return lines.joined(separator: "\n")
    }

    @Test func importRecordsItsEntriesAndAnUpdateThenChangesNothing() throws {
        let original = try Self.fixture("Weather.xcscheme")
        let project = try Project(["profiles/.keep": "", "App.xcscheme": original])
        let imported = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "created profiles/weather.yml\nrecorded its entries in App.xcscheme\n")
        #expect(imported.stderr == "")
        #expect(try file(project, "profiles/weather.yml") == Self.weather)
        // The scheme gains the record and nothing else: the `PROFILE_PAYLOAD` entry after the last variable.
        let recorded = Self.inserting(
            Self.weatherRecord("weather"), after: "</EnvironmentVariable>", afterOccurrence: 3, in: original)
        #expect(try file(project, "App.xcscheme") == recorded)

        let lint = try project.profile(["lint", "--strict"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let run = try project.profile([
            "run", "weather", "--", "sh", "-c", "printf '%s\\n' \"$@\"; echo $OS_ACTIVITY_MODE", "sh",
        ])
        #expect(run.stdout == "-AppleLanguages\n(fr)\ndisable\n")

        let inode = { () throws -> Int? in
            try FileManager.default.attributesOfItem(atPath: project.path("App.xcscheme"))[.systemFileNumber] as? Int
        }
        let before = try inode()
        let update = try project.profile(["export", "xcscheme", "weather", "--update", "App.xcscheme"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr == "")
        #expect(try inode() == before, "an update that changes no byte does not replace the file")
        #expect(try file(project, "App.xcscheme") == recorded)

        // The profile gains a variable: it is written after the profile's last one, the record follows.
        try project.write("profiles/added.yml", "env:\n  ADDED: \"1\"\n")
        let changed = try project.profile(["export", "xcscheme", "weather", "added", "--update", "App.xcscheme"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr == "")
        let once = try file(project, "App.xcscheme")
        let difference = once.components(separatedBy: "\n").difference(from: original.components(separatedBy: "\n"))
        #expect(difference.removals.isEmpty)
        let added = difference.insertions.compactMap { change -> String? in
            if case .insert(_, let line, _) = change { return line.trimmingCharacters(in: .whitespaces) }
            return nil
        }
        #expect(added.count == 10)
        #expect(added.contains("key = \"PROFILE_PAYLOAD\"") && added.contains("key = \"ADDED\""))
        let again = try project.profile(["export", "xcscheme", "weather", "added", "--update", "App.xcscheme"])
        #expect(again.status == 0)
        #expect(again.stderr == "")
        #expect(try file(project, "App.xcscheme") == once)
    }

    /// The loop a team starts with: import a scheme, edit entries in the profile, update the same scheme. The edited
    /// entries are rewritten in place (not added beside the originals, which would stay as yours).
    @Test func importEditUpdateRewritesTheSchemeInPlace() throws {
        let original = try Self.fixture("Weather.xcscheme")
        let project = try Project(["profiles/.keep": "", "App.xcscheme": original])
        #expect(try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather"]).status == 0)
        let edited = Self.weather.replacingOccurrences(of: "SQLDebug, \"1\"]", with: "SQLDebug, \"3\"]")
            .replacingOccurrences(of: "OS_ACTIVITY_MODE: disable", with: "OS_ACTIVITY_MODE: enable")
        #expect(edited != Self.weather)
        try project.write("profiles/weather.yml", edited)
        let update = try project.profile(["export", "xcscheme", "weather", "--update", "App.xcscheme"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr == "")
        // The Run action's two entries change where they are (the Test action's own stay as they are), the record
        // follows the last variable.
        var changed = original
        let launch = changed.range(of: "<LaunchAction")!.lowerBound..<changed.range(of: "</LaunchAction>")!.upperBound
        changed.replaceSubrange(
            launch,
            with: changed[launch].replacingOccurrences(
                of: "-com.apple.CoreData.SQLDebug 1", with: "-com.apple.CoreData.SQLDebug 3"
            ).replacingOccurrences(of: "value = \"disable\"", with: "value = \"enable\""))
        let expected = Self.inserting(
            Self.weatherRecord("weather", argument: "3"), after: "</EnvironmentVariable>", afterOccurrence: 3,
            in: changed)
        #expect(try file(project, "App.xcscheme") == expected)
        // Imported again, the scheme gives the edited profile back.
        let back = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather", "--stdout"])
        #expect(back.stdout == edited)
    }

    /// The same loop over a test plan's configuration.
    @Test func importEditUpdateRewritesTheTestPlanInPlace() throws {
        let original = try Self.fixture("Weather.xctestplan")
        let project = try Project(["profiles/.keep": "", "App.xctestplan": original])
        let imported = try project.profile([
            "import", "xctestplan", "App.xctestplan", "--configuration", "German", "--name", "de",
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        let record = """
                      {
                        "key" : "PROFILE_PAYLOAD",
                        "value" : "profile\\/1;profile=de;env=WEATHER_UNITS;end"
                      }
            """
        let recorded = original.replacingOccurrences(
            of: "            \"value\" : \"metric\"\n          }\n",
            with: "            \"value\" : \"metric\"\n          },\n" + record + "\n")
        #expect(try file(project, "App.xctestplan") == recorded)
        let profile = try file(project, "profiles/de.yml")
        try project.write("profiles/de.yml", profile.replacingOccurrences(of: "metric", with: "imperial"))
        let update = try project.profile([
            "export", "xctestplan", "de", "--configuration", "German", "--update", "App.xctestplan",
        ])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try file(project, "App.xctestplan") == recorded.replacingOccurrences(of: "metric", with: "imperial"))
    }

    @Test func aTestPlanConfigurationAndTheTestActionToo() throws {
        let project = try Project([
            "profiles/.keep": "", "App.xctestplan": try Self.fixture("Weather.xctestplan"),
            "App.xcscheme": try Self.fixture("Weather.xcscheme"),
        ])
        let plan = try project.profile([
            "import", "xctestplan", "App.xctestplan", "--configuration", "German", "--name", "de",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(try file(project, "profiles/de.yml").contains("  WEATHER_UNITS: metric  # App.xctestplan:17\n"))
        let test = try project.profile(["import", "xcscheme", "App.xcscheme", "--action", "test", "--name", "tests"])
        #expect(test.status == 0, "\(test.stderr)")
        #expect(try file(project, "profiles/tests.yml").contains("# imported from App.xcscheme (TestAction)"))
        #expect(try project.profile(["lint", "--strict"]).status == 0)
    }

    @Test func neverOverwritesUnlessForced() throws {
        let project = try Project([
            "profiles/weather.yml": "description: mine\n", "App.xcscheme": try Self.fixture("Weather.xcscheme"),
        ])
        let refused = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather"])
        #expect(refused.status == 73)
        #expect(
            refused.stderr
                == "profile: error: `profiles/weather.yml` already exists; `profile import` never overwrites a file "
                + "(`--force` replaces it, `--stdout` prints the profile)\n")
        #expect(try file(project, "profiles/weather.yml") == "description: mine\n")
        // A `.yaml` file of that name counts too.
        try FileManager.default.removeItem(atPath: project.path("profiles/weather.yml"))
        try project.write("profiles/weather.yaml", "description: mine\n")
        #expect(try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather"]).status == 73)

        let forced = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout == "replaced profiles/weather.yaml\nrecorded its entries in App.xcscheme\n")
        #expect(try file(project, "profiles/weather.yaml") == Self.weather)
        #expect(!project.exists("profiles/weather.yml"))
    }

    @Test func stdoutPrintsAndWritesNothingAndNeedsNoProfilesDirectory() throws {
        let project = try Project(["App.xcscheme": try Self.fixture("Weather.xcscheme")])
        let printed = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather", "--stdout"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout == Self.weather)
        #expect(!project.exists("profiles"))
        // Writing needs the profiles directory.
        let written = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "weather"])
        #expect(written.status == 66)
        #expect(written.stderr.contains("no `profiles/` directory"))
    }

    @Test func theProfilesDirectoryIsFoundAsForOtherCommands() throws {
        let project = try Project([
            "repo/.git/HEAD": "", "repo/profiles/.keep": "", "other/.keep": "",
            "App.xcscheme": try Self.fixture("Weather.xcscheme"),
        ])
        let walked = try project.profile(
            ["import", "xcscheme", "../../../App.xcscheme", "--name", "a"], in: "repo/deep/er")
        #expect(walked.status == 0, "\(walked.stderr)")
        #expect(walked.stdout == "created ../../profiles/a.yml\nrecorded its entries in ../../../App.xcscheme\n")
        #expect(project.exists("repo/profiles/a.yml"))
        let option = try project.profile([
            "import", "xcscheme", "App.xcscheme", "--name", "b", "--profiles-dir", "other",
        ])
        #expect(option.status == 0, "\(option.stderr)")
        #expect(project.exists("other/b.yml"))
        let variable = try project.profile(
            ["import", "xcscheme", "App.xcscheme", "--name", "c"], environment: ["PROFILES_DIR": project.path("other")])
        #expect(variable.status == 0, "\(variable.stderr)")
        #expect(project.exists("other/c.yml"))
    }

    @Test func theCatalogTypesEntries() throws {
        let catalog = try String(
            contentsOf: CLI.repositoryRoot.appendingPathComponent(
                "Tests/ProfileCoreTests/Fixtures/Xcode/Countries-catalog.yml"), encoding: .utf8)
        let project = try Project([
            "profiles/_catalog.yml": catalog, "App.xcscheme": try Self.fixture("Typed.xcscheme"),
        ])
        let imported = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "ui"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let show = try project.profile(["show", "ui", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect((object["flags"] as? [[String: Any]])?.map { $0["key"] as? String } == ["skipOnboarding"])
        #expect((object["mocks"] as? [[String: Any]])?.first?["variant"] as? String == "local-mock")
        #expect((object["values"] as? [[String: Any]])?.first?["value"] as? Int == 5)
        #expect(try project.profile(["lint", "--strict"]).status == 0)
        let original = try file(project, "App.xcscheme")
        // The typed entries are the scheme's own entries: the update writes nothing.
        #expect(try project.profile(["export", "xcscheme", "ui", "--update", "App.xcscheme"]).status == 0)
        #expect(try file(project, "App.xcscheme") == original)
    }

    @Test func aCatalogSecretIsWrittenAsAReferenceNeverInClear() throws {
        let catalog = """
            values:
              apiToken: {type: string, secret: true}
            env:
              API_KEY: {description: The key, secret: true}
            """
        let scheme = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme version = "1.7">
               <LaunchAction>
                  <CommandLineArguments>
                     <CommandLineArgument argument = "-apiToken t0k3n-in-clear" isEnabled = "YES"/>
                  </CommandLineArguments>
                  <EnvironmentVariables>
                     <EnvironmentVariable key = "API_KEY" value = "k3y-in-clear" isEnabled = "NO"/>
                  </EnvironmentVariables>
               </LaunchAction>
            </Scheme>
            """
        let project = try Project([
            "profiles/_catalog.yml": catalog, "App.xcscheme": scheme,
            ".env": "API_KEY=k3y-in-clear\nOTHER=plain\n",
        ])
        let fromScheme = try project.profile(["import", "xcscheme", "App.xcscheme", "--name", "ui"])
        #expect(fromScheme.status == 0, "\(fromScheme.stderr)")
        let ui = try file(project, "profiles/ui.yml")
        #expect(ui.contains("apiToken: \"${API_TOKEN}\""), "\(ui)")
        #expect(ui.contains("API_KEY: {value: \"${API_KEY}\", enabled: false}"), "\(ui)")
        #expect(fromScheme.stderr.contains("value `apiToken` is secret in the catalog: written as `${API_TOKEN}`"))
        #expect(fromScheme.stderr.contains("set `API_KEY` in your environment or in a `.local.yml` overlay"))

        let fromDotenv = try project.profile(["import", "dotenv", ".env", "--name", "local"])
        #expect(fromDotenv.status == 0, "\(fromDotenv.stderr)")
        let local = try file(project, "profiles/local.yml")
        #expect(local.contains("API_KEY: \"${API_KEY}\"") && local.contains("OTHER: plain"), "\(local)")
        for text in [ui, local, fromScheme.stdout, fromScheme.stderr, fromDotenv.stdout, fromDotenv.stderr] {
            #expect(!text.contains("in-clear"), "\(text)")
        }
        // The value comes from the environment at launch.
        let run = try project.profile(
            ["run", "local", "--", "sh", "-c", "echo \"$API_KEY|$OTHER\""], environment: ["API_KEY": "from-env"])
        #expect(run.stdout == "from-env|plain\n", "\(run.stderr)")
    }

    @Test func dotenvWritesTheEnvironmentInOrder() throws {
        let project = try Project(["profiles/.keep": "", ".env": "# local\nexport B=2\nA='a b'\nC=\"${B}3\"\n"])
        let result = try project.profile(["import", "dotenv", ".env", "--name", "local"])
        #expect(result.status == 0, "\(result.stderr)")
        let run = try project.profile(["run", "local", "--", "sh", "-c", "echo \"$B|$A|$C\""])
        #expect(run.stdout == "2|a b|23\n")
    }

    // MARK: - Bad input: located errors, exit 65, nothing written

    @Test(arguments: [
        (
            "xcscheme", "App.xcscheme",
            "<?xml version=\"1.0\"?>\n<Scheme>\n   <LaunchAction\n      attr = \"x>\n</Scheme>\n",
            "App.xcscheme:5:1: error: `App.xcscheme` is not well-formed XML: `<` in the value of `attr`\n</Scheme>\n^\n"
        ),
        (
            "xctestplan", "App.xctestplan", "{\n  \"defaultOptions\" : [\n}\n",
            "App.xctestplan:3:1: error: `App.xctestplan` is not valid JSON: unexpected character\n}\n^\n"
        ),
        (
            "xcscheme", "App.xcscheme", "<Scheme>\n   <LaunchAction>\n   </LaunchAction>\n</Scheme>\n",
            ""
        ),
        (
            "dotenv", ".env", "A=1\nB C\nD=\"é\" é\n",
            ".env:2:1: error: `B` has no `=`: a line of a dotenv file is `NAME=value` (`B=` for an empty value)\nB C\n^\n"
                + ".env:3:7: error: unexpected text after the closing quote: a value with spaces or quotes is written in quotes\n"
                + "D=\"é\" é\n      ^\n2 errors generated.\n"
        ),
    ])
    func badInputIsLocatedAndWritesNothing(_ format: String, _ name: String, _ text: String, _ expected: String) throws
    {
        let project = try Project(["profiles/.keep": "", name: text])
        let arguments = ["import", format, name, "--name", "x"] + (expected.isEmpty ? ["--action", "profile"] : [])
        let result = try project.profile(arguments, environment: ["NO_COLOR": "1"])
        #expect(result.status == 65)
        #expect(!project.exists("profiles/x.yml"))
        if expected.isEmpty {
            #expect(
                result.stderr.hasPrefix("App.xcscheme:1:1: error: `App.xcscheme` has no `<ProfileAction>` to import"))
        } else {
            #expect(result.stderr == expected)
        }
    }

    /// `--action` and `--configuration` are refused, at their place, for every format that does not take them, and
    /// the one a format requires is asked for: what each format declares (``ImportFormat/options``), through the
    /// binary. A refused option stops the command before the file is read; an accepted one lets it go on to the
    /// missing file (exit 66).
    @Test func theOptionsGoWithTheFormatsThatTakeThem() throws {
        let project = try Project(["profiles/.keep": ""])
        let options: [(ImportOptions, [String], String)] = [
            (.action, ["--action", "test"], "the scheme action"),
            (.configuration, ["--configuration", "c"], "the configuration"),
        ]
        for format in ImportFormats.all {
            for (option, words, chooses) in options {
                let required = options.filter { format.requiredOptions.contains($0.0) && $0.0 != option }
                let line = ["import", format.name, "missing", "--name", "a"] + words + required.flatMap(\.1)
                let result = try project.profile(line, environment: ["NO_COLOR": "1"])
                if format.options.contains(option) {
                    #expect(result.status == 66, "\(line): \(result.stderr)")
                    continue
                }
                let shown = "profile " + line.joined(separator: " ")
                let column = shown.range(of: " " + words[0])!.lowerBound.utf16Offset(in: shown) + 2
                let formats = ImportFormats.all.filter { $0.options.contains(option) }.map { "`import \($0.name)`" }
                #expect(result.status == 64)
                #expect(
                    result.stderr == """
                        command line:1:\(column): error: `\(words[0])` chooses \(chooses) for \
                        \(formats.count == 1 ? formats[0] : formats.dropLast().joined(separator: ", ") + " and " + formats.last!)
                        \(shown)
                        \(String(repeating: " ", count: column - 1))^\(String(repeating: "~", count: words[0].count - 1))

                        """, "\(line)")
            }
            for (option, words, chooses) in options where format.requiredOptions.contains(option) {
                let result = try project.profile(["import", format.name, "missing", "--name", "a"])
                #expect(result.status == 64)
                #expect(
                    result.stderr
                        == "profile: error: name \(chooses) to import from the \(format.file): `profile import "
                        + "\(format.name) <file> \(words[0]) <name> --name <name>`\n")
            }
        }
    }

    @Test func commandLineMistakes() throws {
        let project = try Project(["profiles/.keep": "", ".env": "A=1\n"])
        let noName = try project.profile(["import", "dotenv", ".env"])
        #expect(noName.status == 64)
        #expect(noName.stderr.contains("name the profile to write: `profile import dotenv <file> --name <name>`"))
        let badName = try project.profile(["import", "dotenv", ".env", "--name", "a b"])
        #expect(badName.status == 64)
        #expect(
            badName.stderr == """
                command line:1:36: error: `a b` is not a valid profile name: a profile name has letters, digits, `-` \
                and `_`, and starts with a letter or digit
                profile import dotenv .env --name 'a b'
                                                   ^~~

                """)
        let action = try project.profile(["import", "dotenv", ".env", "--name", "a", "--action", "test"])
        #expect(action.status == 64)
        #expect(action.stderr.contains("`--action` chooses the scheme action for `import xcscheme`"))
        let configuration = try project.profile(["import", "xcscheme", "x", "--name", "a", "--configuration", "c"])
        #expect(configuration.status == 64)
        let format = try project.profile(["import", "plist", ".env", "--name", "a"])
        #expect(format.status == 64)
        let formats = ImportFormats.all.map { "`\($0.name)`" }.joined(separator: ", ")
        #expect(format.stderr.contains("unknown format `plist` (one of \(formats))"))
        let missing = try project.profile(["import", "dotenv", "nope.env", "--name", "a"])
        #expect(missing.status == 66)
        #expect(!project.exists("profiles/a.yml"))
    }
}

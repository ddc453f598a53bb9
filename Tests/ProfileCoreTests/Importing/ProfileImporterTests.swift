import Foundation
import ProfileRuntime
import TestSupport
import Testing

@testable import ProfileInterop
@testable import ProfileModel
@testable import ProfileResolution

/// `profile import`'s reading of schemes, test plans and dotenv files, the profile text it writes, and its errors.
@Suite struct ProfileImporterTests {
    static let catalog = """
        flags: {skipOnboarding: Skip it, inMemorySettings: In memory}
        mocks:
          countries: {variants: [live, local-mock]}
        values:
          pageSize: {type: int, minimum: 1, maximum: 250}
          requestTimeout: {type: double}
          darkMode: {type: bool}
          greeting: {type: string}
        """

    func catalog() throws -> Catalog {
        // The folder must outlive the read of the catalog.
        let profiles = try TemporaryProfiles(["_catalog.yml": Self.catalog])
        return try withExtendedLifetime(profiles) { try #require(try profiles.repository().catalog) }
    }

    /// A scheme whose Run action holds `arguments` (text, enabled) and `variables`.
    static func scheme(_ arguments: [(String, Bool)], variables: [(String, String, Bool)] = []) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\n", with: "&#10;")
        }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<Scheme", "   version = \"1.7\">", "   <LaunchAction",
        ]
        lines.append("      buildConfiguration = \"Debug\">")
        if !arguments.isEmpty {
            lines.append("      <CommandLineArguments>")
            for (text, enabled) in arguments {
                lines += [
                    "         <CommandLineArgument", "            argument = \"\(escape(text))\"",
                    "            isEnabled = \"\(enabled ? "YES" : "NO")\">", "         </CommandLineArgument>",
                ]
            }
            lines.append("      </CommandLineArguments>")
        }
        if !variables.isEmpty {
            lines.append("      <EnvironmentVariables>")
            for (key, value, enabled) in variables {
                lines += [
                    "         <EnvironmentVariable", "            key = \"\(escape(key))\"",
                    "            value = \"\(escape(value))\"",
                    "            isEnabled = \"\(enabled ? "YES" : "NO")\">",
                    "         </EnvironmentVariable>",
                ]
            }
            lines.append("      </EnvironmentVariables>")
        }
        lines += ["   </LaunchAction>", "</Scheme>", ""]
        return lines.joined(separator: "\n")
    }

    func run(
        _ text: String, _ source: ImportSource = .xcscheme(.launch), path: String = "App.xcscheme",
        catalog: Catalog? = nil
    ) -> ProfileImporter.Output {
        ProfileImporter.importProfile(Array(text.utf8), path: path, from: source, catalog: catalog)
    }

    /// The profile's body without the two header lines, and without the origin comments.
    func body(_ output: ProfileImporter.Output) throws -> String {
        let text = try #require(output.text, "\(output.diagnostics.map(\.message))")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3)
            .map { line in
                guard let range = line.range(of: "  # App.") ?? line.range(of: "  # .env") else { return String(line) }
                return String(line[..<range.lowerBound])
            }
            .joined(separator: "\n")
    }

    /// `yaml` as the profile `p` (with the test catalog when given): its resolved form, and lint's findings.
    func load(_ yaml: String, catalog: Bool = false) async throws -> (ResolvedProfile, String) {
        var files = ["p.yml": yaml]
        if catalog { files["_catalog.yml"] = Self.catalog }
        let profiles = try TemporaryProfiles(files)
        let lint = await Linter(repository: try profiles.repository()).run()
        let (resolved, diagnostics) = try profiles.resolve(["p"])
        #expect(diagnostics == "", "\(yaml)")
        return (try #require(resolved, "\(yaml)"), profiles.render(lint))
    }

    // MARK: - Xcode's words

    @Test(arguments: [
        ("-pageSize 5", ["-pageSize", "5"]),
        ("  -a   b\tc ", ["-a", "b", "c"]),
        (#"-greeting "Hello there""#, ["-greeting", "Hello there"]),
        (#"-x 'it''s' "a\"b\\c" d\ e"#, ["-x", "its", #"a"b\c"#, "d e"]),
        (#"-empty """#, ["-empty", ""]),
        (#""a\nb""#, [#"a\nb"#]),
        ("$(SRCROOT)/x", ["$(SRCROOT)/x"]),
        ("", []),
    ])
    func xcodeSplitsEntriesShellStyle(_ text: String, _ words: [String]) {
        #expect(XcodeArgumentWords.split(text) == words)
    }

    @Test func quotedWordsSplitBackToThemselves() {
        let words = ["plain", "two words", "", #"quote " and \ backslash"#, "it's", "tab\there", "line\nbreak", "é ü"]
        for word in words {
            #expect(XcodeArgumentWords.split(XcodeArgumentWords.quote(word)) == [word], "\(word)")
        }
        #expect(XcodeArgumentWords.split(XcodeArgumentWords.join(words)) == words)
        #expect(XcodeArgumentWords.quote("-pageSize") == "-pageSize")
        #expect(XcodeArgumentWords.splitReporting(#"-a "open"#).unclosedQuote == 3)
    }

    // MARK: - YAML text

    @Test func scalarsReadBackAsWritten() async throws {
        let texts = [
            "plain", "-UITests", "(fr)", "5", "2.5", "true", "yes", "null", "~", "", " lead", "trail ", "a: b", "a #b",
            "#x", "[x]", "a,b", "{x}", "*x", "&x", "!x", "|", ">", "'q'", "\"q\"", "%x", "@x", "`x", "-", "- x", "?x",
            "? x", ":x", "x:", "tab\tx", "line\nbreak", "cr\rx", "é", "0x1F", ".inf", "a\u{85}b",
        ]
        var yaml = "arguments:\n"
        for text in texts { yaml += "  - [x, \(YAMLText.string(YAMLText.literal(text)))]\n" }
        let (profile, lint) = try await load(yaml)
        #expect(lint == "")
        #expect(profile.arguments.map(\.value) == texts.flatMap { ["x", $0] })
        // Environment values: numbers and booleans stay text, null does not unset.
        var env = "env:\n"
        for (index, text) in texts.enumerated() {
            env += "  V\(index): \(YAMLText.environmentValue(YAMLText.literal(text)))\n"
        }
        let (environment, _) = try await load(env)
        #expect(environment.environment.map(\.value) == texts.map { Optional($0) })
    }

    @Test func dollarsStayLiteral() async throws {
        let texts = ["${HOME}", "$HOME", "$$", "$(SRCROOT)/x", "$1", "a$", "${A:-b}", "$_x", "cost: 5$"]
        let yaml = "arguments:\n" + texts.map { "  - " + YAMLText.string(YAMLText.literal($0)) + "\n" }.joined()
        let (profile, _) = try await load(yaml)
        #expect(profile.arguments.map(\.value) == texts)
    }

    // MARK: - Schemes

    @Test func theWeatherSchemeImportsInXcodesOrderWithItsUncheckedEntriesDisabled() throws {
        let output = run(try XcodeFixtures.text("Weather.xcscheme"), path: "Weather.xcscheme")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.message))")
        #expect(
            output.text == """
                # imported from Weather.xcscheme (LaunchAction) by profile import
                description: Imported from Weather.xcscheme (LaunchAction)

                env:
                  OS_ACTIVITY_MODE: disable  # Weather.xcscheme:134
                  MallocStackLogging: {value: 1, enabled: false}  # Weather.xcscheme:139 (disabled in Xcode)

                arguments:
                  - {argument: [-com.apple.CoreData.SQLDebug, "1"], enabled: false}  # Weather.xcscheme:124 (disabled in Xcode)
                  - [-AppleLanguages, (fr)]  # Weather.xcscheme:128

                """)
        let test = run(try XcodeFixtures.text("Weather.xcscheme"), .xcscheme(.test), path: "Weather.xcscheme")
        #expect(
            test.text?.contains("- {argument: [-XCTestObservationCenterDebugLogging, \"YES\"], enabled: false}") == true
        )
    }

    @Test func typedEntriesNeedTheCatalog() async throws {
        let catalog = try catalog()
        let scheme = Self.scheme([
            ("-UITests", true), ("-skipOnboarding true", true), ("--in-memory-settings=1", true),
            ("-countries", true), ("local-mock", true), ("-pageSize 05", true), ("-requestTimeout 2", true),
            ("-darkMode NO", true), ("-greeting \"Hello there\"", true), ("-greeting 'Hi there'", false),
        ])
        let output = run(scheme, catalog: catalog)
        // The unchecked `-greeting 'Hi there'` comes after typed entries: a comment, since exports write the typed
        // layer after the arguments.
        #expect(output.diagnostics.map(\.message).map { $0.hasPrefix("this unchecked entry comes after") } == [true])
        #expect(
            try body(output) == """
                arguments:
                  - -UITests
                  # disabled in Xcode: - [-greeting, Hi there]

                flags:
                  skipOnboarding: true
                  inMemorySettings: true

                mocks:
                  countries: local-mock

                values:
                  pageSize: 5
                  requestTimeout: 2
                  darkMode: false
                  greeting: Hello there

                """)
        let (profile, lint) = try await load(output.text!, catalog: true)
        #expect(lint == "")
        #expect(
            profile.payload.launchArguments.suffix(10) == [
                "-countries", "local-mock", "-darkMode", "false", "-greeting", "Hello there", "-pageSize", "5",
                "-requestTimeout", "2",
            ])
        // Without a catalog, everything is an argument.
        let plain = try body(run(scheme))
        #expect(
            plain.contains(
                "  - [-skipOnboarding, \"true\"]\n  - --in-memory-settings=1\n  - -countries\n  - local-mock\n"))
        #expect(!plain.contains("flags:"))
    }

    /// After `--` the app reads no option (`LaunchArguments.items`): `-pageSize 5` there is an argument, not the typed
    /// value an export would write before the `--`; an unchecked `--` ends nothing.
    @Test func afterDoubleDashEntriesStayArguments() throws {
        let output = run(
            Self.scheme([
                ("--", false), ("-countries", true), ("local-mock", true), ("--", true), ("-pageSize 5", true),
                ("-skipOnboarding", true), ("YES", true),
            ]), catalog: try catalog())
        #expect(
            try body(output) == """
                arguments:
                  - {argument: --, enabled: false}
                  - --
                  - [-pageSize, "5"]
                  - -skipOnboarding
                  - "YES"

                mocks:
                  countries: local-mock

                """)
    }

    @Test func typedEntriesThatDoNotFitStayArgumentsWithAWarning() throws {
        let output = run(
            Self.scheme([
                ("-skipOnboarding maybe", true), ("-countries bogus", true), ("-pageSize 0", true),
                ("-pageSize abc", true), ("-countries", true), ("-x", true), ("-greeting Hello there", true),
            ]), catalog: try catalog())
        #expect(
            output.diagnostics.map(\.message) == [
                "`-skipOnboarding maybe` sets flag `skipOnboarding` of the catalog, but flag `skipOnboarding` is on or "
                    + "off; `maybe` is not a boolean (YES, NO, true, false, 1, 0): kept as an argument",
                "`-countries bogus` sets mock point `countries` of the catalog, but `bogus` is not a variant of mock "
                    + "point `countries` (`live`, `local-mock`): kept as an argument",
                "`-pageSize 0` sets value `pageSize` of the catalog, but `pageSize` must be at least 1; `0` is "
                    + "smaller: kept as an argument",
                "`-pageSize abc` sets value `pageSize` of the catalog, but `pageSize` is an int; `abc` is not: kept "
                    + "as an argument",
                "`-countries` sets mock point `countries` of the catalog, but mock point `countries` needs a "
                    + "variant: kept as an argument",
                "`-greeting Hello there` sets value `greeting` of the catalog, but holds more words than `-key value` "
                    + "(quote a value with spaces): kept as an argument",
            ])
        #expect(
            output.diagnostics.dropLast().map { $0.location?.description }
                == (0..<5).map { "App.xcscheme:\(8 + 4 * $0):25" })
        #expect(!(try body(output)).contains("flags:"))
    }

    @Test func aTypedKeySetTwiceKeepsTheLastAndSaysSo() throws {
        let output = run(
            Self.scheme([("-pageSize 5", true), ("-pageSize 7", false), ("-pageSize 9", true)]), catalog: try catalog())
        #expect(
            try body(output) == """
                arguments: []
                  # disabled in Xcode: - [-pageSize, "7"]

                values:
                  # overridden below: pageSize: 5
                  pageSize: 9

                """)
        #expect(output.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(output.diagnostics.first?.location?.description == "App.xcscheme:12:25")
        #expect(output.diagnostics.first?.message.hasPrefix("this unchecked entry comes after") == true)
        #expect(output.diagnostics.last?.location?.description == "App.xcscheme:16:25")
    }

    @Test func variablesKeepTheirOrderAndBuildSettingsAreKeptWithAWarning() async throws {
        let output = run(
            Self.scheme(
                [("-root $(SRCROOT)/Data", true)],
                variables: [
                    ("FIXTURES", "$(SRCROOT)/Fixtures", true), ("HOME_REF", "${HOME}/x", true), ("OFF", "1", false),
                    ("NEW", "a", true), ("NEW", "b", true), ("io.sentry.sample-rate", "x", true), ("A=B", "y", true),
                    ("EMPTY", "", true),
                ]))
        #expect(
            try body(output) == """
                env:
                  FIXTURES: $(SRCROOT)/Fixtures
                  HOME_REF: "$${HOME}/x"
                  OFF: {value: 1, enabled: false}
                  # overridden below: NEW: a
                  NEW: b
                  io.sentry.sample-rate: x
                  # not a variable name: A=B=y
                  EMPTY: ""

                arguments:
                  - [-root, $(SRCROOT)/Data]

                """)
        #expect(
            output.diagnostics.map(\.message) == [
                "`$(SRCROOT)` is an Xcode build setting: kept as written; only Xcode expands it, `profile run` passes "
                    + "the text as it is",
                "`$(SRCROOT)` is an Xcode build setting: kept as written; only Xcode expands it, `profile run` passes "
                    + "the text as it is",
                "`${HOME}` is an Xcode build setting: kept as written; only Xcode expands it, `profile run` passes "
                    + "the text as it is",
                "`NEW` is set again later, which applies: this one is kept as a comment",
                "`A=B` is not a variable name (a name holds no `=`): kept as a comment",
            ])
        let (profile, lint) = try await load(output.text!)
        #expect(lint == "")
        #expect(
            profile.environmentSummary == [
                "FIXTURES=$(SRCROOT)/Fixtures", "HOME_REF=${HOME}/x", "NEW=b", "io.sentry.sample-rate=x", "EMPTY=",
            ])
        #expect(profile.arguments.map(\.value) == ["-root", "$(SRCROOT)/Data"])
    }

    @Test func otherActionsAndTheirCaveats() throws {
        let countries = try XcodeFixtures.text("Countries.xcscheme")
        let test = run(countries, .xcscheme(.test))
        #expect(
            test.diagnostics.map(\.message).first?.hasPrefix(
                "this action uses the Run action's arguments and environment (`shouldUseLaunchSchemeArgsEnv = \"YES\"`)"
            )
                == true)
        #expect(test.diagnostics.first?.location?.description == "App.xcscheme:30:39")
        let shop = run(try XcodeFixtures.text("Shop.xcscheme"), .xcscheme(.test))
        #expect(shop.diagnostics.contains { $0.message.hasPrefix("this scheme's tests run from test plans") })
        #expect(run(countries, .xcscheme(.profile)).text != nil)
    }

    // MARK: - Test plans

    @Test func aTestPlanConfigurationsOwnOptions() async throws {
        let plan = try XcodeFixtures.text("Weather.xctestplan")
        let german = run(plan, .xctestplan(configuration: "German"), path: "App.xctestplan")
        #expect(german.text?.contains("description: Imported from App.xctestplan (configuration German)\n") == true)
        #expect(
            try body(german).replacingOccurrences(of: "  # App.xctestplan:17", with: "")
                == "env:\n  WEATHER_UNITS: metric\n")
        let production = run(
            try XcodeFixtures.text("Shop.xctestplan"), .xctestplan(configuration: "Production"), path: "App.xctestplan")
        #expect(
            production.text?.contains("arguments:\n  - {argument: -FIRAnalyticsDebugEnabled, enabled: false}") == true)
        let (_, lint) = try await load(production.text!)
        #expect(lint == "")
    }

    // MARK: - Bad input

    @Test(arguments: [
        (
            "<?xml version=\"1.0\"?>\n<Scheme>\n   <LaunchAction\n      attr = \"x>\n</Scheme>\n",
            ImportSource.xcscheme(.launch),
            "App.xcscheme:5:1: error: `App.xcscheme` is not well-formed XML: `<` in the value of `attr`"
        ),
        (
            "{\"a\": 1}\n", .xcscheme(.launch),
            "App.xcscheme:1:1: error: `App.xcscheme` is not well-formed XML: text outside the root element"
        ),
        (
            "<Plan/>\n", .xcscheme(.launch),
            "App.xcscheme:1:1: error: `App.xcscheme` is not an Xcode scheme: its root element is `<Plan>`, not `<Scheme>`"
        ),
        (
            "<Scheme>\n   <LaunchAction/>\n</Scheme>\n", .xcscheme(.test),
            "App.xcscheme:1:1: error: `App.xcscheme` has no `<TestAction>` to import (it has `--action launch`)"
        ),
        (
            "{\n  \"defaultOptions\" : {\n    \"x\" : [1,]\n  }\n}\n", .xctestplan(configuration: nil),
            "App.xcscheme:3:14: error: `App.xcscheme` is not valid JSON: unexpected character"
        ),
        (
            "{\n  \"defaultOptions\" : {\n    \"commandLineArgumentEntries\" : {}\n  }\n}\n",
            .xctestplan(configuration: nil),
            "App.xcscheme:3:36: error: `commandLineArgumentEntries` in `App.xcscheme` is not an array"
        ),
        (
            "{\n  \"configurations\" : [\n    {\"name\" : \"Éire\"}\n  ]\n}\n", .xctestplan(configuration: "Eire"),
            "App.xcscheme:2:22: error: `App.xcscheme` has no configuration named `Eire`: it has `Éire`; did you mean `Éire`?"
        ),
    ])
    func badXcodeFilesAreLocatedErrors(_ text: String, _ source: ImportSource, _ expected: String) {
        let output = run(text, source)
        #expect(output.text == nil)
        #expect(output.diagnostics.count == 1)
        let rendered = DiagnosticRenderer().render(output.diagnostics).split(separator: "\n").first.map(String.init)
        #expect(rendered == expected)
    }

    @Test func columnsCountUnicodeScalars() {
        let output = run("{\n  \"defaultOptions\" : {\"é\" : \"ü\" x}\n}\n", .xctestplan(configuration: nil))
        #expect(output.diagnostics.first?.location?.description == "App.xcscheme:2:33")
    }

    @Test func anUnreadablePayloadEntryIsAnError() {
        let output = run(Self.scheme([], variables: [("PROFILE_PAYLOAD", "profile/9;end", true)]))
        #expect(output.text == nil)
        #expect(output.diagnostics.first?.message.contains("newer format version 9") == true)
        #expect(output.diagnostics.first?.location?.description == "App.xcscheme:9:22")
    }

    // MARK: - dotenv

    @Test func dotenvFollowsComposeAndPythonDotenv() async throws {
        let text = #"""
            # local settings
            export API_URL=http://localhost:8080   # the dev server
              SPACED = padded value  
            DOUBLE="a \"quoted\" \$HOME\nnext"
            SINGLE='${NOT} $X \n'
            REF=${API_URL}/v1
            DEFAULTED="${PORT:-8080}"
            EMPTY=
            HASH=a#b
            COMMENT= # only a comment
            MULTI="one
            two"
            YES_WORD=yes
            NULL_WORD=null
            CRLF=x

            """#.replacingOccurrences(of: "CRLF=x\n", with: "CRLF=x\r\n")
        let output = run(text, .dotenv, path: ".env")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.message))")
        #expect(
            output.text?.hasPrefix("# imported from .env by profile import\ndescription: Imported from .env\n") == true)
        #expect(
            try body(output) == #"""
                env:
                  API_URL: http://localhost:8080
                  SPACED: padded value
                  DOUBLE: "a \"quoted\" $$HOME\nnext"
                  SINGLE: "$${NOT} $$X \\n"
                  REF: "${API_URL}/v1"
                  DEFAULTED: "${PORT:-8080}"
                  EMPTY: ""
                  HASH: a#b
                  COMMENT: "# only a comment"
                  MULTI: "one\ntwo"
                  YES_WORD: yes
                  NULL_WORD: "null"
                  CRLF: x

                """#)
        let (profile, lint) = try await load(output.text!)
        #expect(lint == "")
        #expect(
            profile.environmentSummary == [
                "API_URL=http://localhost:8080", "SPACED=padded value", "DOUBLE=a \"quoted\" $HOME\nnext",
                "SINGLE=${NOT} $X \\n", "REF=http://localhost:8080/v1", "DEFAULTED=8080", "EMPTY=", "HASH=a#b",
                "COMMENT=# only a comment", "MULTI=one\ntwo", "YES_WORD=yes", "NULL_WORD=null", "CRLF=x",
            ])
    }

    /// What `profile export dotenv` writes, imported, gives the same environment and typed layer back.
    @Test func anExportedDotenvComesBack() async throws {
        let source = """
            env:
              PLAIN: value
              TRICKY: "a \\"b\\" $$c \\\\ d\\ne\\r"
              URL: http://x/?a=1&b=2
            flags: {skipOnboarding: true}
            mocks: {countries: local-mock}
            values: {pageSize: 5, greeting: "Hi $$you"}
            """
        let (profile, _) = try await load(source, catalog: true)
        let dotenv = try DotenvFormat().render(profile).text
        let output = run(dotenv, .dotenv, path: ".env", catalog: try catalog())
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.message))")
        let (back, lint) = try await load(output.text!, catalog: true)
        #expect(lint == "")
        #expect(back.environmentSummary == profile.environmentSummary)
        #expect(back.payload.flags == profile.payload.flags)
        #expect(back.payload.mocks == profile.payload.mocks)
        #expect(back.payload.values == profile.payload.values)
    }

    @Test func everyBadDotenvLineIsReportedWithItsPlace() {
        let output = run(
            "GOOD=1\nBAD LINE\n1X=2\n=3\nQUOTED=\"a\" b\nOPEN='never\n", .dotenv, path: ".env")
        #expect(output.text == nil)
        #expect(
            output.diagnostics.map { "\($0.location?.description ?? ""): \($0.message)" } == [
                ".env:2:1: `BAD` has no `=`: a line of a dotenv file is `NAME=value` (`BAD=` for an empty value)",
                ".env:4:1: expected a variable name before `=`: a line of a dotenv file is `NAME=value`",
                ".env:5:12: unexpected text after the closing quote: a value with spaces or quotes is written in "
                    + "quotes",
                ".env:6:6: this quote is never closed: the value runs to the end of the file",
            ])
    }
}

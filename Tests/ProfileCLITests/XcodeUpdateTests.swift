import Foundation
import Testing

/// `profile export xcscheme|xctestplan --update` end to end, through the built binary: the user's own entries survive,
/// and the second update changes nothing.
@Suite(.timeLimit(.minutes(20))) struct XcodeUpdateTests {
    static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/ProfileCoreTests/Fixtures/Xcode")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// The profile the `Exported.xcscheme` fixture was exported with, as `ui`.
    static let ui = """
        env:
          API_BASE_URL: http://localhost:8080
          MODE: "a&b"
        arguments: [-UITests]
        flags: {skipOnboarding: true}
        """

    static let p = """
        env: {API_BASE_URL: "http://localhost:8080"}
        arguments: [-UITests]
        values: {pageSize: 5}
        """

    /// The user's blocks of `Weather.xcscheme`'s Run action: a disabled argument and `OS_ACTIVITY_MODE`.
    static let sqlDebug = """
                 <CommandLineArgument
                    argument = "-com.apple.CoreData.SQLDebug 1"
                    isEnabled = "NO">
                 </CommandLineArgument>
        """
    static let activityMode = """
                 <EnvironmentVariable
                    key = "OS_ACTIVITY_MODE"
                    value = "disable"
                    isEnabled = "YES">
                 </EnvironmentVariable>
        """

    func file(_ project: Project, _ name: String) throws -> String {
        try String(contentsOfFile: project.path(name), encoding: .utf8)
    }

    @Test func theUsersEntriesSurviveTwoUpdates() throws {
        let original = try Self.fixture("Weather.xcscheme")
        let project = try Project(["profiles/p.yml": Self.p, "App.xcscheme": original])
        #expect(original.contains(Self.sqlDebug) && original.contains(Self.activityMode))

        let first = try project.profile(["export", "xcscheme", "p", "--update", "App.xcscheme"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "")
        #expect(first.stderr == "")
        let once = try file(project, "App.xcscheme")
        #expect(once != original)
        #expect(once.contains(Self.sqlDebug) && once.contains(Self.activityMode))
        for entry in [
            "argument = \"-UITests\"", "argument = \"-pageSize 5\"", "key = \"API_BASE_URL\"",
            "key = \"PROFILE_PAYLOAD\"",
        ] {
            #expect(once.contains(entry), "\(entry)")
        }
        // Only lines were added: every line of the user's file is still there, in order.
        let difference = once.components(separatedBy: "\n").difference(from: original.components(separatedBy: "\n"))
        #expect(difference.removals.isEmpty)

        let second = try project.profile(["export", "xcscheme", "p", "--update", "App.xcscheme"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try file(project, "App.xcscheme") == once)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root).filter { $0.contains("tmp") }
        #expect(leftovers == [])

        // The profile changes: its old entries go, the user's stay.
        try project.write("profiles/p.yml", "arguments: [-resetState]\n")
        let third = try project.profile(["export", "xcscheme", "p", "--update", "App.xcscheme"])
        #expect(third.status == 0, "\(third.stderr)")
        let changed = try file(project, "App.xcscheme")
        #expect(changed.contains(Self.sqlDebug) && changed.contains(Self.activityMode))
        #expect(!changed.contains("-UITests") && !changed.contains("-pageSize") && !changed.contains("API_BASE_URL"))
        #expect(changed.contains("argument = \"-resetState\""))
    }

    @Test func theTestActionAndATestPlanConfigurationKeepTheUsersEntries() throws {
        let project = try Project([
            "profiles/p.yml": Self.p, "App.xcscheme": try Self.fixture("Weather.xcscheme"),
            "App.xctestplan": try Self.fixture("Weather.xctestplan"),
        ])
        for _ in 0..<2 {
            let result = try project.profile([
                "export", "xcscheme", "p", "--update", "App.xcscheme", "--action", "test",
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let scheme = try file(project, "App.xcscheme")
        #expect(
            scheme.contains("argument = \"-XCTestObservationCenterDebugLogging YES\"\n            isEnabled = \"NO\""))

        let first = try project.profile(["export", "xctestplan", "p", "--update", "App.xctestplan"])
        #expect(first.status == 0, "\(first.stderr)")
        let once = try file(project, "App.xctestplan")
        let second = try project.profile(["export", "xctestplan", "p", "--update", "App.xctestplan"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try file(project, "App.xctestplan") == once)
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(once.utf8)) as? [String: Any])
        let options = try #require(plan["defaultOptions"] as? [String: Any])
        let arguments = try #require(options["commandLineArgumentEntries"] as? [[String: Any]])
        #expect(arguments.first?["argument"] as? String == "-com.apple.CoreData.SQLDebug 1")
        #expect(arguments.first?["enabled"] as? Bool == false)
        let variables = try #require(options["environmentVariableEntries"] as? [[String: Any]])
        #expect(
            variables.map { $0["key"] as? String } == [
                "OS_ACTIVITY_MODE", "MallocStackLogging", "API_BASE_URL", "PROFILE_PAYLOAD",
            ])
    }

    /// A scheme exported by the version before lossless updates (one word an entry, the typed layer in the payload),
    /// then edited in Xcode (entries added, one of the profile's unchecked): updating with the same profile keeps every
    /// entry, `-skipOnboarding` and `YES` too (together they are the profile's `-skipOnboarding YES`); only the
    /// payload changes, to the shape with checkboxes (the entries recorded, no typed layer), and then nothing does.
    @Test func aSchemeExportedBeforeIsRecognised() throws {
        let original = try Self.fixture("Exported.xcscheme")
        let project = try Project(["profiles/ui.yml": Self.ui, "App.xcscheme": original])
        let result = try project.profile(["export", "xcscheme", "ui", "--update", "App.xcscheme"])
        #expect(result.status == 0, "\(result.stderr)")
        let once = try file(project, "App.xcscheme")
        let oldPayload = "profile/1;profile=ui;flag.skipOnboarding=1;argument=-UITests;env=API_BASE_URL;env=MODE;end"
        let newPayload =
            "profile/1;profile=ui;argument-on=-UITests;argument-on=-skipOnboarding,YES;env=API_BASE_URL;env=MODE;end"
        #expect(original.contains(oldPayload))
        #expect(once == original.replacingOccurrences(of: oldPayload, with: newPayload))
        #expect(try project.profile(["export", "xcscheme", "ui", "--update", "App.xcscheme"]).status == 0)
        #expect(try file(project, "App.xcscheme") == once)
    }

    @Test func oneTestPlanConfigurationIsUpdatedWithConfiguration() throws {
        let original = try Self.fixture("Weather.xctestplan")
        let project = try Project(["profiles/p.yml": Self.p, "App.xctestplan": original])
        let result = try project.profile(
            ["export", "xctestplan", "p", "--update", "App.xctestplan", "--configuration", "German"])
        #expect(result.status == 0, "\(result.stderr)")
        let updated = try file(project, "App.xctestplan")
        let german = try #require(updated.range(of: "\"name\" : \"German\""))
        let english = try #require(updated.range(of: "\"name\" : \"English\""))
        // The profile's entries went into German's options only.
        let payload = try #require(updated.range(of: "PROFILE_PAYLOAD"))
        #expect(english.lowerBound < german.lowerBound ? payload.lowerBound > english.upperBound : true)
        #expect(updated.components(separatedBy: "PROFILE_PAYLOAD").count == 2)

        let unknown = try project.profile(
            ["export", "xctestplan", "p", "--update", "App.xctestplan", "--configuration", "Germn"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("German"), "\(unknown.stderr)")
        #expect(try file(project, "App.xctestplan") == updated)

        let misplaced = try project.profile(["export", "json", "p", "--configuration", "German"])
        #expect(misplaced.status == 64)
        #expect(
            misplaced.stderr.contains(
                "`--configuration` chooses the configuration `--update <file>` writes in (`xctestplan` and `vscode`)"))
    }
}

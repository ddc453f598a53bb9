import Foundation
import ProfileRuntime
import Testing

@testable import ProfileInterop
@testable import ProfileResolution

/// What a user expects from the checkboxes of an exported scheme: Xcode launches the app with the checked argument
/// entries (each split shell-style) and the checked variables; the app reads the profile's values, and an unchecked
/// entry is gone (`-pageSize 5` unchecked: the app reads its default). The same through a test runner that hands the
/// profile on (`launchConfiguration`).
@Suite struct XcodeCheckboxesTests {
    static let yaml = """
        env:
          LOG_LEVEL: debug
        arguments:
          - -UITests
          - [-AppleLanguages, (en)]
        flags: {skipOnboarding: true}
        mocks: {countries: local-mock}
        values: {pageSize: 5, greeting: "Hello there"}
        """

    /// What Xcode gives the process it launches from `scheme`'s Run action: argv (the checked argument entries,
    /// split) and the environment (the checked variables).
    static func launch(_ scheme: String) -> (arguments: [String], environment: [String: String]) {
        let entries = XcodeEntries.scheme(scheme, .launch)
        let arguments =
            ["app"] + entries.arguments.filter(\.isEnabled).flatMap { XcodeArgumentWords.split($0.identity) }
        var environment: [String: String] = [:]
        for variable in entries.variables where variable.isEnabled { environment[variable.identity] = variable.value }
        return (arguments, environment)
    }

    static func scheme(_ profile: ResolvedProfile) throws -> String {
        "<Scheme>\n   <LaunchAction\n      x = \"y\">\n" + (try XcodeSchemeFormat().render(profile).text)
            + "   </LaunchAction>\n</Scheme>\n"
    }

    static func uncheck(_ argument: String, in scheme: String) throws -> String {
        let marker = "argument = \"\(argument)\"\n            isEnabled = \"YES\""
        #expect(scheme.contains(marker), "\(argument)")
        return scheme.replacingOccurrences(
            of: marker, with: "argument = \"\(argument)\"\n            isEnabled = \"NO\"")
    }

    func expectReadsTheProfile(_ app: ActiveProfile) throws {
        #expect(app.profiles == ["ui"])
        #expect(app.isEnabled("UITests"))
        #expect(app.string(forKey: "AppleLanguages") == "(en)")
        #expect(app.isEnabled("skipOnboarding"))
        #expect(app.string(forKey: "countries") == "local-mock")
        #expect(app.int(forKey: "pageSize") == 5)
        #expect(app.string(forKey: "greeting") == "Hello there")
    }

    @Test func oneEntryPerItemAndTypedEntry() throws {
        let scheme = try Self.scheme(try XcodeFixtures.resolve(Self.yaml))
        #expect(
            XcodeEntries.scheme(scheme, .launch).arguments.map(\.identity) == [
                "-UITests", "-AppleLanguages (en)", "-skipOnboarding YES", "-countries local-mock",
                "-greeting \"Hello there\"", "-pageSize 5",
            ])
    }

    @Test func theAppReadsTheCheckedEntries() throws {
        let scheme = try Self.scheme(try XcodeFixtures.resolve(Self.yaml))
        let (arguments, environment) = Self.launch(scheme)
        let app = try ActiveProfile(arguments: arguments, environment: environment)
        try expectReadsTheProfile(app)
        #expect(environment["LOG_LEVEL"] == "debug")
    }

    @Test func anUncheckedEntryIsGone() throws {
        let full = try Self.scheme(try XcodeFixtures.resolve(Self.yaml))
        var scheme = try Self.uncheck("-pageSize 5", in: full)
        scheme = try Self.uncheck("-UITests", in: scheme)
        scheme = try Self.uncheck("-countries local-mock", in: scheme)
        let (arguments, environment) = Self.launch(scheme)
        let app = try ActiveProfile(arguments: arguments, environment: environment)
        #expect(app.int(forKey: "pageSize") == nil)
        #expect(app.int(forKey: "pageSize", default: 20) == 20)
        #expect(!app.isEnabled("UITests"))
        #expect(app.string(forKey: "countries") == nil)
        #expect(app.isEnabled("skipOnboarding"))

        // A test runner launched with the Test action's entries hands on exactly what is checked.
        let runner = try ActiveProfile(arguments: arguments + ["-XCTest", "All"], environment: environment)
        let configuration = runner.launchConfiguration
        let launched = try ActiveProfile(
            arguments: ["app"] + configuration.launchArguments, environment: configuration.launchEnvironment)
        #expect(launched.int(forKey: "pageSize") == nil)
        #expect(!launched.isEnabled("UITests"))
        #expect(launched.isEnabled("skipOnboarding"))
        #expect(launched.string(forKey: "AppleLanguages") == "(en)")
        #expect(configuration.launchEnvironment["LOG_LEVEL"] == "debug")
    }

    @Test func aTestRunnerHandsTheCheckedEntriesOn() throws {
        let scheme = try Self.scheme(try XcodeFixtures.resolve(Self.yaml))
        let (arguments, environment) = Self.launch(scheme)
        let runner = try ActiveProfile(arguments: arguments + ["-XCTest", "All"], environment: environment)
        let configuration = runner.launchConfiguration
        #expect(!configuration.launchArguments.contains("-XCTest"))
        try expectReadsTheProfile(
            try ActiveProfile(
                arguments: ["app"] + configuration.launchArguments, environment: configuration.launchEnvironment))
    }
}

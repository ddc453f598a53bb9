import Foundation
import ProfileInterop
import ProfileRuntime
import Testing

/// `enabled: false` arguments and variables (Xcode's checkboxes as data): `run` does not apply them, the formats for
/// programs leave them out, `xcscheme` and `xctestplan` write them unchecked, and `--update` keeps them (and the
/// user's toggles) through updates.
@Suite struct DisabledEntriesTests {
    static let yaml = """
        env:
          A: one
          B: {value: two, enabled: false}
          C: ${B:-unset}
        arguments:
          - -UITests
          - {argument: -verbose, enabled: false}
          - {argument: [-pageSize, "5"], enabled: false}
          - -last
        """

    @Test func runDoesNotApplyThem() throws {
        let profile = try XcodeFixtures.resolve(Self.yaml)
        #expect(profile.argv(command: ["app"]) == ["app", "-UITests", "-last"])
        #expect(profile.environment.map(\.name) == ["A", "C"])
        // `B` is not set by the profile: a later reference sees the invoking environment (here, nothing).
        #expect(profile.environment.last?.value == "unset")
        #expect(profile.childEnvironment["B"] == nil)
        #expect(profile.disabledArguments.map { $0.entry.map(\.value) } == [["-verbose"], ["-pageSize", "5"]])
        #expect(profile.disabledArguments.map(\.position) == [1, 1])
        #expect(profile.disabledEnvironment.map(\.entry.name) == ["B"])
        #expect(profile.disabledEnvironment.map(\.position) == [1])
        #expect(try profile.payload == WireFormat.decode(WireFormat.encode(profile.payload)))
        let payload = try WireFormat.decode(try #require(profile.childEnvironment[WireFormat.environmentVariable]))
        #expect(payload.arguments == ["-UITests", "-last"])
        #expect(payload.checkboxArguments.isEmpty)
        #expect(payload.environmentKeys == ["A", "C"])
    }

    @Test func aDisabledLastEntryLeavesTheInheritedValue() throws {
        let profiles = try TemporaryProfiles([
            "base.yml": "env: {A: base}\narguments: [-x]\n",
            "child.yml":
                "extends: base\nenv:\n  A: {value: child, enabled: false}\narguments:\n  - replace: -x\n    with: {argument: -x, enabled: false}\n",
        ])
        let (resolved, diagnostics) = try profiles.resolve(["child"], environment: [("A", "invoking")])
        #expect(diagnostics == "")
        let profile = try #require(resolved)
        #expect(profile.childEnvironment["A"] == "invoking")
        #expect(profile.argv(command: ["app"]) == ["app"])
        #expect(profile.disabledArguments.map { $0.entry.map(\.value) } == [["-x"]])
    }

    @Test func programFormatsLeaveThemOut() throws {
        let profile = try XcodeFixtures.resolve(Self.yaml)
        for format: any ExportFormat in [
            ArgumentsFormat(), ArgumentsJSONFormat(), ShellFormat(), DotenvFormat(), JSONFormat(), VSCodeFormat(),
        ] {
            let text = try format.render(profile).text
            #expect(!text.contains("-verbose") && !text.contains("two") && !text.contains("-pageSize"), "\(format)")
            #expect(!text.contains("-off"), "\(format)")
        }
        #expect(try ArgumentsFormat().render(profile).text == "-UITests\n-last\n")
    }

    @Test func xcodeFormatsWriteThemUncheckedAndRecordThem() throws {
        let profile = try XcodeFixtures.resolve(Self.yaml)
        let scheme = try XcodeSchemeFormat().render(profile).text
        let entries = XcodeEntries.scheme(
            "<Scheme>\n   <LaunchAction\n      x = \"y\">\n" + scheme + "   </LaunchAction>\n</Scheme>\n", .launch)
        #expect(
            entries.arguments == [
                .init("-UITests"), .init("-verbose", enabled: false), .init("-pageSize 5", enabled: false),
                .init("-last"),
            ])
        #expect(entries.variables.map(\.identity) == ["A", "B", "C", "PROFILE_PAYLOAD"])
        #expect(entries.variables.map(\.isEnabled) == [true, false, true, true])
        let payload = try WireFormat.decode(try #require(entries.variables.last?.value))
        // The arguments travel as the entries, with their checkboxes; the payload only records them.
        #expect(payload.arguments == [])
        #expect(
            payload.checkboxArguments == [
                .init(words: ["-UITests"], isEnabled: true), .init(words: ["-verbose"], isEnabled: false),
                .init(words: ["-pageSize", "5"], isEnabled: false), .init(words: ["-last"], isEnabled: true),
            ])
        #expect(payload.disabledEnvironmentKeys == [.init(position: 1, text: "B")])
        // A reader does not take them as launch arguments; the hand-on forwards those on its argv (checked).
        let active = try ActiveProfile(
            arguments: ["runner", "-UITests", "-pageSize", "5"],
            environment: [WireFormat.environmentVariable: try #require(entries.variables.last?.value)])
        #expect(active.flag(forKey: "verbose") == nil)
        #expect(active.launchArguments == ["-UITests", "-pageSize", "5"])

        let plan = try XcodeTestPlanFormat().render(profile).text
        #expect(plan.contains("\"argument\" : \"-verbose\",\n      \"enabled\" : false"))
        #expect(plan.contains("\"enabled\" : false,\n      \"key\" : \"B\""))
    }

    static let scheme = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme
           version = "1.7">
           <LaunchAction
              buildConfiguration = "Debug">
              <CommandLineArguments>
                 <CommandLineArgument
                    argument = "-mine"
                    isEnabled = "NO">
                 </CommandLineArgument>
              </CommandLineArguments>
           </LaunchAction>
        </Scheme>

        """

    func update(_ text: String, _ yaml: String) throws -> String {
        try XcodeSchemeFormat().update(Array(text.utf8), path: "App.xcscheme", with: XcodeFixtures.resolve(yaml)).text
    }

    @Test func updatesKeepThemAndTheUsersToggles() throws {
        let once = try update(Self.scheme, Self.yaml)
        #expect(try update(once, Self.yaml) == once)
        let arguments = XcodeEntries.scheme(once, .launch).arguments
        #expect(arguments.first == .init("-mine", enabled: false))
        #expect(arguments.filter { !$0.isEnabled }.map(\.identity) == ["-mine", "-verbose", "-pageSize 5"])

        // The user checks `-verbose`, which the profile writes unchecked: the next update keeps the user's choice.
        let checked = once.replacingOccurrences(
            of: "argument = \"-verbose\"\n            isEnabled = \"NO\"",
            with: "argument = \"-verbose\"\n            isEnabled = \"YES\"")
        #expect(checked != once)
        #expect(try update(checked, Self.yaml) == checked)

        // The profile disables `-last`: the same entry, now unchecked.
        let disabledLast = Self.yaml.replacingOccurrences(
            of: "  - -last", with: "  - {argument: -last, enabled: false}")
        let toggled = try update(once, disabledLast)
        #expect(XcodeEntries.scheme(toggled, .launch).arguments.last == .init("-last", enabled: false))
        #expect(try update(toggled, disabledLast) == toggled)
        // And enables it again.
        #expect(XcodeEntries.scheme(try update(toggled, Self.yaml), .launch).arguments.last == .init("-last"))

        // The profile drops its disabled entries: they are removed, the user's `-mine` stays.
        let fewer = try update(once, "arguments: [-UITests]\n")
        #expect(XcodeEntries.scheme(fewer, .launch).arguments == [.init("-mine", enabled: false), .init("-UITests")])
        #expect(XcodeEntries.scheme(fewer, .launch).variables.map(\.identity) == ["PROFILE_PAYLOAD"])
    }

    @Test func testPlanUpdatesKeepThem() throws {
        let plan = """
            {
              "configurations" : [

              ],
              "defaultOptions" : {

              },
              "version" : 1
            }

            """
        let profile = try XcodeFixtures.resolve(Self.yaml)
        let once = try XcodeTestPlanFormat().update(Array(plan.utf8), path: "App.xctestplan", with: profile)
        let twice = try XcodeTestPlanFormat().update(once.bytes, path: "App.xctestplan", with: profile)
        #expect(twice.text == once.text)
        #expect(once.text.contains("\"argument\" : \"-verbose\",\n        \"enabled\" : false"))
    }
}

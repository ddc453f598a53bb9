import Foundation
import ProfileInterop
import ProfileModel
import ProfileResolution
import ProfileRuntime
import Testing

// `XMLDocument`: in FoundationXML on Linux (swift-corelibs-foundation's Docs/ReleaseNotes_Swift5.md, "Dependency
// Management", recommends this import), in Foundation on macOS.
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Where the Xcode fixtures are.
enum XcodeFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Xcode")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Resolves `yaml` as the profile `ui`.
    static func resolve(_ yaml: String) throws -> ResolvedProfile {
        let profiles = try TemporaryProfiles(["ui.yml": yaml])
        let (resolved, diagnostics) = try profiles.resolve(["ui"])
        #expect(diagnostics == "")
        return try #require(resolved)
    }

    static let profile = """
        env:
          API_BASE_URL: http://localhost:8080
          MODE: "a&b"
        arguments: [-UITests]
        flags: {skipOnboarding: true}
        """

    /// The lines of `updated` that are not in `original` and the lines of `original` that are not in `updated`.
    static func changedLines(_ original: String, _ updated: String) -> [String] {
        let difference = updated.components(separatedBy: "\n").difference(from: original.components(separatedBy: "\n"))
        return difference.map { change in
            switch change {
            case .insert(_, let line, _), .remove(_, let line, _): return line
            }
        }
    }
}

@Suite struct XcodeSchemeUpdaterTests {
    let original: String
    let profile: ResolvedProfile
    let payload: String

    init() throws {
        original = try XcodeFixtures.text("Countries.xcscheme")
        profile = try XcodeFixtures.resolve(XcodeFixtures.profile)
        payload = XcodeUserEntriesTests.xcodePayload(profile)
    }

    func update(
        _ text: String, with profile: ResolvedProfile? = nil, action: XcodeSchemeAction = .launch
    ) throws -> ExportOutput {
        try XcodeSchemeFormat().update(
            Array(text.utf8), path: "Countries.xcscheme", with: profile ?? self.profile, action: action)
    }

    var oldArguments: String {
        """
              <CommandLineArguments>
                 <CommandLineArgument
                    argument = "-FIRDebugEnabled"
                    isEnabled = "NO">
                 </CommandLineArgument>
                 <CommandLineArgument
                    argument = "-com.apple.CoreData.SQLDebug 1"
                    isEnabled = "YES">
                 </CommandLineArgument>
              </CommandLineArguments>

        """
    }

    var newArguments: String {
        """
              <CommandLineArguments>
                 <CommandLineArgument
                    argument = "-UITests"
                    isEnabled = "YES">
                 </CommandLineArgument>
                 <CommandLineArgument
                    argument = "-skipOnboarding YES"
                    isEnabled = "YES">
                 </CommandLineArgument>
              </CommandLineArguments>

        """
    }

    var newEnvironment: String {
        """
              <EnvironmentVariables>
                 <EnvironmentVariable
                    key = "API_BASE_URL"
                    value = "http://localhost:8080"
                    isEnabled = "YES">
                 </EnvironmentVariable>
                 <EnvironmentVariable
                    key = "MODE"
                    value = "a&amp;b"
                    isEnabled = "YES">
                 </EnvironmentVariable>
                 <EnvironmentVariable
                    key = "PROFILE_PAYLOAD"
                    value = "\(payload)"
                    isEnabled = "YES">
                 </EnvironmentVariable>
              </EnvironmentVariables>

        """
    }

    /// Only lines of argument and environment entries may differ.
    func expectOnlyEntryLinesChanged(_ original: String, _ updated: String, allowing extra: [String] = []) {
        let entryLines = [
            "<CommandLineArguments>", "</CommandLineArguments>", "<CommandLineArgument", "</CommandLineArgument>",
            "argument = ", "isEnabled = ", "<EnvironmentVariables>", "</EnvironmentVariables>", "<EnvironmentVariable",
            "</EnvironmentVariable>", "key = ", "value = ",
        ]
        for line in XcodeFixtures.changedLines(original, updated) {
            let trimmed = line.drop { $0 == " " }
            #expect(entryLines.contains { trimmed.hasPrefix($0) } || extra.contains(line), "changed: \(line)")
        }
    }

    /// The user's two arguments (`oldArguments`, one of them disabled), then the profile's, in one element.
    var keptAndNewArguments: String {
        oldArguments.replacingOccurrences(of: "      </CommandLineArguments>\n", with: "")
            + newArguments.replacingOccurrences(of: "      <CommandLineArguments>\n", with: "")
    }

    @Test func launchActionKeepsTheUsersArgumentsAndGetsTheProfilesAfterThemAndEnvironmentAfterThat() throws {
        #expect(original.contains(oldArguments))
        let output = try update(original)
        let expected = original.replacingOccurrences(of: oldArguments, with: keptAndNewArguments + newEnvironment)
        #expect(output.text == expected)
        #expect(output.warnings.isEmpty)
        expectOnlyEntryLinesChanged(original, output.text)
    }

    @Test func updatingTwiceGivesTheSameBytes() throws {
        for action in XcodeSchemeAction.allCases {
            let once = try update(original, action: action)
            let twice = try update(once.text, action: action)
            #expect(twice.bytes == once.bytes, "\(action)")
        }
    }

    /// A scheme that holds the profile's entries, as an export wrote them, but no record (`PROFILE_PAYLOAD`).
    func unrecorded(_ profile: ResolvedProfile) throws -> String {
        let exported = try update(original, with: profile).text
        let stripped = XcodeEntries.schemeWithout(exported) { $0.identity == "PROFILE_PAYLOAD" }
        #expect(stripped != exported)
        return stripped
    }

    @Test func aFileThatAlreadySaysWhatTheProfileSaysIsLeftAsItIs() throws {
        let file = try unrecorded(profile)
        let output = try update(file)
        #expect(output.bytes == Array(file.utf8))
        #expect(
            output.warnings.map(\.message) == [
                "`Countries.xcscheme` already holds the profile's entries as it says: nothing written; the record of "
                    + "what the export wrote (`PROFILE_PAYLOAD`) is added with the first change"
            ])

        // Until a record is written, the profile's entries are known by their content: one the profile dropped
        // (`MODE`) is the user's from then on, and stays.
        let dropped = try XcodeFixtures.resolve(
            XcodeFixtures.profile.replacingOccurrences(of: "  MODE: \"a&b\"\n", with: ""))
        #expect(try update(file, with: dropped).bytes == Array(file.utf8))
        // With a record, the same update removes it.
        let recorded = try update(original).text
        #expect(
            !XcodeEntries.scheme(try update(recorded, with: dropped).text, .launch).variables.contains {
                $0.identity == "MODE"
            })

        // A change writes the change and the record.
        let grown = try XcodeFixtures.resolve(XcodeFixtures.profile + "\nvalues: {pageSize: 5}\n")
        let changed = try update(file, with: grown)
        #expect(changed.warnings.isEmpty)
        let entries = XcodeEntries.scheme(changed.text, .launch)
        #expect(entries.arguments.map(\.identity).contains("-pageSize 5"))
        #expect(
            entries.variables.filter { $0.identity == "PROFILE_PAYLOAD" }
                == [XcodeEntries.Entry("PROFILE_PAYLOAD", XcodeUserEntriesTests.xcodePayload(grown))])
        #expect(try update(changed.text, with: grown).bytes == changed.bytes)
    }

    @Test func aSettingOnlyThePayloadCarriesIsWrittenWithTheRecord() throws {
        // A value holding a NUL byte: no argument can carry it, the payload does (`value.greeting=a%00b`).
        let payloadOnly = try XcodeFixtures.resolve(XcodeFixtures.profile + "\nvalues: {greeting: \"a\\0b\"}\n")
        #expect(ExportContent(payloadOnly, exact: true, checkboxes: true).payloadCarriesSettings)
        #expect(!ExportContent(profile, exact: true, checkboxes: true).payloadCarriesSettings)
        let file = try unrecorded(payloadOnly)
        let output = try update(file, with: payloadOnly)
        #expect(output.warnings.isEmpty)
        #expect(
            XcodeEntries.scheme(output.text, .launch).variables.filter { $0.identity == "PROFILE_PAYLOAD" }
                == [XcodeEntries.Entry("PROFILE_PAYLOAD", XcodeUserEntriesTests.xcodePayload(payloadOnly))])
        #expect(XcodeEntries.schemeWithout(output.text) { $0.identity == "PROFILE_PAYLOAD" } == file)
    }

    @Test func testActionGetsItsOwnEntriesAfterTheTestables() throws {
        let output = try update(original, action: .test)
        let testables = "      </Testables>\n"
        let attribute = "      shouldUseLaunchSchemeArgsEnv = \"YES\"\n      shouldAutocreateTestPlan"
        var expected = original.replacingOccurrences(of: testables, with: testables + newArguments + newEnvironment)
        let range = try #require(expected.range(of: attribute))
        expected.replaceSubrange(
            range, with: "      shouldUseLaunchSchemeArgsEnv = \"NO\"\n      shouldAutocreateTestPlan")
        #expect(output.text == expected)
        // The Run action's entries and the Profile action's attribute are untouched.
        #expect(output.text.contains(oldArguments))
        #expect(output.text.contains("buildConfiguration = \"Release\"\n      shouldUseLaunchSchemeArgsEnv = \"YES\""))
        #expect(output.warnings.map(\.severity) == [.note])
        #expect(output.warnings.first?.location?.description == "Countries.xcscheme:30:39")
        expectOnlyEntryLinesChanged(
            original, output.text,
            allowing: ["      shouldUseLaunchSchemeArgsEnv = \"YES\"", "      shouldUseLaunchSchemeArgsEnv = \"NO\""])
    }

    @Test func anElementWithNothingToHoldIsRemoved() throws {
        let envOnly = try XcodeFixtures.resolve("env: {MODE: dark}\n")
        // The user's arguments stay: the profile has none, and never wrote any.
        let output = try update(original, with: envOnly)
        #expect(
            output.text
                == original.replacingOccurrences(
                    of: oldArguments, with: oldArguments + environmentBlock(["MODE": "dark"], envOnly)))
        // The profile's arguments go when it no longer has them; the user's stay.
        #expect(try update(try update(original).text, with: envOnly).text == output.text)
        // An element left with nothing to hold is removed.
        let scheme = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme
               version = "1.7">
               <LaunchAction
                  buildConfiguration = "Debug">
               </LaunchAction>
            </Scheme>

            """
        let emptied = try update(try update(scheme).text, with: envOnly).text
        #expect(!emptied.contains("CommandLineArgument"))
        #expect(
            emptied
                == scheme.replacingOccurrences(
                    of: "   </LaunchAction>", with: environmentBlock(["MODE": "dark"], envOnly) + "   </LaunchAction>"))
    }

    func environmentBlock(_ variables: KeyValuePairs<String, String>, _ profile: ResolvedProfile) -> String {
        var lines = ["      <EnvironmentVariables>"]
        for (key, value) in Array(variables) + [("PROFILE_PAYLOAD", XcodeUserEntriesTests.xcodePayload(profile))] {
            lines += [
                "         <EnvironmentVariable", "            key = \"\(key)\"", "            value = \"\(value)\"",
                "            isEnabled = \"YES\">", "         </EnvironmentVariable>",
            ]
        }
        return (lines + ["      </EnvironmentVariables>"]).map { $0 + "\n" }.joined()
    }

    @Test func existingEnvironmentIsReplacedWhole() throws {
        let first = try update(original).text
        let other = try XcodeFixtures.resolve("env: {MODE: dark}\narguments: [-UITests]\n")
        let second = try update(first, with: other).text
        #expect(second == (try update(original, with: other).text))
        #expect(!second.contains("API_BASE_URL"))
        #expect(second.contains(environmentBlock(["MODE": "dark"], other)))
    }

    @Test func anActionWithoutChildrenGetsThemAtXcodesIndentation() throws {
        let scheme = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme
               version = "1.7">
               <LaunchAction
                  buildConfiguration = "Debug">
               </LaunchAction>
            </Scheme>

            """
        let output = try update(scheme)
        #expect(
            output.text
                == scheme.replacingOccurrences(
                    of: "   </LaunchAction>", with: newArguments + newEnvironment + "   </LaunchAction>"))
    }

    @Test func windowsLineEndingsAreKept() throws {
        let crlf = original.replacingOccurrences(of: "\n", with: "\r\n")
        let output = try update(crlf)
        #expect(output.text == (try update(original).text).replacingOccurrences(of: "\n", with: "\r\n"))
    }

    @Test func testPlansAreWarnedAbout() throws {
        let scheme = original.replacingOccurrences(
            of: "      <Testables>",
            with: """
                      <TestPlans>
                         <TestPlanReference
                            reference = "container:Countries.xctestplan"
                            default = "YES">
                         </TestPlanReference>
                      </TestPlans>
                      <Testables>
                """)
        let output = try update(scheme, action: .test)
        #expect(output.warnings.map(\.severity) == [.note, .warning])
        #expect(output.warnings.last?.message.contains("test plans") == true)
    }

    @Test func malformedFilesAreRefusedWithTheirPlace() throws {
        let broken = "<Scheme>\n   <LaunchAction>\n</Scheme>\n"
        let error = #expect(throws: Diagnostic.self) { try update(broken) }
        #expect(
            error?.message
                == "`Countries.xcscheme` is not well-formed XML: end tag `</Scheme>` does not match `<LaunchAction>`")
        #expect(error?.location?.description == "Countries.xcscheme:3:1")

        let plist = #expect(throws: Diagnostic.self) { try update("<plist version=\"1.0\">\n</plist>\n") }
        #expect(
            plist?.message
                == "`Countries.xcscheme` is not an Xcode scheme: its root element is `<plist>`, not `<Scheme>`")

        let noTest = #expect(throws: Diagnostic.self) {
            try update("<Scheme>\n   <LaunchAction>\n   </LaunchAction>\n</Scheme>\n", action: .test)
        }
        #expect(noTest?.message == "`Countries.xcscheme` has no `<TestAction>` to update")

        #expect(throws: Diagnostic.self) { try update("<Scheme attribute=\"unterminated>\n</Scheme>\n") }
        #expect(throws: Diagnostic.self) { try update("") }
        #expect(throws: Diagnostic.self) { try update("<Scheme>\n<!-- never closed\n</Scheme>\n") }
    }

    @Test func otherFormatsCannotUpdate() throws {
        let error = #expect(throws: Diagnostic.self) {
            try ShellFormat().update(Array(original.utf8), path: "x", with: profile)
        }
        #expect(error?.message == "`shell` cannot update files: only `xcscheme`, `xctestplan` and `vscode` can")
    }

    #if canImport(FoundationXML) || os(macOS)
    @Test func theResultParsesWithTheEntriesInOrder() throws {
        let tricky = try XcodeFixtures.resolve(
            "env: {QUOTES: \"it's \\\"x\\\" <&>\", LINES: \"a\\nb\"}\narguments: [\"two words\", \"-x\"]\n")
        for action in XcodeSchemeAction.allCases {
            let output = try update(original, with: tricky, action: action)
            let document = try XMLDocument(data: Data(output.bytes))
            let base = "/Scheme/\(action.elementName)"
            let arguments = try document.nodes(forXPath: base + "/CommandLineArguments/CommandLineArgument/@argument")
            // The Run action keeps the user's two arguments first. An argument holding a space is quoted, since
            // Xcode splits entries shell-style.
            let users = action == .launch ? ["-FIRDebugEnabled", "-com.apple.CoreData.SQLDebug 1"] : []
            #expect(arguments.map(\.stringValue) == users + ["\"two words\"", "-x"])
            let values = try document.nodes(forXPath: base + "/EnvironmentVariables/EnvironmentVariable/@value")
            #expect(values.prefix(2).map(\.stringValue) == ["it's \"x\" <&>", "a\nb"])
            #expect(try document.nodes(forXPath: "/Scheme/*").count == 6)
        }
    }
    #endif
}

/// `shouldUseLaunchSchemeArgsEnv = "YES"` is read once (`XcodeSchemeDocument.runActionSwitch`): import warns about it,
/// an update switches it and the import record is left out exactly where the attribute, read as XML, says `YES` in a
/// Test or Profile action, whichever way it is spelled.
@Suite struct RunActionSwitchTests {
    static func scheme(_ value: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Scheme
           version = "1.7">
           <TestAction
              buildConfiguration = "Debug"
              shouldUseLaunchSchemeArgsEnv = "\(value)">
           </TestAction>
           <LaunchAction
              buildConfiguration = "Debug"
              shouldUseLaunchSchemeArgsEnv = "\(value)">
           </LaunchAction>
           <ProfileAction
              shouldUseLaunchSchemeArgsEnv = "\(value)">
           </ProfileAction>
        </Scheme>

        """
    }

    @Test(arguments: ["YES", "NO", "&#89;ES", "&#x59;&#x45;&#x53;", "yes", ""])
    func importUpdateAndRecordAgree(_ value: String) throws {
        let bytes = Array(Self.scheme(value).utf8)
        let profile = try XcodeFixtures.resolve("arguments: [-UITests]")
        let saysYes = ["YES", "&#89;ES", "&#x59;&#x45;&#x53;"].contains(value)
        var seen: [String: Bool] = [:]
        for action in XcodeImportAction.allCases {
            let imported = ProfileImporter.importProfile(
                bytes, path: "App.xcscheme", from: .xcscheme(action), catalog: nil)
            seen["import \(action)"] = imported.diagnostics.contains {
                $0.message.hasPrefix("this action uses the Run action's arguments and environment")
            }
        }
        for action in XcodeSchemeAction.allCases {
            let updated = try XcodeSchemeFormat().update(bytes, path: "App.xcscheme", with: profile, action: action)
            seen["update \(action)"] = updated.warnings.contains {
                $0.message.hasPrefix("switched `shouldUseLaunchSchemeArgsEnv` to \"NO\"")
            }
            seen["no record \(action)"] =
                try ImportRecord.update(
                    bytes, path: "App.xcscheme", from: .xcscheme(.init(rawValue: action.rawValue)!), with: profile)
                == nil
        }
        #expect(
            seen == [
                "import launch": false, "import test": saysYes, "import profile": saysYes, "update launch": false,
                "update test": saysYes, "no record launch": false, "no record test": saysYes,
            ])
    }
}

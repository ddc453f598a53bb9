import Foundation
import ProfileInterop
import ProfileModel
import ProfileResolution
import ProfileRuntime
import Testing

@Suite struct XcodeTestPlanUpdaterTests {
    let original: String
    let profile: ResolvedProfile
    let payload: String

    init() throws {
        original = try XcodeFixtures.text("Countries.xctestplan")
        profile = try XcodeFixtures.resolve(XcodeFixtures.profile)
        payload = XcodeUserEntriesTests.xcodePayload(profile).replacingOccurrences(of: "/", with: #"\/"#)
    }

    func update(_ text: String, with profile: ResolvedProfile? = nil) throws -> ExportOutput {
        try XcodeTestPlanFormat().update(
            Array(text.utf8), path: "Countries.xctestplan", with: profile ?? self.profile)
    }

    /// The two members as they sit in `defaultOptions` (four-space indentation), each line ending with a newline.
    var entries: String {
        #"""
            "commandLineArgumentEntries" : [
              {
                "argument" : "-UITests"
              },
              {
                "argument" : "-skipOnboarding YES"
              }
            ],
            "environmentVariableEntries" : [
              {
                "key" : "API_BASE_URL",
                "value" : "http:\/\/localhost:8080"
              },
              {
                "key" : "MODE",
                "value" : "a&b"
              },
              {
                "key" : "PROFILE_PAYLOAD",
                "value" : "\#(payload)"
              }
            ],

        """#
    }

    @Test func entriesAreInsertedInSortedKeyOrder() throws {
        let output = try update(original)
        let anchor = "    \"codeCoverage\" : false,\n"
        #expect(original.contains(anchor))
        #expect(output.text == original.replacingOccurrences(of: anchor, with: anchor + entries))
        #expect(output.warnings.isEmpty)
    }

    @Test func updatingTwiceGivesTheSameBytes() throws {
        let once = try update(original)
        #expect(try update(once.text).bytes == once.bytes)
    }

    @Test func existingEntriesAreReplacedWhole() throws {
        let first = try update(original).text
        let other = try XcodeFixtures.resolve("env: {MODE: dark}\narguments: [-x]\n")
        let second = try update(first, with: other).text
        #expect(second == (try update(original, with: other).text))
        #expect(!second.contains("API_BASE_URL"))
        #expect(second.contains("      {\n        \"argument\" : \"-x\"\n      }\n    ],\n"))
    }

    @Test func anEntryListWithNothingToHoldIsRemoved() throws {
        let first = try update(original).text
        let envOnly = try XcodeFixtures.resolve("env: {MODE: dark}\n")
        let second = try update(first, with: envOnly).text
        #expect(!second.contains("commandLineArgumentEntries"))
        #expect(second == (try update(original, with: envOnly).text))
    }

    @Test func defaultOptionsIsCreatedWhenAbsent() throws {
        let plan = """
            {
              "configurations" : [
                {
                  "id" : "0B4E58D4-7A3C-4C51-9E1F-2D6A8B3C5E70",
                  "name" : "Configuration 1",
                  "options" : {

                  }
                }
              ],
              "testTargets" : [

              ],
              "version" : 1
            }

            """
        let output = try update(plan)
        let block = "  \"defaultOptions\" : {\n" + entries.dropLast(2) + "\n  },\n"
        #expect(output.text == plan.replacingOccurrences(of: "  \"testTargets\"", with: block + "  \"testTargets\""))
        #expect(try JSONSerialization.jsonObject(with: Data(output.bytes)) is [String: Any])
    }

    @Test func anEmptyDefaultOptionsIsFilledAndEmptiedTheXcodeWay() throws {
        let plan = "{\n  \"defaultOptions\" : {\n\n  },\n  \"version\" : 1\n}\n"
        let output = try update(plan)
        #expect(output.text == "{\n  \"defaultOptions\" : {\n" + entries.dropLast(2) + "\n  },\n  \"version\" : 1\n}\n")
        let nothing = try XcodeFixtures.resolve("description: nothing\n")
        // PROFILE_PAYLOAD is always there.
        let handWritten = "{\n  \"defaultOptions\" : {\n    \"commandLineArgumentEntries\" : [\n\n    ]\n  }\n}\n"
        let emptied = try update(handWritten, with: nothing).text
        // A list with no entries (as Xcode leaves one) stays as it is: nothing to write, not even a record.
        #expect(emptied == handWritten)
        #expect(try JSONSerialization.jsonObject(with: Data(emptied.utf8)) is [String: Any])
    }

    @Test func theResultParsesWithTheEntriesInOrder() throws {
        let tricky = try XcodeFixtures.resolve(
            "env: {QUOTES: \"it's \\\"x\\\" / \\\\\", LINES: \"a\\nb\\u00e9\"}\narguments: [\"two words\", \"-x\"]\n")
        let output = try update(original, with: tricky)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.bytes)) as? [String: Any])
        let options = try #require(object["defaultOptions"] as? [String: Any])
        let arguments = try #require(options["commandLineArgumentEntries"] as? [[String: String]])
        // Quoted, since Xcode splits an entry shell-style.
        #expect(arguments.map { $0["argument"] } == ["\"two words\"", "-x"])
        let environment = try #require(options["environmentVariableEntries"] as? [[String: String]])
        #expect(environment.map { $0["key"] } == ["QUOTES", "LINES", "PROFILE_PAYLOAD"])
        #expect(environment.map { $0["value"] }.prefix(2) == ["it's \"x\" / \\", "a\nbé"])
        #expect(options["codeCoverage"] as? Bool == false)
        #expect((object["testTargets"] as? [Any])?.count == 1)
    }

    @Test func malformedFilesAreRefusedWithTheirPlace() throws {
        let error = #expect(throws: Diagnostic.self) { try update("{\n  \"version\" : 1,\n}\n") }
        #expect(error?.message == "`Countries.xctestplan` is not valid JSON: expected a key in quotes")
        #expect(error?.location?.description == "Countries.xctestplan:3:1")
        let array = #expect(throws: Diagnostic.self) { try update("[]\n") }
        #expect(array?.message == "`Countries.xctestplan` is not an Xcode test plan: its top level is not an object")
        let options = #expect(throws: Diagnostic.self) { try update("{\"defaultOptions\": 1}") }
        #expect(options?.message == "`defaultOptions` in `Countries.xctestplan` is not an object")
        #expect(throws: Diagnostic.self) { try update(String(repeating: "[", count: 100_000)) }
        #expect(throws: Diagnostic.self) { try update("{\"a\": \"unterminated}") }
    }
}

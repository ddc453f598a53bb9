import Foundation
import ProfileInterop
import ProfileRuntime
import Testing

/// `--update` adopts the checked entries of the user's that already say exactly what the profile writes, instead of
/// writing them a second time (see ``XcodeEntryMerge``).
@Suite struct XcodeAdoptionTests {
    typealias Entry = XcodeEntries.Entry

    func update(_ text: String, _ yaml: String) throws -> ExportOutput {
        try XcodeSchemeFormat().update(Array(text.utf8), path: "App.xcscheme", with: try XcodeFixtures.resolve(yaml))
    }

    @Test func aFileWithoutARecordKeepsItsEqualEntriesInPlace() throws {
        let original = try XcodeFixtures.text("Weather.xcscheme")
        let once = try update(original, "env: {OS_ACTIVITY_MODE: disable}\narguments: [[-AppleLanguages, (fr)], -x]\n")
        #expect(once.warnings.isEmpty)
        let entries = XcodeEntries.scheme(once.text, .launch)
        #expect(
            entries.arguments == [
                Entry("-com.apple.CoreData.SQLDebug 1", enabled: false), Entry("-AppleLanguages (fr)"), Entry("-x"),
            ])
        #expect(entries.variables.map(\.identity) == ["OS_ACTIVITY_MODE", "PROFILE_PAYLOAD", "MallocStackLogging"])
        #expect(XcodeEntries.diff(original, once.text).removed == [])
    }

    @Test func aDisabledOrDifferentEntryIsNotAdopted() throws {
        let original = try XcodeFixtures.text("Weather.xcscheme")
        // The unchecked `MallocStackLogging=1` and `-com.apple.CoreData.SQLDebug 1` stay the user's; the profile's
        // come too.
        let once = try update(
            original,
            "env: {MallocStackLogging: \"1\", OS_ACTIVITY_MODE: default}\narguments: [-com.apple.CoreData.SQLDebug, \"1\"]\n"
        )
        let entries = XcodeEntries.scheme(once.text, .launch)
        #expect(
            entries.arguments.map(\.identity) == [
                "-com.apple.CoreData.SQLDebug 1", "-AppleLanguages (fr)", "-com.apple.CoreData.SQLDebug", "1",
            ])
        #expect(
            entries.variables.map(\.description) == [
                "OS_ACTIVITY_MODE=disable", "MallocStackLogging=1 (off)", "MallocStackLogging=1",
                "OS_ACTIVITY_MODE=default",
                "PROFILE_PAYLOAD=\(entries.variables.last!.value!)",
            ])
        // The user's `OS_ACTIVITY_MODE` is checked and differs: a warning.
        #expect(
            once.warnings.map { $0.message.hasPrefix("`OS_ACTIVITY_MODE` is also set by this entry of your own") } == [
                true
            ])
    }

    @Test func aProfileThatGainsAnEntryTheUserHadAdoptsIt() throws {
        let original = try XcodeFixtures.text("Weather.xcscheme")
        let first = try update(original, "arguments: [-UITests]\n").text
        let gained = try update(first, "arguments: [-UITests]\nenv: {OS_ACTIVITY_MODE: disable}\n")
        #expect(gained.warnings.isEmpty)
        let entries = XcodeEntries.scheme(gained.text, .launch)
        #expect(entries.variables.filter { $0.identity == "OS_ACTIVITY_MODE" }.count == 1)
        // It is the profile's from then on: a profile that drops it removes it.
        let dropped = try update(gained.text, "arguments: [-UITests]\n").text
        #expect(!XcodeEntries.scheme(dropped, .launch).variables.contains { $0.identity == "OS_ACTIVITY_MODE" })
        #expect(
            try update(gained.text, "arguments: [-UITests]\nenv: {OS_ACTIVITY_MODE: disable}\n").text == gained.text)
    }
}

import Foundation
import ProfileRuntime
import TestSupport
import Testing

@testable import ProfileInterop
@testable import ProfileModel
@testable import ProfileResolution

/// `profile import` then `profile export … --update` of the same file: the committed fixtures (written after Xcode
/// 15/16 output) come back byte for byte. The file has no record yet and already says what the profile says, so the
/// update writes nothing; the first update that changes something writes the changes and the record, the
/// `PROFILE_PAYLOAD` entry that tells later updates which entries are the profile's (see the README, "Importing").
@Suite struct ImportRoundTripTests {
    /// The Countries catalog the fixtures were written against (its flags, mock point `countries` and values).
    static func countriesCatalog() throws -> String {
        try String(
            contentsOfFile: TestPaths.repositoryPath("Tests/ProfileCoreTests/Fixtures/Xcode/Countries-catalog.yml"),
            encoding: .utf8)
    }

    /// Imports `name` from the fixtures, checks the profile loads and lints clean, and resolves it.
    static func imported(
        _ name: String, from source: ImportSource, catalog: String? = nil
    ) async throws -> (original: String, yaml: String, profile: ResolvedProfile, notes: [Diagnostic]) {
        let imported = try await importedWithChange(name, from: source, catalog: catalog)
        return (imported.original, imported.yaml, imported.profile, imported.notes)
    }

    /// ``imported(_:from:catalog:)``, and the profile with one more variable (`ROUND_TRIP_ADDED=1`, from a second
    /// profile composed after it): a change for the update to write.
    static func importedWithChange(
        _ name: String, from source: ImportSource, catalog: String? = nil
    ) async throws -> (
        original: String, yaml: String, profile: ResolvedProfile, changed: ResolvedProfile, notes: [Diagnostic]
    ) {
        let original = try XcodeFixtures.text(name)
        var files: [String: String] = [:]
        var parsedCatalog: Catalog?
        if let catalog {
            files["_catalog.yml"] = catalog
            let profiles = try TemporaryProfiles(files)
            parsedCatalog = try withExtendedLifetime(profiles) { try profiles.repository().catalog }
            #expect(parsedCatalog != nil)
        }
        let output = ProfileImporter.importProfile(
            Array(original.utf8), path: name, from: source, catalog: parsedCatalog)
        #expect(!output.diagnostics.hasErrors, "\(output.diagnostics.map(\.message))")
        let yaml = try #require(output.text)
        files["imported.yml"] = yaml
        files["added.yml"] = "env:\n  ROUND_TRIP_ADDED: \"1\"\n"
        let profiles = try TemporaryProfiles(files)
        let lint = await Linter(repository: try profiles.repository()).run()
        #expect(lint.isEmpty, "\(name): \(profiles.render(lint))\n\(yaml)")
        let (resolved, diagnostics) = try profiles.resolve(["imported"])
        #expect(diagnostics == "")
        let (changed, _) = try profiles.resolve(["imported", "added"])
        return (original, yaml, try #require(resolved), try #require(changed), output.diagnostics)
    }

    /// The `PROFILE_PAYLOAD` value the Xcode exports write for `profile`.
    static func xcodePayload(_ profile: ResolvedProfile) -> String {
        ExportContent(profile, exact: false, checkboxes: true).setVariables.last?.value ?? ""
    }

    static let schemes: [(String, XcodeImportAction)] = [
        ("Weather.xcscheme", .launch), ("Weather.xcscheme", .test), ("Shop.xcscheme", .launch),
        ("Countries.xcscheme", .launch),
    ]

    /// The note of an update that leaves `path` as it was.
    static func unchangedNote(_ path: String) -> [String] { [XcodeFormats.alreadyAsTheProfileSaysMessage(path)] }

    @Test(arguments: schemes)
    func aSchemeComesBackByteForByte(_ name: String, _ action: XcodeImportAction) async throws {
        let (original, _, profile, changed, _) = try await Self.importedWithChange(name, from: .xcscheme(action))
        let exportAction = XcodeSchemeAction(rawValue: action.rawValue)!
        let once = try XcodeSchemeFormat().update(
            Array(original.utf8), path: name, with: profile, action: exportAction)
        #expect(once.warnings.map(\.message) == Self.unchangedNote(name))
        #expect(once.bytes == Array(original.utf8), "\(name)")
        let twice = try XcodeSchemeFormat().update(once.bytes, path: name, with: profile, action: exportAction)
        #expect(twice.bytes == Array(original.utf8))

        // The first update that changes something writes the change and the record; the next one changes nothing.
        let grown = try XcodeSchemeFormat().update(
            Array(original.utf8), path: name, with: changed, action: exportAction)
        #expect(grown.warnings.isEmpty, "\(grown.warnings.map(\.message))")
        #expect(XcodeEntries.diff(original, grown.text).removed == [])
        let variables = XcodeEntries.scheme(grown.text, exportAction).variables
        #expect(variables.filter { $0.identity == "ROUND_TRIP_ADDED" } == [XcodeEntries.Entry("ROUND_TRIP_ADDED", "1")])
        // The payload an Xcode export writes: the profile's entries travel with their checkboxes, and the payload
        // records them (`argument-on=`, `argument-off=`, `env-off=`).
        #expect(
            variables.filter { $0.identity == "PROFILE_PAYLOAD" }
                == [XcodeEntries.Entry("PROFILE_PAYLOAD", Self.xcodePayload(changed))])
        let again = try XcodeSchemeFormat().update(grown.bytes, path: name, with: changed, action: exportAction)
        #expect(again.text == grown.text)

        // Back to the imported profile: the record says `ROUND_TRIP_ADDED` was the profile's, so it goes; the record
        // stays. Every byte of the original, and the payload entry.
        let back = try XcodeSchemeFormat().update(grown.bytes, path: name, with: profile, action: exportAction)
        #expect(XcodeEntries.schemeWithout(back.text) { $0.identity == "PROFILE_PAYLOAD" } == original, "\(name)")
        #expect(
            XcodeEntries.scheme(back.text, exportAction).variables.filter { $0.identity == "PROFILE_PAYLOAD" }
                == [XcodeEntries.Entry("PROFILE_PAYLOAD", Self.xcodePayload(profile))])
        #expect(
            try XcodeSchemeFormat().update(back.bytes, path: name, with: profile, action: exportAction).text
                == back.text)
    }

    @Test func aSchemeWithTypedEntriesComesBackToo() async throws {
        let (original, yaml, profile, _) = try await Self.imported(
            "Typed.xcscheme", from: .xcscheme(.launch), catalog: try Self.countriesCatalog())
        #expect(
            yaml == """
                # imported from Typed.xcscheme (LaunchAction) by profile import
                description: Imported from Typed.xcscheme (LaunchAction)

                env:
                  LOG_LEVEL: debug  # Typed.xcscheme:90
                  COUNTRIES_API_URL: {value: http://localhost:8080, enabled: false}  # Typed.xcscheme:95 (disabled in Xcode)

                arguments:
                  - -UITests  # Typed.xcscheme:68
                  # disabled in Xcode: - [-countries, live]  # Typed.xcscheme:76

                flags:
                  skipOnboarding: true  # Typed.xcscheme:72 (-skipOnboarding YES)

                mocks:
                  countries: local-mock  # Typed.xcscheme:80 (-countries local-mock)

                values:
                  pageSize: 5  # Typed.xcscheme:84 (-pageSize 5)

                """)
        // The typed entries are options, nothing is left to the payload: the file comes back byte for byte.
        let once = try XcodeSchemeFormat().update(Array(original.utf8), path: "Typed.xcscheme", with: profile)
        #expect(once.warnings.map(\.message) == Self.unchangedNote("Typed.xcscheme"))
        #expect(once.bytes == Array(original.utf8))

        // Another spelling of the same settings: taken as the profile's, and written the export's way in place.
        let spelled = original.replacingOccurrences(of: "\"-skipOnboarding YES\"", with: "\"-skipOnboarding true\"")
            .replacingOccurrences(of: "\"-pageSize 5\"", with: "\"--page-size=5\"")
        let normalised = try XcodeSchemeFormat().update(Array(spelled.utf8), path: "Typed.xcscheme", with: profile)
        let arguments = XcodeEntries.scheme(normalised.text, .launch).arguments
        #expect(
            arguments == [
                .init("-UITests"), .init("-skipOnboarding YES"), .init("-countries live", enabled: false),
                .init("-countries local-mock"), .init("-pageSize 5"),
            ])
        // A different value of the user's is not the profile's: it stays, and the profile's comes after the profile's
        // previous entry.
        let different = original.replacingOccurrences(of: "\"-pageSize 5\"", with: "\"-pageSize 7\"")
        let kept = try XcodeSchemeFormat().update(Array(different.utf8), path: "Typed.xcscheme", with: profile)
        #expect(
            XcodeEntries.scheme(kept.text, .launch).arguments.map(\.identity).suffix(3) == [
                "-countries local-mock", "-pageSize 5", "-pageSize 7",
            ])
    }

    static let plans: [(String, String?)] = [
        ("Weather.xctestplan", nil), ("Weather.xctestplan", "German"), ("Weather.xctestplan", "English"),
        ("Shop.xctestplan", nil), ("Shop.xctestplan", "Production"), ("Shop.xctestplan", "Staging"),
        ("Countries.xctestplan", nil),
    ]

    @Test(arguments: plans)
    func aTestPlanComesBackByteForByte(_ name: String, _ configuration: String?) async throws {
        let (original, _, profile, changed, _) = try await Self.importedWithChange(
            name, from: .xctestplan(configuration: configuration))
        let once = try XcodeTestPlanFormat().update(
            Array(original.utf8), path: name, with: profile, configuration: configuration)
        #expect(once.warnings.map(\.message) == Self.unchangedNote(name))
        #expect(once.bytes == Array(original.utf8), "\(name)")
        let twice = try XcodeTestPlanFormat().update(
            once.bytes, path: name, with: profile, configuration: configuration)
        #expect(twice.bytes == Array(original.utf8))

        // The first update that changes something writes the change and the record; the next one changes nothing.
        let grown = try XcodeTestPlanFormat().update(
            Array(original.utf8), path: name, with: changed, configuration: configuration)
        #expect(grown.warnings.isEmpty, "\(grown.warnings.map(\.message))")
        let before = try XcodeEntries.plan(original, configuration: configuration)
        let after = try XcodeEntries.plan(grown.text, configuration: configuration)
        #expect(after.arguments == before.arguments)
        #expect(
            after.variables
                == before.variables + [
                    XcodeEntries.Entry("ROUND_TRIP_ADDED", "1"),
                    XcodeEntries.Entry("PROFILE_PAYLOAD", Self.xcodePayload(changed)),
                ])
        let again = try XcodeTestPlanFormat().update(
            grown.bytes, path: name, with: changed, configuration: configuration)
        #expect(again.text == grown.text)

        // Back to the imported profile: `ROUND_TRIP_ADDED` goes, the record stays. Everything but the payload entry
        // is the original's, and no line changed but for the commas that separate the new entry (and an empty
        // object's blank line, filled).
        let back = try XcodeTestPlanFormat().update(
            grown.bytes, path: name, with: profile, configuration: configuration)
        #expect(
            try XcodeEntries.planWithout(back.text) { $0.identity == "PROFILE_PAYLOAD" }
                == XcodeEntries.planWithout(original) { _ in false })
        let diff = XcodeEntries.diff(original, back.text)
        #expect(
            diff.removed.allSatisfy { diff.inserted.contains($0 + ",") || $0.isEmpty }, "\(name): \(diff.removed)")
        let payloadLines = diff.inserted.filter { !diff.removed.contains(String($0.dropLast())) }
        #expect(payloadLines.contains { $0.contains("\"key\" : \"PROFILE_PAYLOAD\"") })
        #expect(payloadLines.count <= 6, "\(payloadLines)")
        #expect(
            try XcodeTestPlanFormat().update(back.bytes, path: name, with: profile, configuration: configuration)
                .text == back.text)
    }

    /// A scheme an earlier export wrote: its typed layer comes from the payload, the entries written for it are left
    /// out, and the next update recognises them as the profile's.
    @Test func anExportedSchemeBringsItsTypedLayer() async throws {
        let (original, yaml, profile, _) = try await Self.imported("Exported.xcscheme", from: .xcscheme(.launch))
        #expect(
            yaml == """
                # imported from Exported.xcscheme (LaunchAction) by profile import
                description: Imported from Exported.xcscheme (LaunchAction)

                env:
                  API_BASE_URL: http://localhost:8080  # Exported.xcscheme:86
                  MODE: {value: a&b, enabled: false}  # Exported.xcscheme:91 (disabled in Xcode)
                  OS_ACTIVITY_MODE: disable  # Exported.xcscheme:101

                arguments:
                  - -UITests  # Exported.xcscheme:68
                  # disabled in Xcode: - [-com.apple.CoreData.SQLDebug, "1"]  # Exported.xcscheme:80

                flags:
                  skipOnboarding: true  # Exported.xcscheme:97 (PROFILE_PAYLOAD)

                """)
        // The update: the payload names the imported profile now; `MODE`, the earlier profile's entry the user
        // unchecked, is `enabled: false` in the profile, so the update keeps it unchecked (and records it so);
        // `OS_ACTIVITY_MODE`, the user's own entry until now, says exactly what the profile writes: it is adopted,
        // not written a second time. The unchecked `-com.apple.CoreData.SQLDebug 1` after the typed entries stays the
        // user's (a comment in the profile).
        let once = try XcodeSchemeFormat().update(Array(original.utf8), path: "Exported.xcscheme", with: profile)
        #expect(once.warnings.isEmpty, "\(once.warnings.map(\.message))")
        let entries = XcodeEntries.scheme(once.text, .launch)
        #expect(entries.arguments == XcodeEntries.scheme(original, .launch).arguments)
        #expect(entries.variables.map(\.identity) == ["API_BASE_URL", "MODE", "OS_ACTIVITY_MODE", "PROFILE_PAYLOAD"])
        #expect(entries.variables[1].isEnabled == false)
        #expect(
            try XcodeSchemeFormat().update(once.bytes, path: "Exported.xcscheme", with: profile).text == once.text)
    }
}

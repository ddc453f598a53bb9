import Foundation
import ProfileRuntime
import TestSupport
import Testing

@testable import ProfileCore

/// `profile import` then `profile export … --update` of the same file: the committed fixtures (written after Xcode
/// 15/16 output) come back byte for byte, with one addition, the `PROFILE_PAYLOAD` entry that tells later updates which
/// entries are the profile's (see the README, "Importing").
@Suite struct ImportRoundTripTests {
    /// The Countries catalog the fixtures were written against (its flags, mock point `countries` and values).
    static func countriesCatalog() throws -> String {
        try String(
            contentsOfFile: TestPaths.repositoryPath("Tests/ProfileCoreTests/Fixtures/Xcode/Countries-catalog.yml"),
            encoding: .utf8)
    }

    /// Imports `name` from the fixtures, checks the profile loads and lints clean, and resolves it.
    static func imported(
        _ name: String, from source: ProfileImporter.Source, catalog: String? = nil
    ) throws -> (original: String, yaml: String, profile: ResolvedProfile, notes: [Diagnostic]) {
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
        let profiles = try TemporaryProfiles(files)
        let lint = Linter(repository: try profiles.repository()).run()
        #expect(lint.isEmpty, "\(name): \(profiles.render(lint))\n\(yaml)")
        let (resolved, diagnostics) = try profiles.resolve(["imported"])
        #expect(diagnostics == "")
        return (original, yaml, try #require(resolved), output.diagnostics)
    }

    /// The `PROFILE_PAYLOAD` value the Xcode exports write for `profile`.
    static func xcodePayload(_ profile: ResolvedProfile) -> String {
        ExportContent(profile, exact: false, checkboxes: true).setVariables.last?.value ?? ""
    }

    static let schemes: [(String, XcodeImportAction)] = [
        ("Weather.xcscheme", .launch), ("Weather.xcscheme", .test), ("Shop.xcscheme", .launch),
        ("Countries.xcscheme", .launch),
    ]

    @Test(arguments: schemes)
    func aSchemeComesBackWithOnlyThePayloadEntryAdded(_ name: String, _ action: XcodeImportAction) throws {
        let (original, _, profile, _) = try Self.imported(name, from: .xcscheme(action))
        let exportAction = XcodeSchemeAction(rawValue: action.rawValue)!
        let once = try ExportFormat.xcscheme.update(
            Array(original.utf8), path: name, with: profile, action: exportAction)
        #expect(once.warnings.isEmpty, "\(once.warnings.map(\.message))")
        // Every byte of the original, and the payload entry.
        #expect(XcodeEntries.schemeWithout(once.text) { $0.identity == "PROFILE_PAYLOAD" } == original, "\(name)")
        #expect(XcodeEntries.diff(original, once.text).removed == [])
        let payload = XcodeEntries.scheme(once.text, exportAction).variables.filter { $0.identity == "PROFILE_PAYLOAD" }
        // The payload an Xcode export writes: the profile's entries travel with their checkboxes, and the payload
        // records them (`argument-on=`, `argument-off=`, `env-off=`).
        #expect(payload == [XcodeEntries.Entry("PROFILE_PAYLOAD", Self.xcodePayload(profile))])
        // From then on, updates change nothing.
        let twice = try ExportFormat.xcscheme.update(Array(once.bytes), path: name, with: profile, action: exportAction)
        #expect(twice.text == once.text)
    }

    @Test func aSchemeWithTypedEntriesComesBackToo() throws {
        let (original, yaml, profile, _) = try Self.imported(
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
        let once = try ExportFormat.xcscheme.update(Array(original.utf8), path: "Typed.xcscheme", with: profile)
        #expect(XcodeEntries.schemeWithout(once.text) { $0.identity == "PROFILE_PAYLOAD" } == original)
        #expect(try ExportFormat.xcscheme.update(once.bytes, path: "Typed.xcscheme", with: profile).text == once.text)

        // Another spelling of the same settings: taken as the profile's, and written the export's way in place.
        let spelled = original.replacingOccurrences(of: "\"-skipOnboarding YES\"", with: "\"-skipOnboarding true\"")
            .replacingOccurrences(of: "\"-pageSize 5\"", with: "\"--page-size=5\"")
        let normalised = try ExportFormat.xcscheme.update(Array(spelled.utf8), path: "Typed.xcscheme", with: profile)
        let arguments = XcodeEntries.scheme(normalised.text, .launch).arguments
        #expect(
            arguments == [
                .init("-UITests"), .init("-skipOnboarding YES"), .init("-countries live", enabled: false),
                .init("-countries local-mock"), .init("-pageSize 5"),
            ])
        // A different value of the user's is not the profile's: it stays, and the profile's comes after the profile's
        // previous entry.
        let different = original.replacingOccurrences(of: "\"-pageSize 5\"", with: "\"-pageSize 7\"")
        let kept = try ExportFormat.xcscheme.update(Array(different.utf8), path: "Typed.xcscheme", with: profile)
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
    func aTestPlanComesBackWithOnlyThePayloadEntryAdded(_ name: String, _ configuration: String?) throws {
        let (original, _, profile, _) = try Self.imported(name, from: .xctestplan(configuration: configuration))
        let once = try ExportFormat.xctestplan.update(
            Array(original.utf8), path: name, with: profile, configuration: configuration)
        #expect(once.warnings.isEmpty, "\(once.warnings.map(\.message))")
        // Everything but the payload entry is the original's, and no line changed but for the commas that separate
        // the new entry (and an empty object's blank line, filled).
        #expect(
            try XcodeEntries.planWithout(once.text) { $0.identity == "PROFILE_PAYLOAD" }
                == XcodeEntries.planWithout(original) { _ in false })
        let diff = XcodeEntries.diff(original, once.text)
        #expect(
            diff.removed.allSatisfy { diff.inserted.contains($0 + ",") || $0.isEmpty }, "\(name): \(diff.removed)")
        let payloadLines = diff.inserted.filter { !diff.removed.contains(String($0.dropLast())) }
        #expect(payloadLines.contains { $0.contains("\"key\" : \"PROFILE_PAYLOAD\"") })
        #expect(payloadLines.count <= 6, "\(payloadLines)")
        let before = try XcodeEntries.plan(original, configuration: configuration)
        let after = try XcodeEntries.plan(once.text, configuration: configuration)
        #expect(after.arguments == before.arguments)
        #expect(after.variables.filter { $0.identity != "PROFILE_PAYLOAD" } == before.variables)
        let twice = try ExportFormat.xctestplan.update(
            once.bytes, path: name, with: profile, configuration: configuration)
        #expect(twice.text == once.text)
    }

    /// A scheme an earlier export wrote: its typed layer comes from the payload, the entries written for it are left
    /// out, and the next update recognises them as the profile's.
    @Test func anExportedSchemeBringsItsTypedLayer() throws {
        let (original, yaml, profile, _) = try Self.imported("Exported.xcscheme", from: .xcscheme(.launch))
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
        let once = try ExportFormat.xcscheme.update(Array(original.utf8), path: "Exported.xcscheme", with: profile)
        #expect(once.warnings.isEmpty, "\(once.warnings.map(\.message))")
        let entries = XcodeEntries.scheme(once.text, .launch)
        #expect(entries.arguments == XcodeEntries.scheme(original, .launch).arguments)
        #expect(entries.variables.map(\.identity) == ["API_BASE_URL", "MODE", "OS_ACTIVITY_MODE", "PROFILE_PAYLOAD"])
        #expect(entries.variables[1].isEnabled == false)
        #expect(
            try ExportFormat.xcscheme.update(once.bytes, path: "Exported.xcscheme", with: profile).text == once.text)
    }
}

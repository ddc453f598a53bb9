import ProfileInterop

/// The sources the tests import from, by the names of their formats: `.xcscheme(.test)` is
/// `ImportSource(XcodeSchemeImport(), action: .test)`.
extension ImportSource {
    static func xcscheme(_ action: XcodeImportAction) -> ImportSource {
        ImportSource(XcodeSchemeImport(), action: action)
    }

    static func xctestplan(configuration: String?) -> ImportSource {
        ImportSource(XcodeTestPlanImport(), configuration: configuration)
    }

    static func vscode(configuration: String) -> ImportSource {
        ImportSource(VSCodeImport(), configuration: configuration)
    }

    static var dotenv: ImportSource { ImportSource(DotenvImport()) }
}

import ProfileGeneration
import Testing

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("skipOnboarding", "skipOnboarding"),
        ("local-mock", "localMock"),
        ("http.timeout", "httpTimeout"),
        ("countries-datasource", "countriesDatasource"),
        ("UITests", "uiTests"),
        ("URL", "url"),
        ("Name", "name"),
        ("API_BASE", "apiBase"),
        ("base-URL", "baseURL"),
        ("snake_case_key", "snakeCaseKey"),
        ("_private", "private"),
        ("2fa", "_2fa"),
        ("v1.2", "v12"),
        ("café", "café"),
        ("a+b", "aB"),
        ("+++", "_"),
        ("ci-macos", "ciMacos"),
    ])
    func lowerCamel(_ input: String, _ expected: String) {
        #expect(SwiftNames.lowerCamel(input) == expected)
    }

    @Test(arguments: [
        ("countries", "Countries"),
        ("api.backend", "ApiBackend"),
        ("UITests", "UITests"),
        ("high-contrast", "HighContrast"),
        ("LOG_LEVEL", "LogLevel"),
        ("3d", "_3d"),
        ("-", "_"),
    ])
    func upperCamel(_ input: String, _ expected: String) {
        #expect(SwiftNames.upperCamel(input) == expected)
    }

    @Test func keywordsAreBackQuoted() {
        #expect(SwiftNames.escaped("default") == "`default`")
        #expect(SwiftNames.escaped("self") == "`self`")
        #expect(SwiftNames.escaped("Any") == "`Any`")
        #expect(SwiftNames.escaped("_") == "`_`")
        #expect(SwiftNames.escaped("defaults") == "defaults")
        #expect(SwiftNames.escaped("localMock") == "localMock")
    }
}

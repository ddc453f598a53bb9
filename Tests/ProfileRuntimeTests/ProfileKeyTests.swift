import Testing

@testable import ProfileRuntime

@Suite struct ProfileKeyTests {
    @Test(arguments: [
        ("http.serverTimeout", "http-server-timeout"),
        ("HTTP_SERVER_TIMEOUT", "http-server-timeout"),
        ("--http-server-timeout", "http-server-timeout"),
        ("httpServerTimeout", "http-server-timeout"),
        ("http.server_timeout", "http-server-timeout"),
        ("pageSize", "page-size"),
        ("PAGE_SIZE", "page-size"),
        ("page-size", "page-size"),
        ("PageSize", "page-size"),
        ("skipOnboarding", "skip-onboarding"),
        ("UITests", "uitests"),
        ("HTTPServer", "httpserver"),
        ("userID", "user-id"),
        ("oauth2Token", "oauth2token"),  // a digit before a capital is no boundary (swift-configuration's rule)
        ("OAUTH2TOKEN", "oauth2token"),
        ("OAUTH2_TOKEN", "oauth2-token"),
        ("ipv6Enabled", "ipv6enabled"),
        ("a__b..c--d", "a-b-c-d"),
        ("_leading_and_trailing_", "leading-and-trailing"),
        ("x", "x"),
        ("", ""),
        ("---", ""),
        ("zoëName", "zoë-name"),  // Unicode letters, as swift-configuration reads them
        ("zoë_name", "zoë-name"),
        ("zählerÄnderung", "zähler-änderung"),
        ("ZÄHLER_ÄNDERUNG", "zähler-änderung"),
        ("--zähler-änderung", "zähler-änderung"),
        ("\u{212A}ey", "key"),  // the Kelvin sign lowercases to `k`
    ])
    func canonicalForm(key: String, canonical: String) {
        #expect(ProfileKey.canonical(key) == canonical)
    }

    @Test(arguments: [
        ("page-size", "PAGE_SIZE"),
        ("http-server-timeout", "HTTP_SERVER_TIMEOUT"),
        ("oauth2-token", "OAUTH2_TOKEN"),
        ("uitests", "UITESTS"),
        ("zoë-name", "ZOË_NAME"),
        ("zähler-änderung", "ZÄHLER_ÄNDERUNG"),
        ("straße", "STRASSE"),
    ])
    func environmentName(canonical: String, name: String) {
        #expect(ProfileKey.environmentName(canonical: canonical) == name)
    }

    @Test func optionName() {
        #expect(ProfileKey.optionName(canonical: "http-server-timeout") == "--http-server-timeout")
    }
}

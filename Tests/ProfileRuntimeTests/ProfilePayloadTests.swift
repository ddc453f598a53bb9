import ProfileRuntime
import Testing

@Suite struct ProfilePayloadTests {
    @Test func launchArgumentsPutArgumentsFirstThenSortedFlagsMocksValues() {
        let payload = ProfilePayload(
            profiles: ["uitest"],
            flags: ["skipOnboarding": true, "analytics": false],
            mocks: ["payments": "sandbox", "countries": "local-mock"],
            values: ["pageSize": "5", "apiTimeout": "2.5"],
            arguments: ["-AppleLanguages", "(en)"],
            environmentKeys: ["API_BASE_URL"]
        )
        #expect(
            payload.launchArguments == [
                "-AppleLanguages", "(en)",
                "-analytics", "NO", "-skipOnboarding", "YES",
                "-countries", "local-mock", "-payments", "sandbox",
                "-apiTimeout", "2.5", "-pageSize", "5",
            ]
        )
    }

    @Test func emptyPayload() {
        #expect(ProfilePayload().launchArguments == [])
        #expect(ProfilePayload().isEmpty)
        #expect(!ProfilePayload(environmentKeys: ["A"]).isEmpty)
    }
}

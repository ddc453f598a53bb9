import ProfileResolution
import Testing

/// An argument that sets a typed entry's key decides what the app reads (argv beats the payload): found the way the
/// runtime reads arguments and maps keys.
@Suite struct ArgumentShadowingTests {
    @Test func optionsAreMatchedThroughTheRuntimesKeyMapping() {
        let shadows = ArgumentShadowing.shadows(
            arguments: ["-UITests", "--page-size", "3", "-other", "--countries-datasource=local-mock", "-5"],
            flags: ["UITests"], mocks: ["countries.datasource"], values: ["pageSize"])
        #expect(
            shadows == [
                .init(argument: 0, kind: "flag", key: "UITests"),
                .init(argument: 1, kind: "value", key: "pageSize"),
                .init(argument: 4, kind: "mock point", key: "countries.datasource"),
            ])
    }

    @Test func valuesAndPositionalsAreNotOptions() {
        // `3` is the value of `-n`, `-5` a negative number, and nothing after `--` is an option.
        let shadows = ArgumentShadowing.shadows(
            arguments: ["-n", "pageSize", "-5", "--", "-pageSize"], flags: [], mocks: [], values: ["pageSize"])
        #expect(shadows.isEmpty)
    }

    @Test func aResolvedProfileKnowsItsShadows() throws {
        let profiles = try TemporaryProfiles(["app.yml": "arguments: [-UITests]\nflags: {UITests: true}\n"])
        let (resolved, _) = try profiles.resolve(["app"])
        #expect(
            ArgumentShadowing.shadows(in: try #require(resolved)) == [.init(argument: 0, kind: "flag", key: "UITests")])
    }
}

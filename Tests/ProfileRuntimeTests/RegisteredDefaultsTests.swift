import Testing

@testable import ProfileRuntime

/// A catalog's defaults reach the app through `registering(defaults:)` (the generated `ProfileValues.defaults`): the
/// lowest source, below launch arguments, the payload and the environment, above the call site's `default:`.
@Suite struct RegisteredDefaultsTests {
    struct Settings: Decodable, Equatable {
        struct HTTP: Decodable, Equatable { var timeout: Double }
        var pageSize: Int
        var greeting: String
        var http: HTTP
        var languages: [String]
    }

    static let defaults = [
        "pageSize": "20", "greeting": "Welcome", "http.timeout": "2.5", "languages": "en, fr", "ratio": "inf",
    ]

    @Test func typedReadsAndDecodeSeeTheDefaults() throws {
        let profile = try ActiveProfile(arguments: ["app"], environment: [:]).registering(defaults: Self.defaults)
        #expect(profile.int(forKey: "pageSize") == 20)
        #expect(profile.int(forKey: "page_size", default: 1) == 20)
        #expect(try profile.requiredString(forKey: "greeting") == "Welcome")
        #expect(profile.double(forKey: "ratio") == .infinity)
        #expect(
            try profile.decode(Settings.self)
                == Settings(pageSize: 20, greeting: "Welcome", http: .init(timeout: 2.5), languages: ["en", "fr"]))
        #expect(profile.int(forKey: "unknown", default: 7) == 7)
    }

    @Test func everyOtherSourceWins() throws {
        var payload = ProfilePayload()
        payload.values = ["greeting": "Hello"]
        let profile = ActiveProfile(
            payload: payload, arguments: ["app", "-pageSize", "5"], environment: ["HTTP_TIMEOUT": "9"]
        ).registering(defaults: Self.defaults)
        #expect(
            try profile.decode(Settings.self)
                == Settings(pageSize: 5, greeting: "Hello", http: .init(timeout: 9), languages: ["en", "fr"]))
        #expect(profile.launchArguments.contains("20") == false)
    }

    @Test func aDefaultThatDoesNotConvertNamesItsSource() throws {
        let profile = try ActiveProfile(arguments: ["app"], environment: [:]).registering(defaults: ["pageSize": "x"])
        #expect(throws: ProfileRuntimeError.self) { try profile.requiredInt(forKey: "pageSize") }
        do {
            _ = try profile.requiredInt(forKey: "pageSize")
        } catch {
            #expect(error.message.contains("the registered default of \"pageSize\""), "\(error.message)")
        }
    }
}

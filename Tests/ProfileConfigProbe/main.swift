// A tiny server-style app that reads its configuration through swift-configuration's `ConfigReader` over
// `ProfileProvider`, launched by `profile run` in ProfileConfigurationTests. Empty without the SwiftConfiguration trait.
#if SwiftConfiguration
import Configuration
import ProfileConfiguration

if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    let config = ConfigReader(provider: ProfileProvider(secrets: .specific(["apiToken"])))
    let provider = ProfileProvider(secrets: .specific(["apiToken"]))
    let token = try provider.value(forKey: AbsoluteConfigKey(["apiToken"]), type: .string)
    print("skipOnboarding=\(config.bool(forKey: "skipOnboarding", default: false))")
    print("countries=\(config.string(forKey: "countries", default: "live"))")
    print("timeout=\(config.int(forKey: "http.serverTimeout", default: 0))")
    print("ratio=\(config.double(forKey: "ratio", default: 0))")
    print("greeting=\(config.string(forKey: "greeting", default: ""))")
    print("apiToken.isSecret=\(token.value?.isSecret ?? false)")
}
#endif

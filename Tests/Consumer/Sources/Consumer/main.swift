import ProfileRuntime

// Reads everything a profile can carry, through the generated keys and through the app's own types, and prints it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The app's own mock-point enum (the catalog's `storage`), next to the generated `Payments`.
enum StorageBackend: String, MockPoint {
    static let mockKey = "storage"
    case disk, memory
}

/// A settings struct decoded whole from the `server.*` values (optionals: a key nobody sets is `nil`).
struct ServerSettings: Decodable {
    var host: String?
    var port: Int?
}

let profile = ActiveProfile.current
do {
    print("profiles: \(profile.profiles.isEmpty ? "none" : profile.profiles.joined(separator: "+"))")
    print("verbose: \(profile.isEnabled(ProfileFlags.verbose))")
    print("darkMode: \(profile.isEnabled(ProfileFlags.darkMode))")
    print("payments: \(try profile.variant(of: Payments.self).rawValue)")
    print("storage: \(try profile.variant(of: StorageBackend.self, default: .disk).rawValue)")
    print("retries: \(profile.value(ProfileValues.retries))")
    print("ratio: \(profile.value(ProfileValues.ratio))")
    print("label: \(profile.value(ProfileValues.label))")
    print("beta: \(profile.value(ProfileValues.beta))")
    print("theme: \(profile.value(ProfileValues.theme).rawValue)")
    print("apiToken: \(profile.string(forKey: ProfileValues.Names.apiToken) ?? "unset")")
    let server = try profile.decode(ServerSettings.self, prefix: "server")
    print("server: \(server.host ?? "default host"):\(server.port.map(String.init) ?? "default port")")
    print("mode: \(profile.string(forKey: "CONSUMER_MODE") ?? "unset")")
    let uitest = LaunchProfiles.uitest
    print("launch profiles: \(LaunchProfiles.all.map(\.name)); uitest starts with \(uitest.launchArguments.prefix(3))")
} catch {
    print("error: \(error)")
    exit(64)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The app's settings store: a small file in the home directory, or memory only with the `inMemorySettings` flag,
/// so that every test launch starts clean.
struct Settings {
    let inMemory: Bool

    /// Saves `values` and says where they went.
    func save(_ values: [String: String]) -> String {
        if inMemory { return "kept in memory" }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else {
            return "HOME is not set; kept in memory"
        }
        let text = values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined()
        guard let file = fopen(home + "/.countries-settings", "w") else {
            return "cannot write ~/.countries-settings (\(String(cString: strerror(errno)))); kept in memory"
        }
        fputs(text, file)
        fclose(file)
        return "stored in ~/.countries-settings"
    }
}

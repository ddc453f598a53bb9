import Configuration
import ProfileRuntime

/// Key mapping held against apple/swift-configuration 1.4.0: for each key, the environment variable name and the
/// command-line flag swift-configuration's own providers look the key up under (`LookupResult.encodedKey` of
/// `EnvironmentVariablesProvider` and `CommandLineArgumentsProvider`), then whether `ActiveProfile` finds a value set
/// under exactly those names (`NAME=v` in its environment; `--flag v` and `--flag=v` on its argv).
enum KeyMapping {
    /// Keys as an app names them (dots separate components, as in `ConfigKey("http.serverTimeout")`).
    static let keys = [
        "pageSize", "page_size", "page-size", "skipOnboarding", "http.serverTimeout", "http.server_timeout",
        "oauth2Token", "ipv6Enabled", "userID", "HTTPServer", "UITests", "apiBaseURL", "maxRetryCount", "x",
        "a.b.c", "logLevel", "zählerÄnderung", "zoëName", "straße", "ärgerÜberÄpfel", "v2", "s3Bucket.region",
    ]

    /// Keys whose names differ on purpose, and why (also in the README's "Key mapping").
    static let documentedDifferences: [String: String] = [:]

    struct Row {
        var key: String
        var environmentName: String
        var flag: String
        var readsEnvironment: Bool
        var readsFlag: Bool
        var readsFlagEquals: Bool
        var swiftConfigurationReads: Bool

        var agrees: Bool { readsEnvironment && readsFlag && readsFlagEquals && swiftConfigurationReads }
    }

    static func row(_ key: String) throws -> Row {
        let absolute = AbsoluteConfigKey(key.split(separator: ".").map(String.init))
        let empty = EnvironmentVariablesProvider(environmentVariables: [:])
        let environmentName = try empty.value(forKey: absolute, type: .string).encodedKey
        let flag = try CommandLineArgumentsProvider(arguments: ["app"]).value(forKey: absolute, type: .string)
            .encodedKey
        // swift-configuration itself finds the value under those names (the table is about its real lookups).
        let theirEnvironment = try EnvironmentVariablesProvider(environmentVariables: [environmentName: "v"])
            .value(forKey: absolute, type: .string).value
        let theirFlag = try CommandLineArgumentsProvider(arguments: ["app", flag, "v"])
            .value(forKey: absolute, type: .string).value
        let swiftConfigurationReads = theirEnvironment?.content == .string("v") && theirFlag?.content == .string("v")

        func ours(_ arguments: [String], _ environment: [String: String]) -> Bool {
            (try? ActiveProfile(arguments: arguments, environment: environment))?.string(forKey: key) == "v"
        }
        return Row(
            key: key, environmentName: environmentName, flag: flag,
            readsEnvironment: ours(["app"], [environmentName: "v"]), readsFlag: ours(["app", flag, "v"], [:]),
            readsFlagEquals: ours(["app", flag + "=v"], [:]), swiftConfigurationReads: swiftConfigurationReads)
    }

    /// Prints the table; returns the number of undocumented differences.
    static func run() throws -> Int {
        print("== key mapping: apple/swift-configuration 1.4.0 vs ProfileRuntime")
        var failures = 0
        for key in keys {
            let row = try row(key)
            let documented = documentedDifferences[key]
            let verdict: String
            switch (row.agrees, documented) {
            case (true, nil): verdict = "same"
            case (false, let reason?): verdict = "differs (documented: \(reason))"
            case (true, .some): verdict = "same, but documented as a difference: FAIL"
            case (false, nil): verdict = "DIFFERS: FAIL"
            }
            if verdict.hasSuffix("FAIL") { failures += 1 }
            let reads =
                "env \(row.readsEnvironment ? "found" : "MISSED"), \(row.flag) v \(row.readsFlag ? "found" : "MISSED"), "
                + "\(row.flag)=v \(row.readsFlagEquals ? "found" : "MISSED")"
            print("\(key): \(row.environmentName) / \(row.flag): \(reads): \(verdict)")
        }
        return failures
    }
}

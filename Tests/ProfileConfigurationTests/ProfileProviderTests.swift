#if SwiftConfiguration
import Configuration
import ProfileConfiguration
import Foundation
import ProfileRuntime
import TestSupport
import Testing

/// `ProfileProvider` read through swift-configuration 1.4.0's own `ConfigReader`, from a payload as `profile run`
/// passes it (the `PROFILE_PAYLOAD` text and argv).
///
/// swift-configuration's API is macOS 15 and later (its Package.swift 1.4.0, line 199: `Configuration 1.0` is macOS
/// 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0), and so is `ProfileProvider`; the package supports macOS 13.
/// Each test says so with `@available`, which the testing library turns into a check at run time (a system below is
/// skipped); a suite type cannot carry it (the `@Suite` macro refuses it).
@Suite(.timeLimit(.minutes(20))) struct ProfileProviderTests {
    static let payload =
        "profile/1;profile=dev;flag.skipOnboarding=1;flag.analytics=0;mock.countries=local-mock;"
        + "value.http.serverTimeout=30;value.apiTimeout=2.5;value.greeting=hello;value.apiToken=t0k3n;"
        + "value.pageSize=lots;end"

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func reader(arguments: [String] = ["App"]) throws -> (ConfigReader, ProfileProvider) {
        let profile = try ActiveProfile(
            arguments: arguments, environment: ["PROFILE_PAYLOAD": Self.payload, "HOME": "/home/me"])
        let provider = ProfileProvider(profile: profile, secrets: .specific(["apiToken"]))
        return (ConfigReader(provider: provider), provider)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func eachKindReadsWithItsType() throws {
        let (config, _) = try reader()
        #expect(config.bool(forKey: "skipOnboarding") == true)
        #expect(config.bool(forKey: "analytics") == false)
        #expect(config.string(forKey: "countries") == "local-mock")
        #expect(config.int(forKey: "http.serverTimeout") == 30)
        #expect(config.double(forKey: "apiTimeout") == 2.5)
        #expect(config.string(forKey: "greeting") == "hello")
        #expect(config.string(forKey: "apiToken") == "t0k3n")
        // Unset: the reader's default; set but not an Int: the default too, as for swift-configuration's own
        // providers (the error is reported to the access reporter).
        #expect(config.int(forKey: "missing", default: 7) == 7)
        #expect(config.int(forKey: "pageSize", default: 7) == 7)
        #expect(throws: (any Error).self) { try config.requiredInt(forKey: "pageSize") }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func keysMapByComponents() throws {
        let (config, provider) = try reader()
        #expect(config.scoped(to: "http").int(forKey: "serverTimeout") == 30)
        let result = try provider.value(forKey: AbsoluteConfigKey(["http", "serverTimeout"]), type: .int)
        #expect(result.encodedKey == "http.serverTimeout")
        #expect(result.value?.content == .int(30))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func secretsAreMarkedSecret() throws {
        let (_, provider) = try reader()
        let secret = try provider.value(forKey: AbsoluteConfigKey(["apiToken"]), type: .string)
        #expect(secret.value == ConfigValue(.string("t0k3n"), isSecret: true))
        let plain = try provider.value(forKey: AbsoluteConfigKey(["greeting"]), type: .string)
        #expect(plain.value == ConfigValue(.string("hello"), isSecret: false))
        #expect(try provider.value(forKey: AbsoluteConfigKey(["nothing"]), type: .string).value == nil)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func argvWinsAsInTheRuntime() throws {
        let (config, _) = try reader(arguments: ["App", "-UITests", "--countries", "remote", "-apiTimeout", "9"])
        #expect(config.bool(forKey: "UITests") == true)
        #expect(config.string(forKey: "countries") == "remote")
        #expect(config.double(forKey: "apiTimeout") == 9)
    }

    /// End to end: `profile run dev -- profile-config-probe`, the probe reading through `ConfigReader`.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anAppLaunchedByProfileRunReadsTheProfile() throws {
        let project = try TemporaryDirectory(prefix: "profile-configuration")
        try FileManager.default.createDirectory(atPath: project.path("profiles"), withIntermediateDirectories: true)
        try project.write(
            "profiles/dev.yml",
            """
            flags: [skipOnboarding]
            mocks: {countries: local-mock}
            values: {http.serverTimeout: 45, ratio: 0.25, greeting: hi there, apiToken: s3cr3t}

            """)
        let products = TestPaths.productsDirectory
        let result = try Subprocess.run(
            products.appendingPathComponent("profile").path,
            ["run", "dev", "--", products.appendingPathComponent("profile-config-probe").path],
            in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                skipOnboarding=true
                countries=local-mock
                timeout=45
                ratio=0.25
                greeting=hi there
                apiToken.isSecret=true

                """, "\(result.stderr)")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theSnapshotAndWatchingYieldTheSameValues() async throws {
        let (config, _) = try reader()
        let timeout = try await config.watchInt(forKey: "http.serverTimeout") { updates in
            var iterator = updates.makeAsyncIterator()
            return try await iterator.next()
        }
        #expect(timeout == 30)
        #expect(config.snapshot().string(forKey: "countries") == "local-mock")
    }
}
#endif

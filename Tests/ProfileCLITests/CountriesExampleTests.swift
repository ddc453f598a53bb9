import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The example app, launched through `profile run` with the repository's own profiles, and on its own.
@Suite(.timeLimit(.minutes(20))) struct CountriesExampleTests {
    static var countries: String { CLI.productsDirectory.appendingPathComponent("countries").path }
    static var profilesDirectory: String { CLI.repositoryRoot.appendingPathComponent("profiles").path }

    /// A fresh, empty home directory, so the app's settings file lands where the test can see it.
    final class Home {
        let directory: TemporaryDirectory
        init() throws { directory = try TemporaryDirectory(prefix: "countries-home") }
        var path: String { directory.path }
        var settings: String? { try? String(contentsOfFile: path + "/.countries-settings", encoding: .utf8) }
    }

    static func run(_ profile: String, home: Home, environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.profile(
            ["run", "--profiles-dir", profilesDirectory, profile, "--", countries],
            environment: environment.merging(["HOME": home.path]) { $1 })
    }

    static let bundled = [
        "Argentina — Buenos Aires", "Australia — Canberra", "Brazil — Brasília", "Canada — Ottawa", "Egypt — Cairo",
        "France — Paris", "Germany — Berlin", "India — New Delhi", "Japan — Tokyo", "Kenya — Nairobi",
        "Mexico — Mexico City", "New Zealand — Wellington", "Norway — Oslo", "Peru — Lima", "South Korea — Seoul",
    ].map { "  " + $0 }

    static let onboarding = [
        "onboarding: Countries lists the countries of the world with their capitals.",
        "onboarding: skip this next time with -skipOnboarding YES",
    ]

    static func lines(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }

    @Test func uitestProfile() throws {
        let home = try Home()
        let result = try Self.run("uitest", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(
            result.stdout
                == Self.lines(
                    [
                        "profile: uitest",
                        "Welcome to Countries",
                        "ui tests: animations off",
                        "settings: kept in memory",
                        "countries from local-mock (5 of 15):",
                    ] + Self.bundled.prefix(5)))
        #expect(home.settings == nil)
    }

    @Test func offlineProfile() throws {
        let home = try Home()
        let result = try Self.run("offline", home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        #expect(
            result.stdout
                == Self.lines(
                    ["profile: offline", "Welcome to Countries"] + Self.onboarding
                        + ["settings: stored in ~/.countries-settings", "countries from local-mock (15 of 15):"]
                        + Self.bundled))
        #expect(home.settings == "pageSize=20\n")
    }

    /// `demo` uses the live API: without a network it fails clearly (exit 69) after the lines that need no data;
    /// with one, it lists countries.
    @Test func demoProfileIsLive() throws {
        let home = try Home()
        let result = try Self.run("demo", home: home)
        let head = ["profile: demo", "Hello there, welcome to the demo", "settings: stored in ~/.countries-settings"]
        if result.status == 69 {
            #expect(result.stdout == Self.lines(head))
            #expect(result.stderr.hasPrefix("countries: live datasource: cannot reach restcountries.com:443 ("))
            #expect(result.stderr.hasSuffix("): run with the `offline` or `uitest` profile for local data\n"))
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == Self.lines(head + ["countries from live (15 of 15):"] + Self.bundled))
            #expect(result.stderr.contains("live datasource: reached restcountries.com:443"))
        }
    }

    @Test(arguments: [
        ["--countries-datasource", "local-mock", "-skipOnboarding", "YES", "-pageSize", "3"],
        ["--countries-datasource=local-mock", "--skip-onboarding=YES", "--page-size=3"],
        ["-countries.datasource", "local-mock", "-skipOnboarding", "--page-size", "3"],
    ])
    func launchArgumentsAlone(_ arguments: [String]) throws {
        let home = try Home()
        let result = try CLI.run(Self.countries, arguments, environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == Self.lines(
                    [
                        "profile: none",
                        "Welcome to Countries",
                        "settings: stored in ~/.countries-settings",
                        "countries from local-mock (3 of 15):",
                    ] + Self.bundled.prefix(3)))
        #expect(home.settings == "pageSize=3\n")
    }

    @Test func launchArgumentsOverrideTheProfile() throws {
        let home = try Home()
        let result = try CLI.profile(
            [
                "run", "--profiles-dir", Self.profilesDirectory, "uitest", "--", Self.countries, "-pageSize", "2",
                "--greeting=Hi",
            ],
            environment: ["HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == Self.lines(
                    [
                        "profile: uitest", "Hi", "ui tests: animations off", "settings: kept in memory",
                        "countries from local-mock (2 of 15):",
                    ] + Self.bundled.prefix(2)))
    }

    /// What the seed articles' apps are launched with, on the command line alone: the datasource as
    /// `--countries-datasource local-mock` (the mock point `countries.datasource`) and a bare `-UITests`; without
    /// them, the catalog's default datasource and no UI-test mode. The same read through `profile run` with a
    /// profile whose typed layer says otherwise: argv wins.
    @Test func theSeedsLaunchArguments() throws {
        let home = try Home()
        let seeds = try CLI.run(
            Self.countries, ["--countries-datasource", "local-mock", "-UITests", "-skipOnboarding", "YES"],
            environment: ["HOME": home.path])
        #expect(seeds.status == 0, "\(seeds.stderr)")
        #expect(
            seeds.stdout
                == Self.lines(
                    [
                        "profile: none", "Welcome to Countries", "ui tests: animations off",
                        "settings: stored in ~/.countries-settings", "countries from local-mock (15 of 15):",
                    ] + Self.bundled))
        let plain = try CLI.run(
            Self.countries, ["-skipOnboarding", "YES"],
            environment: ["HOME": home.path, "COUNTRIES_API_URL": "http://127.0.0.1:1/v3.1"])
        #expect(plain.status == 69)
        #expect(!plain.stdout.contains("ui tests"))
        #expect(plain.stderr.hasPrefix("countries: live datasource: cannot reach 127.0.0.1:1"))
        let throughProfile = try CLI.profile(
            [
                "run", "--profiles-dir", Self.profilesDirectory, "demo", "--", Self.countries,
                "--countries-datasource", "local-mock", "-UITests", "-pageSize", "1",
            ],
            environment: ["HOME": home.path])
        #expect(throughProfile.status == 0, "\(throughProfile.stderr)")
        #expect(throughProfile.stdout.contains("ui tests: animations off\n"))
        #expect(throughProfile.stdout.hasSuffix("countries from local-mock (1 of 15):\n  Argentina — Buenos Aires\n"))
        let show = try CLI.profile(["show", "--profiles-dir", Self.profilesDirectory, "uitest", "--json"])
        #expect(show.stdout.contains(#""key": "countries.datasource""#))
    }

    /// The first seed article's `-UITests` alone switches the app to its fake: `countries -UITests` lists the bundled
    /// data without the network (the live API's address here is unreachable); a datasource chosen explicitly, on the
    /// command line or by a profile, still wins.
    @Test func theSeedsUITestsAloneSelectsTheLocalData() throws {
        let home = try Home()
        let offline = ["HOME": home.path, "COUNTRIES_API_URL": "http://127.0.0.1:1/v3.1"]
        let alone = try CLI.run(Self.countries, ["-UITests", "-pageSize", "3"], environment: offline)
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(
            alone.stdout
                == Self.lines(
                    ["profile: none", "Welcome to Countries", "ui tests: animations off"] + Self.onboarding + [
                        "settings: stored in ~/.countries-settings", "countries from local-mock (3 of 15):",
                    ] + Self.bundled.prefix(3)))
        let live = try CLI.run(
            Self.countries, ["-UITests", "--countries-datasource", "live", "-skipOnboarding"], environment: offline)
        #expect(live.status == 69)
        #expect(live.stderr.hasPrefix("countries: live datasource: cannot reach 127.0.0.1:1"))
        let profiled = try CLI.profile(
            [
                "run", "--profiles-dir", Self.profilesDirectory, "demo", "--mock", "countries.datasource=live", "--",
                Self.countries, "-UITests",
            ], environment: offline)
        #expect(profiled.status == 69)
    }

    @Test func withoutHomeSettingsStayInMemory() throws {
        let result = try CLI.run(
            Self.countries, ["--countries-datasource", "local-mock", "-skipOnboarding", "-pageSize", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("settings: HOME is not set; kept in memory\n"))
    }

    @Test func unknownVariantIsADescriptiveErrorNotACrash() throws {
        let result = try CLI.run(Self.countries, ["--countries-datasource", "bogus"])
        #expect(result.status == 64)
        #expect(!result.signaled)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                countries: unknown variant "bogus" for mock point "countries.datasource" (from launch argument \
                "--countries-datasource"); allowed variants: live, local-mock

                """)
        let typo = try CLI.run(Self.countries, ["--countries-datasource=local_mock"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains(#"did you mean "local-mock"?"#))
    }

    @Test(arguments: [
        (["-pageSize", "0"], "countries: pageSize must be at least 1, not 0\n"),
        (["-pageSize", "-3"], "countries: pageSize must be at least 1, not -3\n"),
        (["--request-timeout=nan"], "countries: requestTimeout must be a positive number of seconds, not nan\n"),
        (["-requestTimeout", "-1"], "countries: requestTimeout must be a positive number of seconds, not -1.0\n"),
    ])
    func badValuesAreErrorsNotCrashes(_ arguments: [String], _ message: String) throws {
        let result = try CLI.run(Self.countries, ["--countries-datasource", "local-mock"] + arguments)
        #expect(result.status == 64)
        #expect(!result.signaled)
        #expect(result.stderr == message)
    }

    /// The live datasource really connects: to a loopback port nobody listens on it fails clearly, to a listening
    /// one it succeeds (no traffic leaves the machine).
    @Test func liveDatasourceConnects() throws {
        let listener = try Listener()
        let closedPort = try Listener().port  // bound, then closed when released
        let home = try Home()
        let refused = try CLI.run(
            Self.countries, ["--countries-datasource", "live", "-skipOnboarding"],
            environment: ["HOME": home.path, "COUNTRIES_API_URL": "http://127.0.0.1:\(closedPort)/v3.1"])
        #expect(refused.status == 69)
        #expect(
            refused.stderr == """
                countries: live datasource: cannot reach 127.0.0.1:\(closedPort) (Connection refused): run with the \
                `offline` or `uitest` profile for local data

                """)
        let reached = try CLI.run(
            Self.countries, ["--countries-datasource", "live", "-skipOnboarding", "-pageSize", "1"],
            environment: ["HOME": home.path, "COUNTRIES_API_URL": "http://127.0.0.1:\(listener.port)"])
        #expect(reached.status == 0, "\(reached.stderr)")
        #expect(reached.stdout.hasSuffix("countries from live (1 of 15):\n  Argentina — Buenos Aires\n"))
        #expect(reached.stderr.contains("live datasource: reached 127.0.0.1:\(listener.port)"))
    }

    /// A TCP socket listening on a free loopback port, closed on release.
    final class Listener {
        let fd: Int32
        let port: UInt16

        init() throws {
            #if canImport(Glibc)
            // Close-on-exec: a child spawned by a concurrent test must not inherit (and keep open) this port.
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            #else
            // SOCK_CLOEXEC is Linux's (swift-nio 2.101.3 defines it for Linux only: Sources/NIOPosix/Linux.swift,
            // lines 183-189): close-on-exec set right after instead (TestSupport's spawns close every inherited
            // descriptor on Darwin anyway: POSIX_SPAWN_CLOEXEC_DEFAULT).
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            #endif
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            guard fd >= 0, bound else {
                if fd >= 0 { close(fd) }
                throw POSIXError(.EADDRNOTAVAIL)
            }
            self.fd = fd
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(fd) }
    }
}

import Foundation
import TestSupport
import Testing

/// `profile run uitest -- xcodebuild test …`, `-- xcrun simctl launch …`, `-- xcrun devicectl device process launch …`
/// and `-- swift test` reach the app under test, through stand-in `xcodebuild`, `xcrun`, `devicectl` and `swift`
/// executables (Fixtures/StandIns) that do what Apple's man pages and help say: only the variables prefixed
/// `TEST_RUNNER_` (for the test runner), `SIMCTL_CHILD_` (for the app simctl launches) or `DEVICECTL_CHILD_` (for the
/// app on a device) pass, prefix stripped; xcodebuild, devicectl and swift refuse options they do not know. The test runner is `profile-probe --hand-on`, a stand-in UI
/// test that hands its profile on to the app (`ActiveProfile.current.launchConfiguration`).
@Suite(.timeLimit(.minutes(20))) struct DeliveryTests {
    static var standIns: String {
        CLI.repositoryRoot.appendingPathComponent("Tests/ProfileCLITests/Fixtures/StandIns").path
    }
    static var probe: String { CLI.productsDirectory.appendingPathComponent("profile-probe").path }
    static var countries: String { CountriesExampleTests.countries }
    static var profiles: String { CountriesExampleTests.profilesDirectory }

    /// Runs `profile run --profiles-dir <the repository's> <arguments>` with the stand-ins first on PATH.
    static func run(_ arguments: [String], app: String, home: String) throws -> CLI.Result {
        try CLI.profile(
            ["run", "--profiles-dir", profiles] + arguments,
            environment: [
                "PATH": standIns + ":/usr/bin:/bin", "HOME": home, "STANDIN_RUNNER": probe, "STANDIN_APP": app,
            ])
    }

    static let probeReadsUITest = """
        profiles=uitest
        UITests=true
        skipOnboarding=true
        AppleLanguages=(en)
        pageSize=5
        countries.datasource=local-mock

        """

    /// The probe's output without its `argc=` line (which counts the runner's own words).
    static func probeLines(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("argc=") }
            .joined(separator: "\n")
    }

    @Test(arguments: [
        ["xcodebuild", "test", "-scheme", "Countries"], ["xcrun", "xcodebuild", "test-without-building"],
    ])
    func xcodebuildTestReachesTheAppThroughTheRunner(_ command: [String]) throws {
        let home = try TemporaryDirectory(prefix: "delivery-home")
        let app = try Self.run(["uitest", "--"] + command, app: Self.countries, home: home.path)
        #expect(app.status == 0, "\(app.stderr)")
        #expect(
            app.stdout
                == CountriesExampleTests.lines(
                    [
                        "profile: uitest", "Welcome to Countries", "ui tests: animations off",
                        "settings: kept in memory", "countries from local-mock (5 of 15):",
                    ] + CountriesExampleTests.bundled.prefix(5)))
        // The profile's arguments reach the app too (the stand-in xcodebuild would refuse them on its own argv).
        let probe = try Self.run(["uitest", "--"] + command, app: Self.probe, home: home.path)
        #expect(probe.status == 0, "\(probe.stderr)")
        #expect(Self.probeLines(probe.stdout) == Self.probeReadsUITest)
    }

    @Test func withoutThePrefixTheRunnerGetsNothing() throws {
        // A prefix xcodebuild does not pass on: the stand-in strips every other variable, so the app reads nothing.
        let home = try TemporaryDirectory(prefix: "delivery-home")
        let probe = try Self.run(
            ["uitest", "--prefix", "OTHER_", "--", "xcodebuild", "test"], app: Self.probe, home: home.path)
        #expect(probe.status == 0, "\(probe.stderr)")
        #expect(probe.stdout.hasPrefix("profiles=\n"))
        #expect(probe.stdout.contains("UITests=false\n"))
    }

    @Test func simctlLaunchGetsTheVariablesAndTheArgumentsAfterTheBundleIdentifier() throws {
        let home = try TemporaryDirectory(prefix: "delivery-home")
        let launched = try Self.run(
            ["uitest", "--", "xcrun", "simctl", "launch", "--console", "booted", "com.example.countries"],
            app: Self.countries, home: home.path)
        #expect(launched.status == 0, "\(launched.stderr)")
        #expect(
            launched.stdout.hasPrefix(
                "profile: uitest\nWelcome to Countries\nui tests: animations off\nsettings: kept in memory\n"))
        let probe = try Self.run(
            ["uitest", "--", "xcrun", "simctl", "launch", "booted", "com.example.countries"], app: Self.probe,
            home: home.path)
        #expect(Self.probeLines(probe.stdout) == Self.probeReadsUITest)
        let spawned = try Self.run(
            ["uitest", "--", "xcrun", "simctl", "spawn", "booted", Self.probe], app: "/nonexistent", home: home.path)
        #expect(Self.probeLines(spawned.stdout) == Self.probeReadsUITest)
    }

    @Test func devicectlLaunchGetsTheVariablesAndTheArgumentsBehindADoubleDash() throws {
        let home = try TemporaryDirectory(prefix: "delivery-home")
        let launch = [
            "xcrun", "devicectl", "device", "process", "launch", "--device", "iPhone", "com.example.countries",
        ]
        let launched = try Self.run(["uitest", "--"] + launch, app: Self.countries, home: home.path)
        #expect(launched.status == 0, "\(launched.stderr)")
        #expect(
            launched.stdout
                == CountriesExampleTests.lines(
                    [
                        "profile: uitest", "Welcome to Countries", "ui tests: animations off",
                        "settings: kept in memory", "countries from local-mock (5 of 15):",
                    ] + CountriesExampleTests.bundled.prefix(5)))
        let probe = try Self.run(["uitest", "--"] + launch, app: Self.probe, home: home.path)
        #expect(probe.status == 0, "\(probe.stderr)")
        #expect(Self.probeLines(probe.stdout) == Self.probeReadsUITest)
        // Without the `--`, the stand-in takes `-AppleLanguages` for its own option and launches nothing
        // (sweetpad#296): what `profile` inserts is needed.
        let bare = try CLI.run(
            Self.standIns + "/xcrun", Array(launch.dropFirst()) + ["-AppleLanguages", "(en)"],
            environment: ["PATH": "/usr/bin:/bin", "STANDIN_APP": Self.probe])
        #expect(bare.status == 64)
        #expect(bare.stderr.hasPrefix("Error: Unknown option '-AppleLanguages'\n"))
    }

    /// `profile run uitest -- swift test`: the arguments stay out of swift's argv (it refuses `-UITests`), the tests
    /// read them from the payload; `swift run <executable>` passes them after the executable's own arguments.
    @Test func swiftPMGetsTheProfile() throws {
        let home = try TemporaryDirectory(prefix: "delivery-home")
        for command in [["swift", "test"], ["swift", "test", "--filter", "Login"], ["xcrun", "swift", "test"]] {
            let probe = try Self.run(["uitest", "--"] + command, app: Self.probe, home: home.path)
            #expect(probe.status == 0, "\(command): \(probe.stderr)")
            #expect(Self.probeLines(probe.stdout) == Self.probeReadsUITest, "\(command)")
        }
        let refused = try CLI.run(
            Self.standIns + "/swift", ["test", "-UITests"],
            environment: ["PATH": "/usr/bin:/bin", "STANDIN_APP": Self.probe])
        #expect(refused.status == 64)
        #expect(refused.stderr == "error: Unknown option '-UITests'\n")
        let built = try Self.run(["uitest", "--", "swift", "build", "-c", "release"], app: Self.probe, home: home.path)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stdout == "Build complete!\n")
        // `-pageSize 2` typed after the executable, then the profile's arguments: the app reads the typed one.
        let ran = try Self.run(
            ["uitest", "--", "swift", "run", "-c", "release", "countries", "-pageSize", "2"], app: Self.countries,
            home: home.path)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(
            ran.stdout
                == CountriesExampleTests.lines(
                    [
                        "profile: uitest", "Welcome to Countries", "ui tests: animations off",
                        "settings: kept in memory", "countries from local-mock (2 of 15):",
                    ] + CountriesExampleTests.bundled.prefix(2)))
    }

    /// The real `swift run`: the profile's arguments reach the executable after its own, before its own `--`, and
    /// `swift run` does not refuse them; the payload reaches it too.
    @Test(.enabled(if: Tools.available("swift"), "needs swift"))
    func theRealSwiftRunPassesTheArgumentsOn() async throws {
        let result = try await RealPackage.shared.profile([
            "run", "p", "--", "swift", "run", "-q", "--scratch-path", RealPackage.scratch, "echo", "a", "--", "b",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "a\n-UITests\n-AppleLanguages\n(en)\n--\nb\ntrue\n")
    }

    /// The real `swift test`, the new user's command of issue 25: swift itself refuses `-UITests` on its argv; through
    /// `profile run` argv stays as typed and the test process gets the environment and the payload, the profile's
    /// arguments in it.
    @Test(.enabled(if: Tools.available("swift"), "needs swift"))
    func theRealSwiftTestGetsTheProfile() async throws {
        let refused = try await RealPackage.shared.run(Tools.path("swift")!, ["test", "-UITests"])
        #expect(refused.status != 0)
        let received = try await RealPackage.shared.received([
            "run", "p", "--", "swift", "test", "-q", "--scratch-path", RealPackage.scratch,
        ])
        #expect(received.result.status == 0, "\(received.result.stderr)")
        #expect(
            received.file
                == "LOG_LEVEL=debug\nPROFILE_PAYLOAD=profile/1;profile=p;argument=-UITests;argument=-AppleLanguages;"
                + "argument=(en);env=LOG_LEVEL;end\n")
    }

    /// What `--dry-run` prints for a device launch and for SwiftPM, whole.
    @Test func dryRunShowsTheDeviceAndSwiftPMDeliveries() throws {
        let project = try Project([
            "profiles/p.yml": "env: {LOG_LEVEL: debug}\narguments: [-UITests]\nflags: {f: true}\n",
            ".git/HEAD": "ref: refs/heads/main\n",
        ])
        let payload = "'profile/1;profile=p;flag.f=1;argument=-UITests;env=LOG_LEVEL;end'"
        let environment = ["PATH": Self.standIns + ":/usr/bin:/bin"]
        let device = try project.profile(
            ["run", "p", "--dry-run", "--", "xcrun", "devicectl", "device", "process", "launch", "-d", "D", "id"],
            environment: environment)
        #expect(device.status == 0, "\(device.stderr)")
        #expect(
            device.stdout == """
                executable: \(Self.standIns)/xcrun
                argv: xcrun devicectl device process launch -d D id -- -UITests
                  (devicectl device process launch: the profile's arguments go after the app behind `--`, which \
                receives them)
                  (every variable also as DEVICECTL_CHILD_NAME for devicectl device process launch)
                environment:
                  LOG_LEVEL=debug
                  PROFILE_PAYLOAD=\(payload)
                  DEVICECTL_CHILD_LOG_LEVEL=debug
                  DEVICECTL_CHILD_PROFILE_PAYLOAD=\(payload)

                """)
        let json = try project.profile(
            [
                "run", "p", "--dry-run", "--json", "--", "xcrun", "devicectl", "device", "process", "launch", "-d",
                "D", "id", "--", "-own",
            ], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? NSDictionary)
        let bare = String(payload.dropFirst().dropLast())
        #expect(
            object
                == [
                    "version": 1, "profiles": ["p"], "executable": Self.standIns + "/xcrun", "error": NSNull(),
                    "argv": [
                        "xcrun", "devicectl", "device", "process", "launch", "-d", "D", "id", "--", "-UITests", "-own",
                    ],
                    "appendArguments": true, "prefix": "DEVICECTL_CHILD_", "tool": "devicectl device process launch",
                    "environment": [
                        ["name": "LOG_LEVEL", "value": "debug"], ["name": "PROFILE_PAYLOAD", "value": bare],
                        ["name": "DEVICECTL_CHILD_LOG_LEVEL", "value": "debug"],
                        ["name": "DEVICECTL_CHILD_PROFILE_PAYLOAD", "value": bare],
                    ],
                ] as NSDictionary)
        let test = try project.profile(["run", "p", "--dry-run", "--", "swift", "test"], environment: environment)
        #expect(
            test.stdout == """
                executable: \(Self.standIns)/swift
                argv: swift test
                  (swift test: the profile's arguments are not appended: they travel in the payload)
                environment:
                  LOG_LEVEL=debug
                  PROFILE_PAYLOAD=\(payload)

                """)
        let run = try project.profile(
            ["run", "p", "--dry-run", "--", "swift", "run", "app", "a", "--", "b"], environment: environment)
        #expect(
            run.stdout == """
                executable: \(Self.standIns)/swift
                argv: swift run app a -UITests -- b
                  (swift run: the profile's arguments go after the executable's, which receives them)
                environment:
                  LOG_LEVEL=debug
                  PROFILE_PAYLOAD=\(payload)

                """)
    }

    @Test func dryRunShowsWhereEverythingGoes() throws {
        let home = try TemporaryDirectory(prefix: "delivery-home")
        let xcodebuild = try Self.run(
            ["uitest", "--dry-run", "--", "xcodebuild", "test", "-scheme", "Countries"], app: Self.countries,
            home: home.path)
        #expect(xcodebuild.status == 0, "\(xcodebuild.stderr)")
        let lines = xcodebuild.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "argv: xcodebuild test -scheme Countries")
        #expect(lines[2] == "  (xcodebuild test: the profile's arguments are not appended: they travel in the payload)")
        #expect(lines[3] == "  (every variable also as TEST_RUNNER_NAME for xcodebuild test)")
        #expect(lines.contains("  LOG_LEVEL=debug") && lines.contains("  TEST_RUNNER_LOG_LEVEL=debug"))
        #expect(lines.contains("  unset TEST_RUNNER_COUNTRIES_API_URL"))
        #expect(lines.contains { $0.hasPrefix("  TEST_RUNNER_PROFILE_PAYLOAD='profile/1;profile=uitest;") })

        let simctl = try Self.run(
            ["uitest", "--dry-run", "--json", "--", "xcrun", "simctl", "launch", "booted", "id", "-own"],
            app: Self.countries, home: home.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(simctl.stdout.utf8)) as? [String: Any])
        #expect(
            object["argv"] as? [String] == [
                "xcrun", "simctl", "launch", "booted", "id", "-AppleLanguages", "(en)", "-UITests", "-own",
            ])
        #expect(object["prefix"] as? String == "SIMCTL_CHILD_")
        #expect(object["tool"] as? String == "simctl launch")
        let names = (object["environment"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("SIMCTL_CHILD_PROFILE_PAYLOAD") && names.contains("SIMCTL_CHILD_LOG_LEVEL"))
    }

    @Test func anyCommandWithPrefix() throws {
        let home = try TemporaryDirectory(prefix: "delivery-home")
        let result = try Self.run(
            [
                "uitest", "--prefix", "TEST_RUNNER_", "--", "sh", "-c",
                "echo \"$TEST_RUNNER_LOG_LEVEL ${TEST_RUNNER_PROFILE_PAYLOAD%%;*} $*\"", "sh",
            ], app: Self.countries, home: home.path)
        #expect(result.stdout == "debug profile/1 -AppleLanguages (en) -UITests\n")
    }

    @Test func exportsTakeThePrefix() throws {
        let shell = try CLI.profile([
            "export", "--profiles-dir", Self.profiles, "shell", "uitest", "--prefix", "TEST_RUNNER_",
        ])
        #expect(shell.status == 0, "\(shell.stderr)")
        let evaluated = try CLI.run(
            "/bin/sh",
            ["-c", shell.stdout + "\necho \"$LOG_LEVEL $TEST_RUNNER_LOG_LEVEL ${TEST_RUNNER_PROFILE_PAYLOAD%%;*}\""])
        #expect(evaluated.stdout == "debug debug profile/1\n")
        let dotenv = try CLI.profile(
            ["export", "--profiles-dir", Self.profiles, "dotenv", "uitest", "--prefix", "SIMCTL_CHILD_"])
        #expect(dotenv.stdout.contains("\nSIMCTL_CHILD_LOG_LEVEL=\"debug\"\n"))
        let json = try CLI.profile(["export", "--profiles-dir", Self.profiles, "json", "uitest", "--prefix", "X_"])
        #expect(json.status == 64)
        #expect(json.stderr.contains("error: `--prefix` works with `shell` and `dotenv`, not `json`"))
    }
}

/// The package of the real `swift run` and `swift test` above (`DeliveryTests`): an executable that prints its
/// arguments and whether the payload arrived, and a library with one XCTest case that writes what its process received
/// (`LOG_LEVEL`, `PROFILE_PAYLOAD`) to `DUMP`. Built once, by `swift build --build-tests`, by whichever test needs it
/// first: a package for each test built the same things twice (thirty seconds of CPU). It lives in `.build-delivery`
/// (kept between runs, as `BakedBuildTests`' `.build-baked`: a second run rebuilds nothing; its files are written only
/// when they differ). The tests' commands take turns (the actor), as SwiftPM takes one command at a time on a scratch
/// path.
actor RealPackage {
    static let shared = RealPackage()
    static let root = CLI.repositoryRoot.appendingPathComponent(".build-delivery/package").path
    static let scratch = CLI.repositoryRoot.appendingPathComponent(".build-delivery/scratch").path

    static let files = [
        "Package.swift": """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(
            name: "probe",
            targets: [
                .executableTarget(name: "echo"), .target(name: "Lib"),
                .testTarget(name: "LibTests", dependencies: ["Lib"]),
            ])

        """,
        "Sources/echo/main.swift": """
        #if canImport(Glibc)
        import Glibc
        #else
        import Darwin
        #endif
        for argument in CommandLine.arguments.dropFirst() { print(argument) }
        print(getenv("PROFILE_PAYLOAD").map { String(cString: $0).hasPrefix("profile/1;") } ?? false)

        """,
        "Sources/Lib/Lib.swift": "public let answer = 42\n",
        "Tests/LibTests/LibTests.swift": """
        import Foundation
        import XCTest

        final class LibTests: XCTestCase {
            func testWhatArrives() throws {
                let environment = ProcessInfo.processInfo.environment
                guard let dump = environment["DUMP"] else { return }
                let lines = ["LOG_LEVEL", "PROFILE_PAYLOAD"].map { "\\($0)=\\(environment[$0] ?? "unset")\\n" }
                try lines.joined().write(toFile: dump, atomically: true, encoding: .utf8)
            }
        }

        """,
        "profiles/p.yml": "env: {LOG_LEVEL: debug}\narguments: [-UITests, -AppleLanguages, (en)]\n",
        ".git/HEAD": "ref: refs/heads/main\n",
    ]

    /// PATH with swift's folder, HOME the package, DUMP the file the XCTest case writes.
    static var environment: [String: String] {
        [
            "PATH": (Tools.path("swift")! as NSString).deletingLastPathComponent + ":/usr/bin:/bin",
            "HOME": root, "DUMP": root + "/received",
        ]
    }

    private var built: Result<Void, any Error>?

    /// Writes the files that differ and builds, once.
    private func build() throws {
        if let built { return try built.get() }
        let result = Result {
            for (name, text) in Self.files {
                let path = Self.root + "/" + name
                guard (try? String(contentsOfFile: path, encoding: .utf8)) != text else { continue }
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            }
            let build = try CLI.run(
                Tools.path("swift")!, ["build", "--build-tests", "-q", "--scratch-path", Self.scratch], in: Self.root,
                environment: Self.environment)
            try #require(build.status == 0, "the package does not build: \(build.stdout)\(build.stderr)")
        }
        built = result
        try result.get()
    }

    /// `profile arguments` in the package, built.
    func profile(_ arguments: [String]) throws -> CLI.Result {
        try build()
        return try CLI.profile(arguments, in: Self.root, environment: Self.environment)
    }

    /// `executable arguments` in the package, built.
    func run(_ executable: String, _ arguments: [String]) throws -> CLI.Result {
        try build()
        return try CLI.run(executable, arguments, in: Self.root, environment: Self.environment)
    }

    /// `profile arguments` in the package, built, with what the XCTest case wrote (the file removed first).
    func received(_ arguments: [String]) throws -> (result: CLI.Result, file: String) {
        try build()
        try? FileManager.default.removeItem(atPath: Self.root + "/received")
        let result = try CLI.profile(arguments, in: Self.root, environment: Self.environment)
        return (result, (try? String(contentsOfFile: Self.root + "/received", encoding: .utf8)) ?? "")
    }
}

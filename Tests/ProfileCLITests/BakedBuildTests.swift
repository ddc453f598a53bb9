import Foundation
import TestSupport
import Testing

/// A build with a profile baked in, made the way the README says (`swift build --product countries -Xswiftc -DDEMO`),
/// then run as a build opened from the home screen would be (nothing in front: it runs as `demo`) and through
/// `profile run uitest` (the launch wins over the baked profile key by key: it runs as `uitest`).
@Suite(.timeLimit(.minutes(20)))
struct BakedBuildTests {
    /// Its own scratch directory (kept between runs: a second run rebuilds little), so the flag changes nothing else.
    static let scratch = CLI.repositoryRoot.appendingPathComponent(".build-baked").path

    static func environment(home: String) -> [String: String] {
        var environment = ["HOME": home]
        for name in ["PATH", "TMPDIR"] {
            if let value = ProcessInfo.processInfo.environment[name] { environment[name] = value }
        }
        return environment
    }

    @Test func aBakedBuildRunsAsDemoAloneAndAsUITestThroughProfileRun() throws {
        let realHome = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let build = try CLI.run(
            "/usr/bin/env",
            [
                "swift", "build", "--package-path", CLI.repositoryRoot.path, "--product", "countries",
                "--scratch-path", Self.scratch, "-Xswiftc", "-DDEMO",
            ],
            environment: Self.environment(home: realHome))
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        let binary = Self.scratch + "/debug/countries"

        // Alone, with an empty environment but HOME: `demo`, baked. Its datasource is live: without the network it
        // stops after the settings line (exit 69), as `profile run demo` does (CountriesExampleTests).
        let home = try TemporaryDirectory(prefix: "baked-home")
        let alone = try CLI.run(binary, [], environment: ["HOME": home.path])
        let head = ["profile: demo", "Hello there, welcome to the demo", "settings: stored in ~/.countries-settings"]
        if alone.status == 69 {
            #expect(alone.stdout == CountriesExampleTests.lines(head))
        } else {
            #expect(alone.status == 0, "\(alone.stderr)")
            #expect(
                alone.stdout
                    == CountriesExampleTests.lines(
                        head + ["countries from live (15 of 15):"] + CountriesExampleTests.bundled))
        }

        // Through `profile run uitest`: every key uitest sets wins; the baked demo is listed first, below it.
        let launched = try CLI.profile(
            ["run", "--profiles-dir", CountriesExampleTests.profilesDirectory, "uitest", "--", binary],
            environment: ["HOME": home.path])
        #expect(launched.status == 0, "\(launched.stderr)")
        #expect(launched.stderr == "")
        #expect(
            launched.stdout
                == CountriesExampleTests.lines(
                    [
                        "profile: demo + uitest", "Welcome to Countries", "ui tests: animations off",
                        "settings: kept in memory", "countries from local-mock (5 of 15):",
                    ] + CountriesExampleTests.bundled.prefix(5)))
    }
}

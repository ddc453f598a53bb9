// swift-tools-version: 6.1
// The peers `ProfileRuntime` imitates, run beside it (issue 15): apple/swift-configuration 1.4.0 (key mapping),
// swift-corelibs-foundation's `UserDefaults` (the argument domain) and Foundation's own types decoded through the
// runtime's `Decodable` support. The runtime imports nothing; this package may use Foundation. Built and run by
// `check.sh` (which `.ci/run` calls).
import PackageDescription

let package = Package(
    name: "Peers",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "profile", path: "../.."),
        .package(
            url: "https://github.com/apple/swift-configuration", exact: "1.4.0", traits: ["CommandLineArguments"]),
    ],
    targets: [
        // Compares, prints a table per peer, exits 1 on an undocumented difference.
        .executableTarget(
            name: "peers",
            dependencies: [
                .product(name: "ProfileRuntime", package: "profile"),
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        // Launched by `peers` with an argv: prints what `UserDefaults.standard` and `ActiveProfile.current` read.
        .executableTarget(
            name: "defaults-probe",
            dependencies: [.product(name: "ProfileRuntime", package: "profile")]
        ),
    ]
)

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "profile",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "profile", targets: ["profile"]),
        .executable(name: "countries", targets: ["countries"]),
        .library(name: "ProfileCore", targets: ["ProfileCore"]),
        .library(name: "ProfileRuntime", targets: ["ProfileRuntime"]),
        .plugin(name: "ProfileCodegen", targets: ["ProfileCodegen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // libyaml from the system: Debian/Ubuntu `apt-get install libyaml-dev`, Homebrew `brew install libyaml`.
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The runtime an app links: no dependencies at all, not even Foundation. Owns the wire format.
        .target(name: "ProfileRuntime", exclude: ["WireFormat.md"]),
        // Loading, validation, resolution and rendering of profiles. No Foundation.
        .target(name: "ProfileCore", dependencies: ["CLibYAML", "ProfileRuntime"]),
        // The `profile` command: a thin layer over ProfileCore.
        .executableTarget(
            name: "profile",
            dependencies: ["ProfileCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Build-tool plugin: runs `profile generate swift` on the nearest `profiles/_catalog.yml` at every build.
        .plugin(name: "ProfileCodegen", capability: .buildTool(), dependencies: ["profile"]),
        // The example app launched through `profile run`.
        .executableTarget(name: "countries", dependencies: ["ProfileRuntime"]),
        // Micro-benchmark of the runtime's first read, driven by Benchmarks/run.sh.
        .executableTarget(name: "runtime-bench", dependencies: ["ProfileRuntime"], path: "Benchmarks/RuntimeBench"),
        // What every test target shares: temporary directories, running processes, the seeded generator, paths.
        // Test-only (it uses Foundation); no product exposes it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ProfileRuntimeTests", dependencies: ["ProfileRuntime", "TestSupport"]),
        .testTarget(name: "ProfileCoreTests", dependencies: ["ProfileCore", "TestSupport"], exclude: ["Fixtures"]),
        // A tiny app that prints what `ActiveProfile.current` reads, launched by the end-to-end tests.
        .executableTarget(name: "profile-probe", dependencies: ["ProfileRuntime"], path: "Tests/ProfileProbe"),
        // End-to-end: runs the built `profile` (and `countries`) binaries against real files and real children.
        .testTarget(
            name: "ProfileCLITests",
            dependencies: ["profile", "countries", "profile-probe", "ProfileCore", "TestSupport"],
            exclude: ["Fixtures"]),
    ]
)

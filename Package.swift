// swift-tools-version: 6.2
// The minimum toolchain, stated here once: Swift 6.2 (Xcode 26). Scripts/test_toolchain.py holds the README, the
// DocC catalog, the iOS guide, the formula and .spi.yml to it. SwiftPM before 6.2 resolves trait-guarded
// dependencies anyway (swiftlang/swift-package-manager #8852, fixed in 6.2 by #8948), and swift-configuration's
// releases declare tools version 6.2: under 6.1 this package would not resolve. Licence: MIT (LICENSE).
import PackageDescription

let package = Package(
    name: "profile",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "profile", targets: ["profile"]),
        .executable(name: "countries", targets: ["countries"]),
        .library(name: "ProfileRuntime", targets: ["ProfileRuntime"]),
        // `@Test(.profile(LaunchProfiles.offline))`: a test target's dependency (it imports Testing).
        .library(name: "ProfileTesting", targets: ["ProfileTesting"]),
        // `#Preview(traits: .profile(LaunchProfiles.demo))`: SwiftUI previews (Apple platforms; empty elsewhere).
        .library(name: "ProfilePreviews", targets: ["ProfilePreviews"]),
        // A swift-configuration `ConfigProvider` over the active profile; empty unless the trait below is enabled.
        .library(name: "ProfileConfiguration", targets: ["ProfileConfiguration"]),
        .plugin(name: "ProfileCodegen", targets: ["ProfileCodegen"]),
    ],
    // `SwiftConfiguration` (off by default) builds `ProfileConfiguration` against apple/swift-configuration: an app
    // that wants it writes `.package(url: …, from: …, traits: ["SwiftConfiguration"])`; the others never build it.
    traits: [
        .trait(
            name: "SwiftConfiguration",
            description: "Builds the ProfileConfiguration product: a swift-configuration provider over the profile."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only its core (no JSON, YAML, logging): `traits: []` turns off its default JSON trait.
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: []),
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
        // The `.profile(…)` trait of Swift Testing over the runtime's scopes; apart so the runtime never imports Testing.
        .target(name: "ProfileTesting", dependencies: ["ProfileRuntime"]),
        // The preview trait of SwiftUI over the runtime's preview layer; apart so the runtime never links SwiftUI.
        .target(name: "ProfilePreviews", dependencies: ["ProfileRuntime"]),
        // `ProfileProvider`: the active profile as a swift-configuration provider. Its code is compiled only with the
        // `SwiftConfiguration` trait, and so is its dependency.
        .target(
            name: "ProfileConfiguration",
            dependencies: [
                "ProfileRuntime",
                .product(
                    name: "Configuration", package: "swift-configuration",
                    condition: .when(traits: ["SwiftConfiguration"])),
            ],
            // As swift-configuration itself: its `watch…` requirements take `nonisolated(nonsending)` closures.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        // The tool's library, one target per layer, each importing only those below it (the compiler refuses an
        // upward import): no product, no Foundation, every declaration another target uses is `package`.
        // Platform: thin system calls (System) and what every layer shares (Support).
        .target(name: "ProfilePlatform", dependencies: ["ProfileRuntime"]),
        // The file model: diagnostics, the YAML reader over libyaml, profiles, the catalog.
        .target(name: "ProfileModel", dependencies: ["CLibYAML", "ProfileRuntime", "ProfilePlatform"]),
        // A directory of profiles loaded and resolved: the repository, resolution, lint, completion, show and diff.
        .target(name: "ProfileResolution", dependencies: ["ProfileRuntime", "ProfilePlatform", "ProfileModel"]),
        // Other tools' files: exports (Xcode schemes and test plans, VS Code, dotenv, shell, JSON) and imports.
        .target(
            name: "ProfileInterop",
            dependencies: ["ProfileRuntime", "ProfilePlatform", "ProfileModel", "ProfileResolution"]),
        // Swift code and JSON schemas generated from the catalog and profiles; new projects' scaffolding.
        .target(
            name: "ProfileGeneration",
            dependencies: ["ProfileRuntime", "ProfilePlatform", "ProfileModel", "ProfileResolution"]),
        // Starting and supervising the child: spawn, signals, the terminal, relays, --watch.
        .target(name: "ProfileProcess", dependencies: ["ProfilePlatform"]),
        // The `profile` command: a thin layer over the library's targets.
        .executableTarget(
            name: "profile",
            dependencies: [
                "ProfilePlatform", "ProfileModel", "ProfileResolution", "ProfileInterop", "ProfileGeneration",
                "ProfileProcess", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Build-tool plugin: runs `profile generate swift` on the nearest `profiles/_catalog.yml` at every build.
        .plugin(name: "ProfileCodegen", capability: .buildTool(), dependencies: ["profile"]),
        // The example app launched through `profile run`.
        .executableTarget(name: "countries", dependencies: ["ProfileRuntime"]),
        // Its unit tests: `.profile(LaunchProfiles.uitest)` and `.profile(LaunchProfiles.offline)`, in parallel.
        .testTarget(name: "CountriesTests", dependencies: ["countries", "ProfileTesting"]),
        // Micro-benchmark of the runtime's first read, driven by Benchmarks/run.sh.
        .executableTarget(name: "runtime-bench", dependencies: ["ProfileRuntime"], path: "Benchmarks/RuntimeBench"),
        // What every test target shares: temporary directories, running processes, the seeded generator, paths.
        // Test-only (it uses Foundation); no product exposes it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ProfileRuntimeTests", dependencies: ["ProfileRuntime", "TestSupport"]),
        // The trait as a user meets it, with the keys and `LaunchProfiles` that `profile generate swift` writes from
        // profiles/_catalog.yml (Profile+Generated.swift, as in Sources/countries; ProfileCLITests checks it current).
        .testTarget(name: "ProfileTestingTests", dependencies: ["ProfileTesting", "ProfileRuntime"]),
        // Reads through `ConfigReader(provider: ProfileProvider(…))`; runs with `swift test --traits SwiftConfiguration`.
        // A tiny app reading through `ProfileProvider`, launched by `profile run` in ProfileConfigurationTests.
        .executableTarget(
            name: "profile-config-probe",
            dependencies: [
                "ProfileConfiguration",
                .product(
                    name: "Configuration", package: "swift-configuration",
                    condition: .when(traits: ["SwiftConfiguration"])),
            ],
            path: "Tests/ProfileConfigProbe",
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .testTarget(
            name: "ProfileConfigurationTests",
            dependencies: [
                "ProfileConfiguration", "TestSupport", "profile", "profile-config-probe",
                .product(
                    name: "Configuration", package: "swift-configuration",
                    condition: .when(traits: ["SwiftConfiguration"])),
            ],
            // As swift-configuration itself: its `watch…` requirements take `nonisolated(nonsending)` closures.
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        // The library's tests, one folder per source folder, for every layer target.
        .testTarget(
            name: "ProfileCoreTests",
            dependencies: [
                "ProfilePlatform", "ProfileModel", "ProfileResolution", "ProfileInterop", "ProfileGeneration",
                "ProfileProcess", "TestSupport",
            ],
            exclude: ["Fixtures"]),
        // A tiny app that prints what `ActiveProfile.current` reads, launched by the end-to-end tests.
        .executableTarget(name: "profile-probe", dependencies: ["ProfileRuntime"], path: "Tests/ProfileProbe"),
        // End-to-end: runs the built `profile` (and `countries`) binaries against real files and real children.
        .testTarget(
            name: "ProfileCLITests",
            dependencies: [
                "profile", "countries", "profile-probe", "ProfilePlatform", "ProfileModel", "ProfileInterop",
                "TestSupport",
            ],
            exclude: ["Fixtures"]),
    ]
)

// The build plugin's `profile`. Until a release hosts `profile.artifactbundle`, `prebuiltTool` is nil and the plugin
// builds `profile` from source (with the system's libyaml, through pkg-config). A release that hosts it sets the
// bundle's download URL and checksum here (Scripts/release.sh, "A release that hosts the bundle"), for example
//     let prebuiltTool: (url: String, checksum: String)? = (
//         url: "https://github.com/<you>/profile/releases/download/0.2.0/profile.artifactbundle.zip",
//         checksum: "<swift package compute-checksum profile.artifactbundle.zip>")
// and the plugin then runs the prebuilt binary: an app's build compiles neither `profile` nor libyaml, and needs
// neither Homebrew nor pkg-config (Xcode started from the Dock). Tests/BundleConsumer proves the same plugin source
// with the bundle through `.binaryTarget(path:)`.
let prebuiltTool: (url: String, checksum: String)? = nil
if let prebuiltTool {
    package.targets.append(
        .binaryTarget(name: "ProfileToolBinary", url: prebuiltTool.url, checksum: prebuiltTool.checksum))
    for target in package.targets where target.name == "ProfileCodegen" {
        target.dependencies = ["ProfileToolBinary"]
    }
}

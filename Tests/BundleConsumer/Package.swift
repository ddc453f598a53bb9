// swift-tools-version: 6.0
// An app's package that takes `profile` prebuilt: the build plugin's tool comes from `profile.artifactbundle` through
// `.binaryTarget(path:)`, the way a release will ship it (`.binaryTarget(url:checksum:)`), so building this package
// builds neither `profile` nor libyaml. `check.sh` builds the bundle (Scripts/build-artifact-bundle.sh) into this
// folder, then builds and runs this package.
//
// The plugin is the repository's own `Plugins/ProfileCodegen/plugin.swift` (a symbolic link): under another name, as
// target names are unique in a package graph and the `profile` package below declares `ProfileCodegen` too.
import PackageDescription

// The bundle folder, or (PROFILE_BUNDLE=profile.artifactbundle.zip) the zip a release hosts, which SwiftPM unpacks.
let bundle = Context.environment["PROFILE_BUNDLE"] ?? "profile.artifactbundle"

let package = Package(
    name: "BundleConsumer",
    platforms: [.macOS(.v13)],
    // The plugin as a product: what the Xcode project in Xcode/ applies to its own target.
    products: [.plugin(name: "ProfileCodegenFromBundle", targets: ["ProfileCodegenFromBundle"])],
    dependencies: [
        // Only for ProfileRuntime, which the app links (it has no dependencies; libyaml is never built).
        .package(name: "profile", path: "../..")
    ],
    targets: [
        .binaryTarget(name: "ProfileTool", path: bundle),
        .plugin(name: "ProfileCodegenFromBundle", capability: .buildTool(), dependencies: ["ProfileTool"]),
        .executableTarget(
            name: "BundleConsumer",
            dependencies: [.product(name: "ProfileRuntime", package: "profile")],
            plugins: ["ProfileCodegenFromBundle"]
        ),
    ]
)

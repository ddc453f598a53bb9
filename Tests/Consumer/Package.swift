// swift-tools-version: 6.0
// A package that uses `profile` the way an app's package would: it depends on the repository by path, links the
// runtime library and generates its typed keys with the build-tool plugin. Built and run by `check.sh`.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "profile", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [.product(name: "ProfileRuntime", package: "profile")],
            plugins: [.plugin(name: "ProfileCodegen", package: "profile")]
        )
    ]
)

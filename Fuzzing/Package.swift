// swift-tools-version: 6.0
// A libFuzzer target over loading and resolving profiles: the bytes become a profile, its parent, the catalog, its
// `.local` overlay and per-run overrides (split at 0xFF bytes), which are parsed, decoded, checked, resolved and
// rendered with every diagnostic. Built and run by `run.sh` (Linux, the Swift toolchain's `-sanitize=fuzzer`).
import PackageDescription

let package = Package(
    name: "ProfileFuzzing",
    dependencies: [
        .package(name: "profile", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "ProfileFuzzer",
            dependencies: ["FuzzerEntry", .product(name: "ProfileCore", package: "profile")]
        ),
        // The entry point: SwiftPM renames an executable's `main` to `ProfileFuzzer_main`; libFuzzer supplies the
        // driver (`LLVMFuzzerRunDriver`).
        .target(name: "FuzzerEntry"),
    ]
)

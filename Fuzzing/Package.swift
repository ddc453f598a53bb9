// swift-tools-version: 6.0
// libFuzzer targets (Linux, the Swift toolchain's `-sanitize=fuzzer`):
// - ProfileFuzzer, over loading and resolving profiles: the bytes become a profile, its parent, the catalog, its
//   `.local` overlay and per-run overrides (split at 0xFF bytes), which are parsed, decoded, checked, resolved and
//   rendered with every diagnostic. Built and run by `run.sh`.
// - RuntimeFuzzer, over the runtime library an app links: the bytes become `PROFILE_PAYLOAD`, argv, the environment
//   and keys to read (split at 0xFF bytes); every typed read, `decode` and the hand-on run on them, and the hand-on's
//   output is read back and must read the same. Built and run by `run-runtime.sh` (with `-enable-testing`: it checks
//   the runtime's internal tables too).
import PackageDescription

let package = Package(
    name: "ProfileFuzzing",
    dependencies: [
        .package(name: "profile", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "ProfileFuzzer",
            dependencies: ["FuzzerEntry", .product(name: "ProfileCore", package: "profile")]
        ),
        .executableTarget(
            name: "RuntimeFuzzer",
            dependencies: ["FuzzerEntry", .product(name: "ProfileRuntime", package: "profile")]
        ),
        // The entry points: SwiftPM renames an executable's `main` to `<Module>_main`; libFuzzer supplies the
        // driver (`LLVMFuzzerRunDriver`).
        .target(name: "FuzzerEntry"),
    ]
)

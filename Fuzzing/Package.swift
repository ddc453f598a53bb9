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
    targets: [
        .executableTarget(
            name: "ProfileFuzzer",
            dependencies: ["FuzzerEntry", "ProfilePlatform", "ProfileModel", "ProfileResolution"]
        ),
        .executableTarget(
            name: "RuntimeFuzzer",
            dependencies: ["FuzzerEntry", "ProfileRuntime"]
        ),
        // The sources under test, through symbolic links to the repository's own (Sources/ProfilePlatform,
        // ProfileModel, ProfileResolution, ProfileRuntime, CLibYAML), with the same dependencies as there: the layer
        // targets are not products (their declarations are `package`), so the fuzzer builds them in its own package
        // instead of depending on `profile`.
        .target(name: "ProfilePlatform", dependencies: ["CLibYAML", "ProfileRuntime"]),
        .target(name: "ProfileModel", dependencies: ["CLibYAML", "ProfileRuntime", "ProfilePlatform"]),
        .target(name: "ProfileResolution", dependencies: ["ProfileRuntime", "ProfilePlatform", "ProfileModel"]),
        .target(name: "ProfileRuntime", exclude: ["WireFormat.md"]),
        .systemLibrary(
            name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // The entry points: SwiftPM renames an executable's `main` to `<Module>_main`; libFuzzer supplies the
        // driver (`LLVMFuzzerRunDriver`).
        .target(name: "FuzzerEntry"),
    ]
)

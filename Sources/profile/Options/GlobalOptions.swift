import ArgumentParser

/// Options every command that reads profiles accepts.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("profiles-dir"),
        help: ArgumentHelp(
            "The profiles directory (default: $PROFILES_DIR, else the nearest `profiles/` walking up to the repository root).",
            valueName: "dir"),
        completion: .directory)
    var profilesDirectory: String?
}

import ArgumentParser

/// Per-run changes on top of the profiles, applied in the order given (declared here for parsing and help; their
/// order and places are read back by `OverrideSyntax.scan`).
struct OverrideOptions: ParsableArguments {
    @Option(name: .customLong("enable"), help: ArgumentHelp("Switch a flag on for this run.", valueName: "flag"))
    var enable: [String] = []

    @Option(name: .customLong("disable"), help: ArgumentHelp("Switch a flag off for this run.", valueName: "flag"))
    var disable: [String] = []

    @Option(name: .customLong("mock"), help: ArgumentHelp("Select a mock variant for this run.", valueName: "point=variant"))
    var mock: [String] = []

    @Option(name: .customLong("value"), help: ArgumentHelp("Set a typed value for this run.", valueName: "key=value"))
    var value: [String] = []

    @Option(name: .customLong("env"), help: ArgumentHelp("Set an environment variable (taken literally).", valueName: "name=value"))
    var env: [String] = []

    @Option(name: .customLong("unset"), help: ArgumentHelp("Remove an environment variable from the child's environment.", valueName: "name"))
    var unset: [String] = []
}

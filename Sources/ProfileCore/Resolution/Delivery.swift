import ProfileRuntime

/// How the profile reaches the program further down when the command is a tool that launches it with an environment
/// of its own: `xcodebuild test` hands its test runner only the variables prefixed `TEST_RUNNER_` (prefix stripped),
/// `xcrun simctl launch` and `simctl spawn` hand the simulator app only those prefixed `SIMCTL_CHILD_` (Apple's man
/// pages for `xcodebuild` and `simctl`).
///
/// - `xcodebuild test` (or `test-without-building`, also as `xcrun xcodebuild …`): every variable the profile sets
///   and `PROFILE_PAYLOAD` are also set as `TEST_RUNNER_NAME`; the profile's arguments are not appended to
///   `xcodebuild`'s argv (it would refuse them): they travel in the payload, and the runner hands them on to the app
///   (`ActiveProfile.current.launchConfiguration`).
/// - `xcrun simctl launch [options] <device> <bundle id> [args]`: the variables also as `SIMCTL_CHILD_NAME`, and the
///   profile's arguments right after the bundle id, where simctl passes them to the app; `simctl spawn [options]
///   <device> <path> [args]` likewise after the path.
/// - `--prefix P` asks for the prefix with any command (argv then follows the usual rule).
///
/// The tool is known by its basename (`/usr/bin/xcodebuild`) and its subcommand.
package struct Delivery: Sendable, Equatable {
    /// Where the profile's arguments go in the child's argv.
    package enum Arguments: Sendable, Equatable {
        /// Before the command's own first `--`, or at the end (merge rule 14).
        case standard
        /// Not appended: they travel in the payload only.
        case payloadOnly
        /// Inserted at this index of the command.
        case at(Int)
    }

    /// The prefix every variable is also set with (`TEST_RUNNER_`), nil for none.
    package var prefix: String?
    /// Where the arguments go.
    package var arguments: Arguments = .standard
    /// The tool recognised, for `--dry-run` (`xcodebuild test`, `simctl launch`); nil for none or `--prefix`.
    package var tool: String?

    /// The usual delivery: no prefix, the arguments by merge rule 14.
    package init(prefix: String? = nil, arguments: Arguments = .standard, tool: String? = nil) {
        self.prefix = prefix
        self.arguments = arguments
        self.tool = tool
    }

    /// The prefix for `xcodebuild`'s test runner.
    package static let testRunnerPrefix = "TEST_RUNNER_"
    /// The prefix for the app `simctl` launches.
    package static let simulatorPrefix = "SIMCTL_CHILD_"

    /// The error for a `--prefix` value that cannot start a variable name (`TEST-RUNNER_`), nil when it can.
    package static func prefixProblem(_ prefix: Located<String>) -> Diagnostic? {
        guard !Names.isShellIdentifier(prefix.value) else { return nil }
        return .error(
            "`\(prefix.value)` cannot start a variable name: `--prefix` takes letters, digits and `_`, not starting "
                + "with a digit (`TEST_RUNNER_`, `SIMCTL_CHILD_`)",
            at: prefix.location, length: prefix.length,
            suggestion: NearMiss.suggestion(
                for: prefix.value.uppercased(), in: [testRunnerPrefix, simulatorPrefix]))
    }

    /// The delivery `command` needs (`.init()` for a command that is none of the tools above).
    package static func detect(_ command: [String]) -> Delivery {
        guard let first = command.first else { return Delivery() }
        var index = 0
        if basename(first) == "xcrun" {
            index = 1
            // xcrun's own options: `-sdk <sdk>`, `--toolchain <name>`, `-v`, `--log`, `--no-cache`…
            while index < command.count, command[index].hasPrefix("-") {
                let option = command[index]
                let takesValue = ["-sdk", "--sdk", "-toolchain", "--toolchain"].contains(option)
                index += takesValue ? 2 : 1
            }
            guard index < command.count else { return Delivery() }
        }
        switch basename(command[index]) {
        case "xcodebuild":
            guard let action = xcodebuildTestAction(command[(index + 1)...]) else { return Delivery() }
            return Delivery(prefix: testRunnerPrefix, arguments: .payloadOnly, tool: "xcodebuild \(action)")
        case "simctl":
            return simctl(command, after: index)
        default:
            return Delivery()
        }
    }

    /// `test` or `test-without-building` when `words` (xcodebuild's arguments) hold one as an action: a word that is
    /// not the value of an option (`-scheme test` names a scheme).
    static func xcodebuildTestAction(_ words: ArraySlice<String>) -> String? {
        // xcodebuild's options that take no value; every other `-option` takes the next word.
        let flags: Set<String> = [
            "-quiet", "-verbose", "-json", "-list", "-showsdks", "-showBuildSettings", "-showdestinations",
            "-showTestPlans", "-allowProvisioningUpdates", "-allowProvisioningDeviceRegistration",
            "-skipUnavailableActions", "-hideShellScriptEnvironment", "-dry-run", "-n", "-version", "-usage", "-help",
            "-enableCodeCoverage", "-skipPackagePluginValidation", "-skipMacroValidation",
        ]
        var previous: String?
        for word in words {
            if word == "test" || word == "test-without-building" {
                if let previous, previous.hasPrefix("-"), !flags.contains(previous), !previous.contains("=") {
                    // The value of an option.
                } else {
                    return word
                }
            }
            previous = word
        }
        return nil
    }

    /// `simctl launch` / `simctl spawn`, the word `simctl` at `index` of `command`.
    static func simctl(_ command: [String], after index: Int) -> Delivery {
        var position = index + 1
        // simctl's own options before the subcommand: `--set <path>`, `--profiles <path>`, `--noxpc`.
        while position < command.count, command[position].hasPrefix("-") {
            position += ["--set", "--profiles"].contains(command[position]) ? 2 : 1
        }
        guard position < command.count else { return Delivery() }
        let subcommand = command[position]
        guard subcommand == "launch" || subcommand == "spawn" else { return Delivery() }
        position += 1
        // The subcommand's options: `launch` writes every value with `=` (`--stdout=<path>`); `spawn` has
        // `-a <arch>`.
        while position < command.count, command[position].hasPrefix("-") {
            position += subcommand == "spawn" && command[position] == "-a" ? 2 : 1
        }
        // Then the device and the bundle id (or the executable's path); the app's arguments follow.
        let end = position + 2
        let tool = "simctl \(subcommand)"
        guard end <= command.count else {
            return Delivery(prefix: simulatorPrefix, arguments: .payloadOnly, tool: tool)
        }
        return Delivery(prefix: simulatorPrefix, arguments: .at(end), tool: tool)
    }

    private static func basename(_ path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return path[...] }
        return path[path.index(after: slash)...]
    }
}

import ProfileModel
import ProfileRuntime

/// How the profile reaches the program further down when the command is a tool that launches it with an environment
/// or an argv of its own: `xcodebuild test` hands its test runner only the variables prefixed `TEST_RUNNER_` (prefix
/// stripped), `xcrun simctl launch` and `simctl spawn` hand the simulator app only those prefixed `SIMCTL_CHILD_`
/// (Apple's man pages for `xcodebuild` and `simctl`), `xcrun devicectl device process launch` hands the app on a
/// physical device those prefixed `DEVICECTL_CHILD_` (its `--help`); SwiftPM's `swift test` and `swift build` take no
/// arguments for the program they run.
///
/// - `xcodebuild test` (or `test-without-building`, also as `xcrun xcodebuild …`): every variable the profile sets
///   and `PROFILE_PAYLOAD` are also set as `TEST_RUNNER_NAME`; the profile's arguments are not appended to
///   `xcodebuild`'s argv (it would refuse them): they travel in the payload, and the runner hands them on to the app
///   (`ActiveProfile.current.launchConfiguration`).
/// - `xcrun simctl launch [options] <device> <bundle id> [args]`: the variables also as `SIMCTL_CHILD_NAME`, and the
///   profile's arguments right after the bundle id, where simctl passes them to the app; `simctl spawn [options]
///   <device> <path> [args]` likewise after the path.
/// - `xcrun devicectl [options] device process launch [options] <bundle id | app path> [args]`: the variables also as
///   `DEVICECTL_CHILD_NAME` (a name the command's own `--environment-variables` JSON also sets wins there, as
///   devicectl says), and the profile's arguments right after the bundle id behind a `--`, which devicectl needs
///   before an app argument starting with `-` (it would take `-UITests` for its own options): `… com.example.app --
///   -UITests`; after the command's own `--` when it has one there (or before the bundle id) already.
/// - `swift test` and `swift build` (also `swift package`, `swift-test`, `xcrun swift test`…): argv as typed, the
///   arguments in the payload (XCTest and Swift Testing take no launch arguments for the code under test; the runtime
///   reads them from the payload as if they were on argv); the environment reaches the test process as it is.
/// - `swift run [options] <executable> [args]`: the profile's arguments after the executable's arguments as typed
///   (before their own `--`: swift run passes every word after the executable on, `--` included); without an
///   executable named, in the payload only.
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
        /// Inserted at this index of the command behind a `--` inserted first (devicectl).
        case afterTerminator(Int)
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
    /// The prefix for the app `devicectl` launches on a physical device.
    package static let devicePrefix = "DEVICECTL_CHILD_"

    /// The prefixes ``detect(_:)`` gives, each with the program it reaches and the tools it is used for: the one list
    /// `run --help`'s `--prefix` text (and so the man page), the `--prefix` error and the docs' lists come from
    /// (`DeliveryTests` holds this list to ``detect(_:)`` and docs/cli to this list).
    package static let prefixes: [(prefix: String, reaches: String, tools: String)] = [
        (testRunnerPrefix, "xcodebuild's test runner", "`xcodebuild test`"),
        (simulatorPrefix, "the app simctl launches", "`xcrun simctl launch|spawn`"),
        (devicePrefix, "the app devicectl launches", "`xcrun devicectl device process launch`"),
    ]

    /// The tools ``detect(_:)`` knows that take no prefix: the profile's arguments go after the executable's
    /// (`swift run`) or in the payload only.
    package static let toolsWithoutPrefix = ["`swift run`", "`swift test`", "`swift build`"]

    /// The error for a `--prefix` value that cannot start a variable name (`TEST-RUNNER_`), nil when it can.
    package static func prefixProblem(_ prefix: Located<String>) -> Diagnostic? {
        guard !Names.isShellIdentifier(prefix.value) else { return nil }
        let known = prefixes.map(\.prefix)
        return .error(
            "`\(prefix.value)` cannot start a variable name: `--prefix` takes letters, digits and `_`, not starting "
                + "with a digit (\(known.map { "`\($0)`" }.joined(separator: ", ")))",
            at: prefix.location, length: prefix.length,
            suggestion: NearMiss.suggestion(for: prefix.value.uppercased(), in: known))
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
        case "devicectl":
            return devicectl(command, after: index)
        case "swift":
            return swift(command, subcommandAt: index + 1)
        case "swift-build", "swift-test", "swift-package":
            return Delivery(arguments: .payloadOnly, tool: "swift " + basename(command[index]).dropFirst(6))
        case "swift-run":
            return swiftRun(command, after: index)
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
        // simctl's own options before the subcommand: `--set <path>`, `--profiles <path>`, `--noxpc`.
        var position = skipOptions(command, from: index + 1, taking: ["--set", "--profiles"])
        guard position < command.count else { return Delivery() }
        let subcommand = command[position]
        guard subcommand == "launch" || subcommand == "spawn" else { return Delivery() }
        // The subcommand's options: `launch` writes every value with `=` (`--stdout=<path>`); `spawn` has
        // `-a <arch>`.
        position = skipOptions(command, from: position + 1, taking: subcommand == "spawn" ? ["-a"] : [])
        // Then the device and the bundle id (or the executable's path); the app's arguments follow.
        let end = position + 2
        let tool = "simctl \(subcommand)"
        guard end <= command.count else {
            return Delivery(prefix: simulatorPrefix, arguments: .payloadOnly, tool: tool)
        }
        return Delivery(prefix: simulatorPrefix, arguments: .at(end), tool: tool)
    }

    /// `xcrun devicectl [options] device process launch [options] <bundle id | app path> [args]`, the word
    /// `devicectl` at `index` of `command`.
    static func devicectl(_ command: [String], after index: Int) -> Delivery {
        // devicectl's own options (`devicectl --help`): these take a value; the others (`--verbose`, `-q`…) none.
        let global: Set<String> = ["-t", "--timeout", "-j", "--json-output", "-l", "--log-output"]
        var position = skipOptions(command, from: index + 1, taking: global)
        guard command.dropFirst(position).prefix(3).elementsEqual(["device", "process", "launch"]) else {
            return Delivery()
        }
        // `device process launch --help`: the device, the variables (JSON), the payload URL and the same output
        // options take a value; `--terminate-existing`, `--console`, `--start-stopped`, `--activate`… none.
        let launch = global.union(["-d", "--device", "-e", "--environment-variables", "--payload-url"])
        position = skipOptions(command, from: position + 3, taking: launch)
        let tool = "devicectl device process launch"
        var terminated = false
        if position < command.count, command[position] == "--" {
            terminated = true
            position += 1
        }
        // The bundle id (or the app's path); the app's arguments follow.
        guard position < command.count else {
            return Delivery(prefix: devicePrefix, arguments: .payloadOnly, tool: tool)
        }
        let next = position + 1
        if terminated { return Delivery(prefix: devicePrefix, arguments: .at(next), tool: tool) }
        if next < command.count, command[next] == "--" {
            return Delivery(prefix: devicePrefix, arguments: .at(next + 1), tool: tool)
        }
        return Delivery(prefix: devicePrefix, arguments: .afterTerminator(next), tool: tool)
    }

    /// `swift <subcommand> …` with the subcommand at `index` of `command`: `build`, `test` and `package` take the
    /// profile in the environment only, `run` after the executable's arguments; anything else (`swift script.swift
    /// args`, the REPL) by the usual rule.
    static func swift(_ command: [String], subcommandAt index: Int) -> Delivery {
        guard index < command.count else { return Delivery() }
        switch command[index] {
        case "build", "test", "package": return Delivery(arguments: .payloadOnly, tool: "swift \(command[index])")
        case "run": return swiftRun(command, after: index)
        default: return Delivery()
        }
    }

    /// `swift run [options] <executable> [args]`, the word `run` (or `swift-run`) at `index` of `command`: the
    /// profile's arguments after the executable's arguments, before their own `--`; in the payload only when no
    /// executable is named (`swift run` of the package's one executable) or when the run is not of an executable
    /// (`--repl`).
    static func swiftRun(_ command: [String], after index: Int) -> Delivery {
        // `swift run --help`: the options that take a value.
        let valued: Set<String> = [
            "--package-path", "--cache-path", "--config-path", "--security-path", "--scratch-path", "--build-path",
            "--swift-sdks-path", "--toolset", "--pkg-config-path", "--manifest-cache", "--netrc-file",
            "--resolver-fingerprint-checking", "--resolver-signing-entity-checking", "--default-registry-url", "-c",
            "--configuration", "-Xcc", "-Xswiftc", "-Xlinker", "-Xcxx", "--triple", "--sdk", "--toolchain",
            "--swift-sdk", "--sanitize", "-j", "--jobs", "--explicit-target-dependency-import-check",
            "--build-system", "-debug-info-format", "--traits",
        ]
        var position = skipOptions(command, from: index + 1, taking: valued)
        if position < command.count, command[position] == "--" { position += 1 }
        let tool = "swift run"
        guard position < command.count, !command[(index + 1)..<position].contains("--repl") else {
            return Delivery(arguments: .payloadOnly, tool: tool)
        }
        let end = command[(position + 1)...].firstIndex(of: "--") ?? command.count
        return Delivery(arguments: .at(end), tool: tool)
    }

    /// The index of the first word from `start` on that is not an option (`-x`, `--name`, `--name=value`, and the
    /// value after an option of `valued`); a `--` stops there.
    private static func skipOptions(_ command: [String], from start: Int, taking valued: Set<String>) -> Int {
        var position = start
        while position < command.count, command[position].hasPrefix("-"), command[position] != "--" {
            position += valued.contains(command[position]) ? 2 : 1
        }
        return min(position, command.count)
    }

    private static func basename(_ path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return path[...] }
        return path[path.index(after: slash)...]
    }
}

import ArgumentParser
import ProfileModel
import ProfilePlatform
import ProfileResolution
import ProfileRuntime

extension ProfileCommand {
    /// `profile run NAME... [overrides] [--no-arguments] [--dry-run [--json] [--reveal]] [--each [--keep-going]]
    /// -- CMD ARGS...`
    struct Run: ParsableCommand {
        static let configuration = Grammar.run.configuration(
            discussion: """
                The command receives its arguments as typed followed by the profile's `arguments` (before the \
                command's own `--`), and the profile's environment. Flags, mocks, values and the arguments travel in \
                $\(WireFormat.environmentVariable) for the runtime library, which reads the arguments as if they were \
                on the app's argv: with --no-arguments (or `appendArguments: false` in the profile) argv stays as \
                typed and an app under a tool in between still reads them. Several profiles apply in the order given \
                (later wins); inside `profile shell` they apply on top of its profile. --each runs the command once \
                per profile instead (fork and wait, not exec), prints a summary table, and exits with the first \
                failed run's status (128 + N for signal N). Nothing is launched when any profile has an error.

                Examples:
                  profile run uitest -- .build/debug/countries
                      The example app with the shared uitest profile.
                  profile run uitest --value pageSize=3 --disable skipOnboarding -- ./app
                      One run's overrides: no file is edited.
                  profile run --each uitest offline -- swift test
                      The test suite once per profile, then a summary table.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @OptionGroup var overrides: OverrideOptions
        @Flag(name: Grammar.runNoArguments.names, help: Grammar.runNoArguments.help) var noArguments = false
        @Option(name: Grammar.prefix.names, help: Grammar.prefix.help) var prefix: String?
        @Flag(name: Grammar.runDryRun.names, help: Grammar.runDryRun.help) var dryRun = false
        @Flag(name: Grammar.runJSON.names, help: Grammar.runJSON.help) var json = false
        @Flag(name: Grammar.runReveal.names, help: Grammar.runReveal.help) var reveal = false
        @Flag(name: Grammar.runEach.names, help: Grammar.runEach.help) var each = false
        @Flag(name: Grammar.runKeepGoing.names, help: Grammar.runKeepGoing.help) var keepGoing = false
        @Flag(name: Grammar.runRedact.names, help: Grammar.runRedact.help) var redact = false
        @Flag(name: Grammar.runWatch.names, help: Grammar.runWatch.help) var watch = false
        @Option(name: Grammar.runGrace.names, help: Grammar.runGrace.help) var grace: String?

        @Argument(help: Grammar.profiles.help) var profiles: [String] = []

        /// The options of `run` that are not overrides, as given (each with the place of its name).
        struct Modes {
            var noArguments: Located<String>?
            /// `--prefix P`: its value.
            var prefix: Located<String>?
            var dryRun: Located<String>?
            var json: Located<String>?
            var reveal: Located<String>?
            var each: Located<String>?
            var keepGoing: Located<String>?
            var redact: Located<String>?
            var watch: Located<String>?
            /// `--grace S`: its name and its value.
            var graceName: Located<String>?
            var grace: Located<String>?

            init(_ invocation: Invocation) {
                // By the names of the grammar's own options (reading `run` built them).
                for given in invocation.options where given.option.override == nil {
                    switch given.option.name {
                    case Grammar.runNoArguments.name: noArguments = given.name
                    case Grammar.prefix.name: prefix = given.value
                    case Grammar.runDryRun.name: dryRun = given.name
                    case Grammar.runJSON.name: json = given.name
                    case Grammar.runReveal.name: reveal = given.name
                    case Grammar.runEach.name: each = given.name
                    case Grammar.runKeepGoing.name: keepGoing = given.name
                    case Grammar.runRedact.name: redact = given.name
                    case Grammar.runWatch.name: watch = given.name
                    case Grammar.runGrace.name:
                        graceName = given.name
                        grace = given.value
                    default: break
                    }
                }
            }

            /// The usage errors of these options together, added to the invocation's: an option that needs another
            /// one, and the invocation's "missing" errors said in their terms (`--each` with no profile, `--dry-run`
            /// with no command).
            func problems(_ invocation: Invocation) -> [Diagnostic] {
                var problems = invocation.problems
                func needs(_ option: Located<String>?, _ other: String) {
                    guard let option else { return }
                    problems.append(
                        .error(
                            "`\(option.value)` only applies with `\(other)`", at: option.location,
                            length: option.length))
                }
                if dryRun == nil {
                    needs(json, Grammar.runDryRun.name)
                    needs(reveal, Grammar.runDryRun.name)
                }
                if each == nil { needs(keepGoing, Grammar.runEach.name) }
                if watch == nil && redact == nil {
                    needs(graceName, "\(Grammar.runWatch.name)` or `\(Grammar.runRedact.name)")
                }
                if let grace, ProfileCommand.Run.seconds(grace.value) == nil {
                    problems.append(
                        .error(
                            "`--grace` needs a number of seconds (`10`, `0.5`), not `\(grace.value)`",
                            at: grace.location, length: grace.length))
                }
                // The modes that keep `profile` as the parent launch one child at a time and show no plan.
                for mode in [redact, watch].compactMap({ $0 }) {
                    if let each {
                        problems.append(
                            .error(
                                "`\(mode.value)` cannot be combined with `--each`: run each profile with "
                                    + "`profile run <profile> \(mode.value) -- <command>`",
                                at: mode.location, length: mode.length,
                                notes: [.note("`--each` given here", at: each.location, length: each.length)]))
                    }
                    if let dryRun {
                        problems.append(
                            .error(
                                "`\(mode.value)` cannot be combined with `--dry-run`, which launches nothing",
                                at: mode.location, length: mode.length,
                                notes: [.note("`--dry-run` given here", at: dryRun.location, length: dryRun.length)]))
                    }
                }
                if let prefix, let problem = Delivery.prefixProblem(prefix) { problems.append(problem) }
                if let each, let index = invocation.missingPositional {
                    problems[index] = .error(
                        "`--each` needs the profiles to run the command with, one run each: "
                            + "`profile run --each <profile>... -- <command>`",
                        at: each.location, length: each.length)
                }
                if let dryRun, let index = invocation.missingCommand {
                    problems[index] = .error(
                        "`--dry-run` needs the command it would launch, after `--`: "
                            + "`profile run <profile>... --dry-run -- <command> [<argument>...]`",
                        at: dryRun.location, length: dryRun.length)
                }
                return problems
            }
        }

        /// Resolves the profiles, then replaces this process with the command. Only returns (by throwing) when
        /// nothing could be launched.
        static func execute(_ invocation: Invocation) throws(Exit) -> Never {
            // The launch path: no option but overrides (or none at all).
            let modes = invocation.options.isEmpty ? nil : Modes(invocation)
            let problems = modes?.problems(invocation) ?? invocation.problems
            // With profiles named, they are checked too: every problem of the run is reported at once (exit 64 when
            // the command line itself is wrong).
            let session = try Session(
                profilesDirectory: invocation.profilesDirectory, checking: invocation, problems: problems)
            if let modes, modes.each != nil {
                var runs = try session.resolveEach(invocation, problems: problems)
                try refuseRedactedEach(runs, session: session)
                for index in runs.indices {
                    if modes.noArguments != nil { runs[index].appendsArguments = false }
                    runs[index].delivery = delivery(invocation.wrapped, prefix: modes.prefix)
                }
                if modes.dryRun != nil {
                    try dryRun(runs, invocation: invocation, modes: modes, session: session, headers: true)
                }
                // Every run checked before the first starts, as for errors in the profiles.
                let tooLarge = runs.compactMap { run in
                    ArgumentSpace.current.problem(
                        run, command: invocation.wrapped, argv: run.argv(command: invocation.wrapped),
                        environment: run.childEnvironment)
                }
                if !tooLarge.isEmpty {
                    Terminal.report(tooLarge, environment: session.environment)
                    throw Exit(status: ExitStatus.cannotExecute)
                }
                try Matrix(runs: runs, command: invocation.wrapped, keepGoing: modes.keepGoing != nil, session: session)
                    .run()
            }
            var resolved = try session.resolve(invocation, purpose: .run, problems: problems, composing: true)
            resolved.delivery = delivery(invocation.wrapped, prefix: modes?.prefix)
            if let modes {
                if modes.noArguments != nil { resolved.appendsArguments = false }
                if modes.dryRun != nil {
                    try dryRun([resolved], invocation: invocation, modes: modes, session: session, headers: false)
                }
            }
            // `--redact`, or `redact: true` in the profile (one check on the launch path, nil unless a profile says so).
            let redact = modes?.redact != nil || resolved.redactOrigin != nil
            if let modes, modes.watch != nil {
                try runWatched(resolved, invocation: invocation, modes: modes, session: session, redact: redact)
            }
            if redact {
                let grace = modes?.grace.flatMap { seconds($0.value) } ?? .seconds(10)
                try runRedacted(resolved, command: invocation.wrapped, grace: grace, session: session)
            }
            let arguments = resolved.argv(command: invocation.wrapped)
            let environment = resolved.childEnvironment
            try refuseTooLarge(
                resolved, command: invocation.wrapped, argv: arguments, environment: environment, session: session)
            let failure = Launcher.exec(arguments: arguments, environment: environment)
            Terminal.report([.error(failure.message)], environment: session.environment)
            throw Exit(status: failure.exitStatus)
        }

        /// Refuses a launch whose argv and environment together exceed the system's `ARG_MAX` (``ArgumentSpace``):
        /// the message says what takes the room, nothing is launched, and the status is `env`'s for a command that
        /// cannot be executed (126), which `E2BIG` from `execve` would have given.
        static func refuseTooLarge(
            _ resolved: ResolvedProfile, command: [String], argv: [String], environment: EnvironmentTable,
            path: String? = nil, session: Session
        ) throws(Exit) {
            guard
                let problem = ArgumentSpace.current.problem(
                    resolved, command: command, argv: argv, environment: environment, path: path)
            else { return }
            Terminal.report([problem], environment: session.environment)
            throw Exit(status: ExitStatus.cannotExecute)
        }

        /// `--grace`'s value as a duration: a non-negative decimal number of seconds.
        static func seconds(_ text: String) -> Duration? {
            guard let value = Double(text), value >= 0, value.isFinite, value < 1e9 else { return nil }
            return .nanoseconds(Int64(value * 1e9))
        }

        /// How the profile reaches the program under `command`: the tool's rule (`xcodebuild test`, `xcrun simctl
        /// launch`), with the prefix `--prefix` names instead of the tool's when given.
        static func delivery(_ command: [String], prefix: Located<String>?) -> Delivery {
            var delivery = Delivery.detect(command)
            if let prefix { delivery.prefix = prefix.value }
            return delivery
        }
    }
}

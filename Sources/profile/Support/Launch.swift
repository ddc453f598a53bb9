import ProfileCore

/// `profile run`: resolve, then replace this process with the command.
enum Launch {
    /// Runs the request. Only returns (by throwing) when nothing could be launched.
    static func perform(_ request: RunRequest) throws(Exit) -> Never {
        var request = request
        if request.names.isEmpty {
            request.problems.append(.error("name at least one profile: `profile run <profile>... -- <command>`"))
        }
        if request.command.isEmpty {
            request.problems.append(
                .error("give the command to launch after `--`: `profile run <profile>... -- <command> [arguments...]`"))
        }
        let environment = EnvironmentTable.current()
        if request.names.isEmpty {
            Terminal.report(request.problems, environment: environment)
            throw Exit(status: ExitStatus.usage)
        }
        // With profiles named, they are checked too: every problem of the run is reported at once (exit 64 when the
        // command line itself is wrong).
        let session = try Session(profilesDirectory: request.profilesDirectory, environment: environment)
        let resolved = try session.resolve(request, purpose: .run)
        let failure = Launcher.exec(arguments: resolved.argv(command: request.command), environment: resolved.childEnvironment)
        Terminal.report([.error(failure.message)], environment: environment)
        throw Exit(status: failure.exitStatus)
    }
}

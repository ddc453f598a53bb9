import ProfileCore

/// `profile run`: resolve, then replace this process with the command.
enum Launch {
    /// Runs the request. Only returns (by throwing) when nothing could be launched.
    static func perform(_ request: RunRequest) throws(Exit) -> Never {
        var problems = request.problems
        if request.names.isEmpty {
            problems.append(.error("name at least one profile: `profile run <profile>... -- <command>`"))
        }
        if request.command.isEmpty {
            problems.append(.error("give the command to launch after `--`: `profile run <profile>... -- <command> [arguments...]`"))
        }
        let environment = EnvironmentTable.current()
        if !problems.isEmpty {
            Terminal.report(problems, environment: environment)
            throw Exit(status: ExitStatus.usage)
        }
        let session = try Session(profilesDirectory: request.profilesDirectory, environment: environment)
        let resolved = try session.resolve(request, purpose: .run)
        let failure = Launcher.exec(arguments: resolved.argv(command: request.command), environment: resolved.childEnvironment)
        Terminal.report([.error(failure.message)], environment: environment)
        throw Exit(status: failure.exitStatus)
    }
}

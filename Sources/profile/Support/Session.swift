import ProfileCore

/// What every command that reads profiles shares: the environment, the profiles directory, the repository and
/// the printing of diagnostics.
struct Session {
    let environment: EnvironmentTable
    let repository: ProfileRepository

    /// Locates the profiles directory, or prints why not and exits 66.
    init(profilesDirectory: String?, environment: EnvironmentTable = .current()) throws(Exit) {
        self.environment = environment
        do {
            let directory = try ProfileDirectory.locate(explicit: profilesDirectory, environment: environment)
            repository = ProfileRepository(directory: directory)
        } catch {
            Terminal.report([error], environment: environment)
            throw Exit(status: ExitStatus.noInput)
        }
    }

    /// For a command that names profiles: when it names none, prints the command line's problems and exits 64
    /// (there is nothing else to check); else locates the profiles directory, whose problems `resolve` then
    /// reports with the command line's.
    init(profilesDirectory: String?, checking invocation: Invocation) throws(Exit) {
        let environment = EnvironmentTable.current()
        if invocation.profiles.isEmpty {
            Terminal.report(invocation.problems, environment: environment)
            throw Exit(status: ExitStatus.usage)
        }
        try self.init(profilesDirectory: profilesDirectory, environment: environment)
    }

    /// Prints the diagnostics collected so far; exits 65 when any is an error.
    func finish(extra: [Diagnostic] = []) throws(Exit) {
        let diagnostics = extra + repository.diagnostics
        Terminal.report(diagnostics, environment: environment)
        if diagnostics.hasErrors { throw Exit(status: ExitStatus.dataError) }
    }

    /// Resolves the profiles an invocation names, with its overrides, printing every problem; exits 64 or 65 when
    /// anything is wrong. `problems` are the invocation's and any the command found in it.
    func resolve(
        _ invocation: Invocation, purpose: Resolver.Purpose, problems: [Diagnostic]? = nil
    ) throws(Exit) -> ResolvedProfile {
        let problems = problems ?? invocation.problems
        let resolver = Resolver(repository: repository)
        let resolved = resolver.resolve(
            invocation.profiles, overrides: invocation.overrides, environment: environment, purpose: purpose)
        // Every problem at once: the command line's and the profiles'. A bad command line is a usage error.
        if !problems.isEmpty {
            Terminal.report(problems + repository.diagnostics, environment: environment)
            throw Exit(status: ExitStatus.usage)
        }
        try finish()
        guard let resolved else { throw Exit(status: ExitStatus.dataError) }
        return resolved
    }
}

extension Invocation {
    /// For a command whose other problems cannot be checked with the command line's: prints the command line's
    /// problems and exits 64 when there are any.
    func requireValid(environment: EnvironmentTable = .current()) throws(Exit) {
        guard !problems.isEmpty else { return }
        Terminal.report(problems, environment: environment)
        throw Exit(status: ExitStatus.usage)
    }
}

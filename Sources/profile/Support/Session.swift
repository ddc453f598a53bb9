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

    /// Prints the diagnostics collected so far; exits 65 when any is an error.
    func finish(extra: [Diagnostic] = []) throws(Exit) {
        let diagnostics = extra + repository.diagnostics
        Terminal.report(diagnostics, environment: environment)
        if diagnostics.hasErrors { throw Exit(status: ExitStatus.dataError) }
    }

    /// Resolves a request for `run` or `show`, printing every problem; exits 64 or 65 when anything is wrong.
    func resolve(_ request: RunRequest, purpose: Resolver.Purpose) throws(Exit) -> ResolvedProfile {
        let resolver = Resolver(repository: repository)
        let resolved = resolver.resolve(
            request.names, overrides: request.overrides, environment: environment, purpose: purpose)
        // Every problem at once: the command line's and the profiles'. A bad command line is a usage error.
        if !request.problems.isEmpty {
            Terminal.report(request.problems + repository.diagnostics, environment: environment)
            throw Exit(status: ExitStatus.usage)
        }
        try finish()
        guard let resolved else { throw Exit(status: ExitStatus.dataError) }
        return resolved
    }
}

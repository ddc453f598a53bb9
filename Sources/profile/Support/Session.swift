import ProfileModel
import ProfilePlatform
import ProfileResolution

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
    /// `problems` are the invocation's and any the command found in it (default: the invocation's).
    init(profilesDirectory: String?, checking invocation: Invocation, problems: [Diagnostic]? = nil) throws(Exit) {
        let environment = EnvironmentTable.current()
        if invocation.profiles.isEmpty {
            Terminal.report(problems ?? invocation.problems, environment: environment)
            throw Exit(status: ExitStatus.usage)
        }
        try self.init(profilesDirectory: profilesDirectory, environment: environment)
    }

    /// Prints the diagnostics collected so far; exits 65 when any is an error, 66 when a file could not be read.
    func finish(extra: [Diagnostic] = []) throws(Exit) {
        let diagnostics = extra + repository.diagnostics
        Terminal.report(diagnostics, environment: environment)
        if diagnostics.hasErrors { throw Exit(status: Self.status(of: diagnostics)) }
    }

    /// The exit status for diagnostics holding errors: 66 (`EX_NOINPUT`) when an input file could not be read at all,
    /// else 65 (`EX_DATAERR`).
    static func status(of diagnostics: [Diagnostic]) -> Int32 {
        diagnostics.hasUnreadableInput ? ExitStatus.noInput : ExitStatus.dataError
    }

    /// Resolves the profiles an invocation names, with its overrides, printing every problem; exits 64 or 65 when
    /// anything is wrong (66 when a file could not be read). `problems` are the invocation's and any the command found
    /// in it.
    ///
    /// With `composing`, the profiles apply on top of the outer profile an enclosing `profile shell` or `profile run`
    /// applied (`PROFILE_PAYLOAD` in the invoking environment: `OuterProfile`): `run`, `shell` and `show` compose;
    /// `export` describes the profiles alone.
    func resolve(
        _ invocation: Invocation, purpose: Resolver.Purpose, problems: [Diagnostic]? = nil, composing: Bool = false
    ) throws(Exit) -> ResolvedProfile {
        let outer = composing ? outerProfile() : nil
        let resolver = Resolver(repository: repository)
        let resolved = resolver.resolve(
            invocation.profiles, overrides: invocation.overrides, environment: environment, purpose: purpose,
            outer: outer)
        try finish(problems ?? invocation.problems)
        guard let resolved else { throw Exit(status: ExitStatus.dataError) }
        return resolved
    }

    /// Resolves each profile the invocation names on its own, with the overrides (`run --each`), on top of the outer
    /// profile; every problem of every one is printed before anything is launched (each once).
    func resolveEach(_ invocation: Invocation, problems: [Diagnostic]) throws(Exit) -> [ResolvedProfile] {
        let outer = outerProfile()
        var results: [ResolvedProfile?] = []
        for name in invocation.profiles {
            let resolver = Resolver(repository: repository)
            results.append(
                resolver.resolve(
                    [name], overrides: invocation.overrides, environment: environment, purpose: .run, outer: outer))
        }
        try finish(problems)
        let resolved = results.compactMap { $0 }
        guard resolved.count == results.count else { throw Exit(status: ExitStatus.dataError) }
        return resolved
    }

    /// Resolves the two sides of a comparison (`diff`), each with its own overrides and on its own (no outer
    /// profile: like `export`, `diff` describes the profiles alone), for showing (abstract profiles allowed); every
    /// problem of both is printed, each once; exits 64 or 65 when anything is wrong.
    func resolve(
        _ sides: (left: Invocation.Side, right: Invocation.Side), problems: [Diagnostic]
    ) throws(Exit) -> (left: ResolvedProfile, right: ResolvedProfile) {
        let resolve = { (side: Invocation.Side) in
            Resolver(repository: repository).resolve(
                side.profiles, overrides: side.overrides, environment: environment, purpose: .inspect)
        }
        let left = resolve(sides.left)
        let right = resolve(sides.right)
        try finish(problems)
        guard let left, let right else { throw Exit(status: ExitStatus.dataError) }
        return (left, right)
    }

    /// The outer profile in the invoking environment, if any; a payload that cannot be read is reported with the
    /// profiles' problems (nothing is launched).
    private func outerProfile() -> OuterProfile? {
        guard OuterProfile.isPresent(in: environment) else { return nil }
        switch OuterProfile.read(from: environment) {
        case .success(let outer): return outer
        case .failure(let problem):
            repository.report(problem)
            return nil
        }
    }

    /// Every problem at once: the command line's and the profiles' (each once: `--each` resolves the overrides once
    /// per profile). A bad command line is a usage error (64), a bad profile a data error (65).
    private func finish(_ problems: [Diagnostic]) throws(Exit) {
        if problems.isEmpty && repository.diagnostics.isEmpty { return }
        var seen = Set<String>()
        let diagnostics = (problems + repository.diagnostics).filter { diagnostic in
            seen.insert(diagnostic.fullMessage + "@" + (diagnostic.location?.description ?? "")).inserted
        }
        Terminal.report(diagnostics, environment: environment)
        if !problems.isEmpty { throw Exit(status: ExitStatus.usage) }
        if diagnostics.hasErrors { throw Exit(status: Self.status(of: diagnostics)) }
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

import ProfilePlatform
import ProfileProcess
import ProfileResolution

extension ProfileCommand.Run {
    /// `run --watch`: the command as a child of `profile`, started again whenever a file the launch read changes (the
    /// profiles of the chain, their `.local` overlays, the catalog).
    ///
    /// - A change that resolves: the child is stopped (SIGTERM, SIGKILL after `--grace`, 10 s by default, as Doppler's
    ///   `run --watch`) and started with the new profile.
    /// - A change with errors: they are printed, located, and the child keeps running with the profile it has.
    /// - The child exits on its own: `profile` says so and waits for the next change, which starts it again (as
    ///   `watchexec` and `nodemon` do; a server that crashed comes back with the fix to its profile).
    /// - Ctrl-C (SIGINT), SIGTERM or SIGHUP: the child gets it (from the terminal, or passed on), `profile` waits for
    ///   it (SIGKILL after the grace period) and then ends by the same signal.
    static func runWatched(
        _ first: ResolvedProfile, invocation: Invocation, modes: Modes, session: Session, redact: Bool
    ) throws(Exit) -> Never {
        let grace = modes.grace.flatMap { seconds($0.value) } ?? .seconds(10)
        let invoking = session.environment
        let command = invocation.wrapped
        // One resolution, as `run` makes it: used again on every change.
        let resolve = { (session: Session) throws(Exit) -> ResolvedProfile in
            var resolved = try session.resolve(invocation, purpose: .run, composing: true)
            resolved.delivery = delivery(command, prefix: modes.prefix)
            if modes.noArguments != nil { resolved.appendsArguments = false }
            return resolved
        }
        let redactor = { (profile: ResolvedProfile) -> StreamRedactor? in
            guard redact else { return nil }
            let secrets = Redaction.outputSecrets(profile, invoking: invoking)
            warnUnmasked(secrets, environment: invoking)
            return secrets.redactor
        }
        typealias Launch = (path: String, arguments: [String], environment: EnvironmentTable)
        let launch = { (profile: ResolvedProfile) -> Result<Launch, Launcher.Failure> in
            let environment = profile.childEnvironment
            let arguments = profile.argv(command: command)
            return Launcher.lookup(arguments[0], environment: environment).map { ($0, arguments, environment) }
        }
        let firstLaunch: Launch
        switch launch(first) {
        case .failure(let failure):
            Terminal.report([.error(failure.message)], environment: invoking)
            throw Exit(status: failure.exitStatus)
        case .success(let found): firstLaunch = found
        }
        try refuseTooLarge(
            first, command: command, argv: firstLaunch.arguments, environment: firstLaunch.environment,
            path: firstLaunch.path, session: session)
        let files = session.repository.filesRead
        let firstRedactor = redactor(first)
        let directory = invocation.profilesDirectory
        // On the main thread, before anything starts a thread: the supervisor takes over the signals.
        let supervisor: Supervisor
        let watcher: FileWatcher
        do throws(Supervisor.Failure) {
            supervisor = try Supervisor(redactor: firstRedactor)
            watcher = try Supervisor.watcher(of: files)
        } catch {
            Terminal.report([.error(error.message)], environment: invoking)
            throw Exit(status: error.exitStatus)
        }
        var next: Launch? = nil
        var interruption: Int32?
        let start: (Launch) -> Void = { launch in
            if let failure = supervisor.start(
                launch.path, arguments: launch.arguments, environment: launch.environment)
            {
                Terminal.report([.error(failure.message)], environment: invoking)
            }
        }
        supervisor.onExit = { termination in
            if let interruption { supervisor.end(.signaled(interruption)) }
            if let launch = next {
                next = nil
                start(launch)
                return
            }
            let how: String
            switch termination {
            case .exited(let status): how = "exited with status \(status)"
            case .signaled(let signal): how = "was killed by \(SignalNumber.name(signal))"
            }
            Terminal.report(
                [.note("`\(command[0])` \(how); waiting for a change to its profiles (Ctrl-C to stop)")],
                environment: invoking)
        }
        supervisor.onSignal = { signal in
            guard
                signal == SignalNumber.interrupt || signal == SignalNumber.terminate
                    || signal == SignalNumber.hangup
            else { return }
            interruption = signal
            if supervisor.isRunning {
                supervisor.stop(grace: grace, sending: nil)
            } else {
                supervisor.end(.signaled(signal))
            }
        }
        supervisor.watch(watcher) { changed in
            guard interruption == nil else { return }
            let resolved: ResolvedProfile
            let session: Session
            do throws(Exit) {
                session = try Session(profilesDirectory: directory, environment: invoking)
                resolved = try resolve(session)
            } catch {
                Terminal.report(
                    [
                        .note(
                            "\(changed.joined(separator: ", ")) changed and has errors: the running command keeps its profile"
                        )
                    ],
                    environment: invoking)
                return
            }
            watcher.watch(session.repository.filesRead)
            let found: Launch
            switch launch(resolved) {
            case .failure(let failure):
                Terminal.report([.error(failure.message)], environment: invoking)
                return
            case .success(let launch): found = launch
            }
            // Too large for `execve`: said, and the running command keeps its profile.
            if let problem = ArgumentSpace.current.problem(
                resolved, command: command, argv: found.arguments, environment: found.environment, path: found.path)
            {
                Terminal.report([problem], environment: invoking)
                return
            }
            supervisor.redactor = redactor(resolved)
            Terminal.report(
                [.note("\(changed.joined(separator: ", ")) changed: restarting `\(command[0])`")],
                environment: invoking)
            if supervisor.isRunning {
                next = found
                supervisor.stop(grace: grace)
            } else {
                start(found)
            }
        }
        // The first launch fails closed: nothing runs, `profile` ends with the failure's status. A restart that fails
        // is reported and waits for the next change.
        if let failure = supervisor.start(
            firstLaunch.path, arguments: firstLaunch.arguments, environment: firstLaunch.environment)
        {
            Terminal.report([.error(failure.message)], environment: invoking)
            supervisor.end(.exited(failure.exitStatus))
        }
        Supervisor.serve(supervisor)
    }
}

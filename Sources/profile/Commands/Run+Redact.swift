import ProfilePlatform
import ProfileProcess
import ProfileResolution

extension ProfileCommand.Run {
    /// `run --redact` (or a profile with `redact: true`): the command as a child of `profile`, its standard output
    /// and error with the profile's secret values masked (`Supervisor`); `profile` ends as the child did (its exit
    /// status, or death by the same signal). SIGINT, SIGTERM or SIGHUP sent to `profile` go to the command's process
    /// group, and SIGKILL after `grace` if it still runs; `profile` then ends by the signal it received.
    static func runRedacted(
        _ resolved: ResolvedProfile, command: [String], grace: Duration, session: Session
    ) throws(Exit) -> Never {
        let secrets = Redaction.outputSecrets(resolved, invoking: session.environment)
        warnUnmasked(secrets, environment: session.environment)
        let environment = resolved.childEnvironment
        let arguments = resolved.argv(command: command)
        let path: String
        switch Launcher.lookup(arguments[0], environment: environment) {
        case .failure(let failure):
            Terminal.report([.error(failure.message)], environment: session.environment)
            throw Exit(status: failure.exitStatus)
        case .success(let found): path = found
        }
        try refuseTooLarge(
            resolved, command: command, argv: arguments, environment: environment, path: path, session: session)
        let invoking = session.environment
        let redactor = secrets.redactor
        // On the main thread, before anything starts a thread: the supervisor takes over the signals. Refused,
        // launching nothing, when the system gives it no descriptor.
        let supervisor: Supervisor
        do throws(Supervisor.Failure) {
            supervisor = try Supervisor(redactor: redactor)
        } catch {
            Terminal.report([.error(error.message)], environment: invoking)
            throw Exit(status: error.exitStatus)
        }
        var interruption: Int32?
        supervisor.onExit = { termination in
            // Killed at the end of the grace period: `profile` ends by the signal that asked for the stop.
            if let interruption, termination == .signaled(SignalNumber.kill) { supervisor.end(.signaled(interruption)) }
            supervisor.end(termination)
        }
        supervisor.onSignal = { signal in
            guard Supervisor.ending.contains(signal), interruption == nil else { return }
            interruption = signal
            supervisor.stop(grace: grace, sending: nil)
        }
        if let failure = supervisor.start(path, arguments: arguments, environment: environment) {
            Terminal.report([.error(failure.message)], environment: invoking)
            supervisor.end(.exited(failure.exitStatus))
        }
        Supervisor.serve(supervisor)
    }

    /// `run --each` with a profile that asks for `redact: true`: refused (each run is a plain child of `profile`, its
    /// output is not filtered), rather than printing what the profile asks to hide.
    static func refuseRedactedEach(_ runs: [ResolvedProfile], session: Session) throws(Exit) {
        let asking = runs.compactMap(\.redactOrigin)
        guard !asking.isEmpty else { return }
        Terminal.report(
            asking.map {
                .error(
                    "this profile asks for `redact: true`, which `--each` cannot do: run it alone with "
                        + "`profile run <profile> -- <command>`", at: $0, length: "redact".count)
            }, environment: session.environment)
        throw Exit(status: ExitStatus.usage)
    }

    /// Warns about the secrets too short to be masked (`Redaction.minimumMaskedLength`), naming them, never their
    /// values.
    static func warnUnmasked(_ secrets: Redaction.OutputSecrets, environment: EnvironmentTable) {
        guard !secrets.tooShort.isEmpty else { return }
        let names = secrets.tooShort.map { "`\($0)`" }.joined(separator: ", ")
        Terminal.report(
            [
                .warning(
                    "not masked in the output, shorter than \(Redaction.minimumMaskedLength) bytes: \(names)")
            ], environment: environment)
    }
}

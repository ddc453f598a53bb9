import ProfilePlatform
import ProfileProcess
import ProfileResolution

extension ProfileCommand.Run {
    /// `run --each`: the command once per profile, in order, each a child of `profile` (not exec) that keeps the
    /// terminal; a header line on standard error before each run and a summary table at the end.
    ///
    /// - Stops at the first failed run unless `keepGoing`; always stops once a run died of SIGINT or SIGTERM or
    ///   `profile` received one (forwarded to the running child), like `make`.
    /// - Exits 0 when every run succeeded; else with the first failed run's status (128 + N for signal N; 127 / 126
    ///   when the command was not found / could not be executed). When `profile` itself was interrupted, it ends by
    ///   the same signal after the table, so that a calling script stops too.
    struct Matrix {
        let runs: [ResolvedProfile]
        let command: [String]
        let keepGoing: Bool
        let session: Session

        enum Result {
            case notRun
            case launchFailed(Launcher.Failure)
            case ended(Termination)

            var failed: Bool {
                switch self {
                case .notRun: return false
                case .launchFailed: return true
                case .ended(let termination): return !termination.succeeded
                }
            }

            var exitStatus: Int32 {
                switch self {
                case .notRun: return ExitStatus.success
                case .launchFailed(let failure): return failure.exitStatus
                case .ended(let termination): return termination.exitStatus
                }
            }
        }

        func run() throws(Exit) -> Never {
            let bold = Terminal.colorsOnStandardError(environment: session.environment)
            var results = [Result](repeating: .notRun, count: runs.count)
            var times = [Duration?](repeating: nil, count: runs.count)
            let children = ChildProcess()
            var stopSignal: Int32?
            for (index, profile) in runs.enumerated() {
                children.notePendingInterruption()
                if children.interruption != nil { break }
                let name = profile.allNames.joined(separator: "+")
                let header = "==> \(name) (\(index + 1) of \(runs.count))"
                Terminal.error((bold ? "\u{1B}[1m\(header)\u{1B}[0m" : header) + "\n")
                let environment = profile.childEnvironment
                let arguments = profile.argv(command: command)
                let clock = ContinuousClock()
                let start = clock.now
                switch Launcher.lookup(arguments[0], environment: environment) {
                case .failure(let failure):
                    results[index] = .launchFailed(failure)
                case .success(let path):
                    switch children.run(path, arguments: arguments, environment: environment) {
                    case .failure(let failure): results[index] = .launchFailed(failure)
                    case .success(let termination): results[index] = .ended(termination)
                    }
                }
                times[index] = clock.now - start
                if case .launchFailed(let failure) = results[index] {
                    Terminal.report([.error(failure.message)], environment: session.environment)
                }
                if case .ended(.signaled(let signal)) = results[index],
                    signal == SignalNumber.interrupt || signal == SignalNumber.terminate
                {
                    stopSignal = signal
                }
                if children.interruption != nil || stopSignal != nil { break }
                if results[index].failed && !keepGoing { break }
            }
            Terminal.error(table(results, times))
            // Interrupted: end by that signal, so that a calling script stops too (the table is printed: signals
            // are still held).
            children.notePendingInterruption()
            if let signal = children.interruption { ChildProcess.die(of: signal) }
            children.release()
            let status = results.first(where: \.failed)?.exitStatus ?? ExitStatus.success
            throw Exit(status: status)
        }

        /// ```
        /// profile  result              time
        /// uitest   ok                  1.52s
        /// offline  exit 3              0.40s
        /// demo     not run
        /// ```
        func table(_ results: [Result], _ times: [Duration?]) -> String {
            var rows: [(String, String, String)] = [("profile", "result", "time")]
            for (index, profile) in runs.enumerated() {
                rows.append(
                    (
                        profile.allNames.joined(separator: "+"), Self.describe(results[index]),
                        times[index].map(Self.seconds) ?? ""
                    ))
            }
            let first = rows.map { $0.0.unicodeScalars.count }.max() ?? 0
            let second = rows.map { $0.1.unicodeScalars.count }.max() ?? 0
            var out = "\n"
            for row in rows {
                var line = row.0 + String(repeating: " ", count: first - row.0.unicodeScalars.count + 2) + row.1
                if !row.2.isEmpty {
                    line += String(repeating: " ", count: second - row.1.unicodeScalars.count + 2) + row.2
                }
                out += line + "\n"
            }
            let failed = results.filter(\.failed).count
            let notRun = results.filter { if case .notRun = $0 { true } else { false } }.count
            var summary = failed == 0 ? "every run succeeded" : "\(failed) of \(runs.count) runs failed"
            if notRun > 0 { summary += ", \(notRun) not run" }
            return out + summary + "\n"
        }

        static func describe(_ result: Result) -> String {
            switch result {
            case .notRun: return "not run"
            case .launchFailed(let failure):
                return failure.exitStatus == ExitStatus.notFound
                    ? "not found (\(failure.exitStatus))" : "cannot execute (\(failure.exitStatus))"
            case .ended(.exited(0)): return "ok"
            case .ended(.exited(let status)): return "exit \(status)"
            case .ended(.signaled(let signal)): return "killed by \(SignalNumber.name(signal))"
            }
        }

        /// `1.52s`, `0.04s`, `75.30s`.
        static func seconds(_ duration: Duration) -> String {
            let (whole, attoseconds) = duration.components
            let hundredths = (attoseconds / 10_000_000_000_000_000 + 0) + whole * 100
            let rounded = max(0, hundredths)
            let fraction = rounded % 100
            return "\(rounded / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
        }
    }
}

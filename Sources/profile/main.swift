import ProfilePlatform
import ProfileProcess

// Every command line is read by `CommandLineReader` (from `Grammar`), then executed by its command: quickly, with
// no swift-argument-parser on the way (its setup costs more than the rest of a launch). swift-argument-parser only
// prints help, the version and `--experimental-dump-help`. Completion queries (on every TAB press) have their own
// tiny protocol.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "__complete" {
    ProcessExit.now(CompletionQuery.answer(arguments[1...]))
}
// The child of `run --redact` in a terminal, between `profile` and the command (`TerminalSession`).
if arguments.first == TerminalSession.command {
    let failure = TerminalSession.serve(arguments[1...])
    Terminal.report([.error(failure.message)], environment: .current())
    ProcessExit.now(failure.exitStatus)
}
switch CommandLineReader.read(arguments) {
case .help(let arguments):
    ProfileCommand.main(arguments)
case .problems(let problems):
    Terminal.report(problems, environment: .current())
    ProcessExit.now(ExitStatus.usage)
case .invocation(let invocation):
    do throws(Exit) {
        switch invocation.command.name {
        case .run: try ProfileCommand.Run.execute(invocation)
        case .shell: try ProfileCommand.Shell.execute(invocation)
        case .list: try ProfileCommand.List.execute(invocation)
        case .show: try ProfileCommand.Show.execute(invocation)
        case .diff: try ProfileCommand.Diff.execute(invocation)
        case .lint:
            ProcessExit.afterTask {
                do throws(Exit) {
                    try await ProfileCommand.Lint.execute(invocation)
                } catch {
                    return error.status
                }
            }
        case .export: try ProfileCommand.Export.execute(invocation)
        case .`import`: try ProfileCommand.Import.execute(invocation)
        case .generate: try ProfileCommand.Generate.execute(invocation)
        case .`init`: try ProfileCommand.Init.execute(invocation)
        case .redact: try ProfileCommand.Redact.execute(invocation)
        case .completion: try ProfileCommand.Completion.execute(invocation)
        }
        ProcessExit.now(ExitStatus.success)
    } catch {
        ProcessExit.now(error.status)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProfileCore

// The launch path is parsed by hand: swift-argument-parser's setup costs more than the rest of a launch. Anything
// the hand parser does not handle (help, unknown options) goes to swift-argument-parser for the real message.
let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "run" {
    let source = CommandLineSource(arguments: Array(arguments.dropFirst()))
    if let request = OverrideSyntax.parseRun(arguments[2...], source: source, firstIndex: 1) {
        do {
            try Launch.perform(request)
        } catch {
            exit(error.status)
        }
    }
}
// `lint` over a large directory: the same command as `ProfileCommand.Lint` for the forms parsed here (anything else
// goes to swift-argument-parser), ending with `exit` while every loaded profile is still alive, so that thousands of
// definitions are not freed one by one just before the process ends.
if arguments.count > 1, arguments[1] == "lint", let options = LintOptions.parse(arguments[2...]) {
    options.run()
}
// Completion queries run on every TAB press: answered by hand too.
if arguments.count > 1, arguments[1] == "__complete" {
    exit(CompletionQuery.answer(arguments[2...]))
}
ProfileCommand.main()

// `profile-probe --hand-on APP [ARGS...]`: a stand-in UI test runner. It does what a UI test does with the three
// lines of the README:
//
//     let configuration = ActiveProfile.current.launchConfiguration
//     app.launchArguments = configuration.launchArguments
//     app.launchEnvironment = configuration.launchEnvironment
//
// and launches APP (exec) with ARGS and those arguments, and with only that environment (plus HOME), as
// `XCUIApplication.launch()` gives the app under test its launch environment and not the runner's.
import ProfileRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func handOn(app: String, arguments: [String]) -> Never {
    let configuration = ActiveProfile.current.launchConfiguration
    var environment = configuration.launchEnvironment
    if let home = getenv("HOME") { environment["HOME"] = String(cString: home) }
    let argv = [app] + arguments + configuration.launchArguments
    let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = envp.map { strdup($0) } + [nil]
    execve(app, cArguments, cEnvironment)
    perror("profile-probe --hand-on: \(app)")
    exit(126)
}

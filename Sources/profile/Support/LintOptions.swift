import ProfileCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `profile lint [--profiles-dir DIR] [--format text|json|github] [--strict]`, each option at most once.
struct LintOptions {
    var profilesDirectory: String?
    var format = "text"
    var strict = false

    static func parse(_ arguments: ArraySlice<String>) -> LintOptions? {
        var options = LintOptions()
        var seen = Set<String>()
        var index = arguments.startIndex
        func value(_ name: String, _ argument: String) -> String? {
            if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
            index += 1
            return index < arguments.endIndex ? arguments[index] : nil
        }
        while index < arguments.endIndex {
            let argument = arguments[index]
            let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            guard seen.insert(name).inserted else { return nil }
            switch name {
            case "--strict" where argument == name:
                options.strict = true
            case "--format":
                guard let format = value(name, argument), ["text", "json", "github"].contains(format) else { return nil }
                options.format = format
            case "--profiles-dir":
                guard let directory = value(name, argument), !directory.isEmpty, !directory.hasPrefix("-") else { return nil }
                options.profilesDirectory = directory
            default:
                return nil
            }
            index += 1
        }
        return options
    }

    /// What `ProfileCommand.Lint.run` does, then exits (with every loaded profile still alive).
    func run() -> Never {
        do {
            let session = try Session(profilesDirectory: profilesDirectory)
            let diagnostics = Linter(repository: session.repository).run()
            switch format {
            case "json": Terminal.out(DiagnosticFormats.json(diagnostics))
            case "github": Terminal.out(DiagnosticFormats.github(diagnostics))
            default:
                Terminal.report(diagnostics, environment: session.environment)
                if diagnostics.isEmpty {
                    Terminal.error("\(session.repository.directory.names.count) profiles checked, no problems.\n")
                }
            }
            let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
            exit(failing ? ExitStatus.findings : ExitStatus.success)
        } catch {
            exit(error.status)
        }
    }
}

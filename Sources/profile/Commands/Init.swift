import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile init`
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create profiles/ with a commented example, an abstract base and a catalog; git-ignore overlays.",
            discussion: "Refuses to overwrite any existing file."
        )

        @Option(help: ArgumentHelp("Where to create profiles/ (default: the working directory).", valueName: "dir"),
                completion: .directory)
        var directory: String = "."

        func run() throws {
            let environment = EnvironmentTable.current()
            let existing = Scaffold.files.map { FileSystem.join(directory, $0.path) }.filter(FileSystem.exists)
            if !existing.isEmpty {
                Terminal.report(
                    existing.map { .error("`\($0)` already exists; `profile init` never overwrites a file") },
                    environment: environment)
                throw ExitCode(ExitStatus.cannotCreate)
            }
            do {
                try FileSystem.makeDirectory(FileSystem.join(directory, ProfileDirectory.directoryName))
                for (path, text) in Scaffold.files {
                    try FileSystem.write(Array(text.utf8), to: FileSystem.join(directory, path), exclusive: true)
                    Terminal.out("created \(FileSystem.join(directory, path))\n")
                }
                let gitignorePath = FileSystem.join(directory, ".gitignore")
                let current = FileSystem.exists(gitignorePath)
                    ? String(decoding: try FileSystem.read(gitignorePath), as: UTF8.self) : nil
                if let updated = Scaffold.gitignore(adding: current) {
                    try FileSystem.write(Array(updated.utf8), to: gitignorePath)
                    Terminal.out("\(current == nil ? "created" : "updated") \(gitignorePath) (ignores profiles/*.local.yml)\n")
                }
            } catch {
                Terminal.report([.error(error.description)], environment: environment)
                throw ExitCode(ExitStatus.cannotCreate)
            }
            Terminal.out("next: `profile list`, `profile show example`, `profile run example -- <your app>`\n")
        }
    }
}

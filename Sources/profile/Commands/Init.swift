import ArgumentParser
import ProfileCore

extension ProfileCommand {
    /// `profile init`
    struct Init: ParsableCommand {
        static let configuration = Grammar.`init`.configuration(discussion: "Refuses to overwrite any existing file.")

        @Option(name: Grammar.initDirectory.names, help: Grammar.initDirectory.help, completion: .directory)
        var directory: String?

        static func execute(_ invocation: Invocation) throws(Exit) {
            let environment = EnvironmentTable.current()
            try invocation.requireValid(environment: environment)
            let directory = invocation.value(of: Grammar.initDirectory)?.value ?? "."
            let existing = (Scaffold.files.map(\.path) + [Scaffold.schemaPath]).map { FileSystem.join(directory, $0) }
                .filter(FileSystem.exists)
            if !existing.isEmpty {
                Terminal.report(
                    existing.map { .error("`\($0)` already exists; `profile init` never overwrites a file") },
                    environment: environment)
                throw Exit(status: ExitStatus.cannotCreate)
            }
            do {
                try FileSystem.makeDirectory(FileSystem.join(directory, ProfileDirectory.directoryName))
                for (path, text) in Scaffold.files {
                    try FileSystem.write(Array(text.utf8), to: FileSystem.join(directory, path), exclusive: true)
                    Terminal.out("created \(FileSystem.join(directory, path))\n")
                }
                // The schema of the scaffolded catalog, for editors (the profiles' first line names it).
                let profiles = FileSystem.join(directory, ProfileDirectory.directoryName)
                if let listing = try? ProfileDirectory(path: profiles) {
                    let schema = ProfileSchema.forRepository(ProfileRepository(directory: listing))
                    let schemaPath = FileSystem.join(directory, Scaffold.schemaPath)
                    try FileSystem.write(Array(schema.render().utf8), to: schemaPath, exclusive: true)
                    Terminal.out(
                        "created \(schemaPath) (regenerate it with `profile generate json-schema --output …`)\n")
                }
                let gitignorePath = FileSystem.join(directory, ".gitignore")
                let current =
                    FileSystem.exists(gitignorePath)
                    ? String(decoding: try FileSystem.read(gitignorePath), as: UTF8.self) : nil
                if let updated = Scaffold.gitignore(adding: current) {
                    try FileSystem.write(Array(updated.utf8), to: gitignorePath)
                    Terminal.out(
                        "\(current == nil ? "created" : "updated") \(gitignorePath) (ignores profiles/*.local.yml)\n")
                }
            } catch {
                Terminal.report([.error(error.description)], environment: environment)
                throw Exit(status: ExitStatus.cannotCreate)
            }
            Terminal.out("next: `profile list`, `profile show example`, `profile run example -- <your app>`\n")
        }
    }
}

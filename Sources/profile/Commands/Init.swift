import ArgumentParser
import ProfileGeneration
import ProfileModel
import ProfilePlatform
import ProfileResolution

extension ProfileCommand {
    /// `profile init`
    struct Init: ParsableCommand {
        static let configuration = Grammar.`init`.configuration(
            discussion: """
                Refuses to overwrite any existing file. Run again after an interruption, it completes: files it \
                already wrote are kept.

                Examples:
                  profile init
                      profiles/ here, with an example, a base and a catalog.
                  profile init --directory ../App
                      The same in another directory.
                """)

        @Option(name: Grammar.initDirectory.names, help: Grammar.initDirectory.help, completion: .directory)
        var directory: String?

        static func execute(_ invocation: Invocation) throws(Exit) {
            let environment = EnvironmentTable.current()
            try invocation.requireValid(environment: environment)
            let directory = invocation.value(of: Grammar.initDirectory)?.value ?? "."
            // Run again after an interruption, it completes: a file it already wrote (the same bytes) is kept; only a
            // file that differs is a conflict, and then nothing at all is written.
            var missing: [(path: String, text: String)] = []
            var conflicts: [Diagnostic] = []
            var kept: [String] = []
            for (relative, text) in Scaffold.files {
                let path = FileSystem.join(directory, relative)
                guard FileSystem.exists(path) || FileSystem.isLink(path) else {
                    missing.append((path, text))
                    continue
                }
                if (try? FileSystem.read(path)) != Array(text.utf8) {
                    conflicts.append(.error("`\(path)` already exists; `profile init` never overwrites a file"))
                } else {
                    kept.append(path)
                }
            }
            if !conflicts.isEmpty {
                Terminal.report(conflicts, environment: environment)
                throw Exit(status: ExitStatus.cannotCreate)
            }
            do {
                try FileSystem.makeDirectory(FileSystem.join(directory, ProfileDirectory.directoryName))
            } catch {
                Terminal.report([.error(error.description)], environment: environment)
                throw Exit(status: ExitStatus.cannotCreate)
            }
            for path in kept { Terminal.out("kept \(path) (already as `profile init` writes it)\n") }
            do throws(AtomicFile.Failure) {
                for (path, text) in missing {
                    try AtomicFile.write(Array(text.utf8), to: path, if: .absent)
                    Terminal.out("created \(path)\n")
                }
                // The schema of the scaffolded catalog, for editors (the profiles' first line names it). It depends on
                // the catalog only, which is now as `init` writes it: a schema already there and identical is kept.
                let profiles = FileSystem.join(directory, ProfileDirectory.directoryName)
                if let listing = try? ProfileDirectory(path: profiles) {
                    let schema = Array(ProfileSchema.forRepository(ProfileRepository(directory: listing)).render().utf8)
                    let schemaPath = FileSystem.join(directory, Scaffold.schemaPath)
                    if FileSystem.exists(schemaPath), (try? FileSystem.read(schemaPath)) == schema {
                        Terminal.out("kept \(schemaPath) (already as `profile init` writes it)\n")
                    } else {
                        try AtomicFile.write(schema, to: schemaPath, if: .absent)
                        Terminal.out(
                            "created \(schemaPath) (regenerate it with `profile generate json-schema --output …`)\n")
                    }
                }
                // The catalog's schema is the same for every project (this version of `profile` writes it).
                let catalogSchema = Array(CatalogSchema.render().utf8)
                let catalogSchemaPath = FileSystem.join(directory, Scaffold.catalogSchemaPath)
                if FileSystem.exists(catalogSchemaPath), (try? FileSystem.read(catalogSchemaPath)) == catalogSchema {
                    Terminal.out("kept \(catalogSchemaPath) (already as `profile init` writes it)\n")
                } else {
                    try AtomicFile.write(catalogSchema, to: catalogSchemaPath, if: .absent)
                    Terminal.out(
                        "created \(catalogSchemaPath) (regenerate it with `profile generate catalog-schema --output …`)\n"
                    )
                }
                let gitignorePath = FileSystem.join(directory, ".gitignore")
                let current = FileSystem.exists(gitignorePath) ? try? FileSystem.read(gitignorePath) : nil
                if let updated = Scaffold.gitignore(adding: current.map { String(decoding: $0, as: UTF8.self) }) {
                    try AtomicFile.write(
                        Array(updated.utf8), to: gitignorePath, if: current.map { .holding($0) } ?? .absent)
                    Terminal.out(
                        "\(current == nil ? "created" : "updated") \(gitignorePath) (ignores profiles/*.local.yml)\n")
                }
            } catch {
                let message =
                    error.isAlreadyExists
                    ? "`\(error.path)` already exists; `profile init` never overwrites a file" : error.description
                Terminal.report([.error(message)], environment: environment)
                throw Exit(status: ExitStatus.cannotCreate)
            }
            Terminal.out("next: `profile list`, `profile show example`, `profile run example -- <your app>`\n")
        }
    }
}

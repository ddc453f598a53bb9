import ArgumentParser
import ProfilePlatform
import ProfileResolution

extension ProfileCommand {
    /// `profile list`
    struct List: ParsableCommand {
        static let configuration = Grammar.list.configuration(
            discussion: """
                Examples:
                  profile list
                      The runnable profiles, with their descriptions.
                  profile list --all --json
                      Every profile, abstract ones too, as JSON.
                """)

        @OptionGroup var profilesDirectory: ProfilesDirectoryOption
        @Flag(name: Grammar.listAll.names, help: Grammar.listAll.help) var all = false
        @Flag(name: Grammar.listNames.names, help: Grammar.listNames.help) var names = false
        @Flag(name: Grammar.listJSON.names, help: Grammar.listJSON.help) var json = false

        /// A description on one line: folded and literal block scalars end with a newline, and may hold several.
        static func oneLine(_ text: String) -> String {
            text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                .joined(separator: " ")
        }

        static func execute(_ invocation: Invocation) throws(Exit) {
            try invocation.requireValid()
            let all = invocation.has(Grammar.listAll)
            let names = invocation.has(Grammar.listNames)
            let json = invocation.has(Grammar.listJSON)
            let session = try Session(profilesDirectory: invocation.profilesDirectory)
            let directory = session.repository.directory
            var summaries: [(ProfileSummary, String)] = []
            for name in directory.names {
                // `list` loads every profile in full, so that it reports broken ones; completion reads only
                // summaries (see ProfileSummary).
                guard let definition = session.repository.definition(name) else { continue }
                if definition.isAbstract && !all { continue }
                let summary = ProfileSummary(
                    name: name, description: definition.description?.value, isAbstract: definition.isAbstract)
                summaries.append((summary, directory.entries[name]!.path))
            }
            session.repository.reportDirectoryProblems()
            if json {
                let items = summaries.map { summary, path in
                    JSONWriter.Value.object([
                        ("name", .string(summary.name)),
                        ("description", summary.description.map { .string(Self.oneLine($0)) } ?? .null),
                        ("abstract", .bool(summary.isAbstract)),
                        ("path", .string(path)),
                    ])
                }
                Terminal.out(JSONWriter.render(.array(items)) + "\n")
            } else if names {
                Terminal.out(summaries.map { $0.0.name + "\n" }.joined())
            } else {
                let width = summaries.map { $0.0.name.count }.max() ?? 0
                var out = ""
                for (summary, _) in summaries {
                    out += summary.name
                    if let description = summary.description.map(Self.oneLine), !description.isEmpty {
                        out += String(repeating: " ", count: width - summary.name.count + 2) + description
                    }
                    if summary.isAbstract { out += " (abstract)" }
                    out += "\n"
                }
                if summaries.isEmpty { out = "no profiles in `\(directory.path)`\n" }
                Terminal.out(out)
            }
            try session.finish()
        }
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

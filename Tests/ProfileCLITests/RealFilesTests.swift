import Foundation
import Testing

/// The real files of real projects (`Tests/ProfileCoreTests/Fixtures/RealFiles`, sources in its `SOURCES.md`), through
/// the built binary, as a new user adopting `profile` meets them: every scheme (its Run and Test actions) and test plan
/// (its default options and each configuration) imports, the import adds nothing to the file but the record of its
/// entries, an update right after changes nothing, a second update neither, and a profile edited after the import
/// rewrites its entry in place. Whole files are compared.
///
/// Each test goes over every file of its kind (concurrently) and counts what each half checked: the round trips
/// (import, update, update) and the edits in place (a file whose import took no variable has none to edit). Either
/// count at zero fails: a corpus or a change that leaves a half checking nothing cannot pass unnoticed.
@Suite(.timeLimit(.minutes(20))) struct RealFilesTests {
    static let root = CLI.repositoryRoot.appendingPathComponent("Tests/ProfileCoreTests/Fixtures/RealFiles")

    static func files(_ kind: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(kind).path)) ?? []
        return names.sorted()
    }

    static func bytes(_ kind: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(kind).appendingPathComponent(name)))
    }

    static func read(_ project: Project, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: project.path(name))))
    }

    static func write(_ project: Project, _ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: project.path(name)))
    }

    /// The corpus is what SOURCES.md lists, and holds the variety the issue names.
    @Test func theCorpusIsListedWithItsSources() throws {
        let sources = try String(contentsOf: Self.root.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        var listed: [String] = []
        for line in sources.split(separator: "\n") where line.hasPrefix("| `") {
            listed.append(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        let present = ["xcscheme", "xctestplan", "dotenv"].flatMap { kind in Self.files(kind).map { "\(kind)/\($0)" } }
        #expect(listed.sorted() == present.sorted())
        #expect(Self.files("xcscheme").count >= 50)
        #expect(Self.files("xctestplan").count >= 30)
        #expect(Self.files("dotenv").count >= 50)
    }

    /// `text` without the `PROFILE_PAYLOAD` entry an import or update writes (and the list it created for it, when it
    /// holds nothing else), and with `shouldUseLaunchSchemeArgsEnv` as it was in `original`.
    static func withoutRecord(_ bytes: [UInt8], like original: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        let patterns = [
            // A scheme: the list created for the record alone, or the entry.
            #"\r?\n[ \t]*<EnvironmentVariables>\r?\n[ \t]*<EnvironmentVariable\r?\n[ \t]*key = "PROFILE_PAYLOAD"\r?\n[^\n]*\n[^\n]*\n[ \t]*</EnvironmentVariable>\r?\n[ \t]*</EnvironmentVariables>"#,
            #"\r?\n[ \t]*<EnvironmentVariable\r?\n[ \t]*key = "PROFILE_PAYLOAD"\r?\n[^\n]*\n[^\n]*\n[ \t]*</EnvironmentVariable>"#,
            // A test plan: the member created for the record alone, or the entry.
            #",\r?\n[ \t]*"environmentVariableEntries" : \[\r?\n[ \t]*\{\r?\n[ \t]*"key" : "PROFILE_PAYLOAD",\r?\n[^\n]*\n[ \t]*\}\r?\n[ \t]*\]"#,
            #"(?<=\{)\r?\n[ \t]*"environmentVariableEntries" : \[\r?\n[ \t]*\{\r?\n[ \t]*"key" : "PROFILE_PAYLOAD",\r?\n[^\n]*\n[ \t]*\}\r?\n[ \t]*\](?=\r?\n[ \t]*\})"#,
            #"[ \t]*"environmentVariableEntries" : \[\r?\n[ \t]*\{\r?\n[ \t]*"key" : "PROFILE_PAYLOAD",\r?\n[^\n]*\n[ \t]*\}\r?\n[ \t]*\],\r?\n"#,
            #",\r?\n[ \t]*\{\r?\n[ \t]*"key" : "PROFILE_PAYLOAD",\r?\n[^\n]*\n[ \t]*\}"#,
            #"\{\r?\n[ \t]*"key" : "PROFILE_PAYLOAD",\r?\n[^\n]*\n[ \t]*\},\r?\n[ \t]*"#,
        ]
        for (index, pattern) in patterns.enumerated() {
            if let range = text.range(of: pattern, options: .regularExpression) {
                // An options object the record was the only member of was `{`, an empty line, `}`.
                text.replaceSubrange(range, with: index == 3 ? newline : "")
                break
            }
        }
        // The Test action switched to its own entries: `"YES"` again where the original has it.
        let originalText = String(decoding: original, as: UTF8.self)
        let yes = #"shouldUseLaunchSchemeArgsEnv = "YES""#
        let no = #"shouldUseLaunchSchemeArgsEnv = "NO""#
        if let range = originalText.range(of: "<TestAction[^>]*" + yes, options: .regularExpression) {
            let offset =
                originalText.utf8.distance(from: originalText.startIndex, to: range.upperBound) - yes.utf8.count
            let start = text.utf8.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
            if text[start...].hasPrefix(no) {
                text.replaceSubrange(start..<text.utf8.index(start, offsetBy: no.utf8.count), with: yes)
            }
        }
        return text
    }

    /// The bytes as text, for comparisons that print what differs.
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// What the two halves of the loops checked.
    struct Checked: Sendable {
        /// Import, update, update: each loop.
        var roundTrips = 0
        /// A variable edited and updated in place.
        var edits = 0

        static func + (left: Checked, right: Checked) -> Checked {
            Checked(roundTrips: left.roundTrips + right.roundTrips, edits: left.edits + right.edits)
        }
    }

    /// `body` for each name, concurrently, and the sum of what they checked.
    static func forEach(_ names: [String], _ body: @escaping @Sendable (String) throws -> Checked) async throws
        -> Checked
    {
        try await withThrowingTaskGroup(of: Checked.self) { group in
            for name in names { group.addTask { try body(name) } }
            return try await group.reduce(Checked(), +)
        }
    }

    /// One import → update → update → edit → update loop over `file` (in `kind`), with `importArguments` choosing the
    /// action or configuration and `updateArguments` the same for `export --update`; what it checked.
    static func roundTrip(
        _ kind: String, _ name: String, file: String, importArguments: [String], updateArguments: [String]
    ) throws -> Checked {
        let original = try Self.bytes(kind, name)
        let project = try Project(["profiles/.keep": ""])
        try Self.write(project, file, original)
        let what = "\(name) \(importArguments)"

        let imported = try project.profile(["import", kind, file, "--name", "p"] + importArguments)
        #expect(imported.status == 0, "\(what): \(imported.stderr)")
        #expect(!imported.stderr.contains("error:"), "\(what): \(imported.stderr)")
        let afterImport = try Self.read(project, file)
        #expect(
            Self.withoutRecord(afterImport, like: original) == Self.text(original),
            "\(what): import adds only the record")
        let usesRunAction =
            importArguments == ["--action", "test"]
            && Self.text(original).range(
                of: #"<TestAction[^>]*shouldUseLaunchSchemeArgsEnv = "YES""#, options: .regularExpression) != nil
        if usesRunAction {
            #expect(
                Self.text(afterImport) == Self.text(original),
                "\(what): a Test action that uses the Run action's entries is left alone")
        }
        let lint = try project.profile(["lint"])
        #expect(lint.status == 0, "\(what): \(lint.stdout)\(lint.stderr)")

        let update = try project.profile(["export", kind, "p", "--update", file] + updateArguments)
        #expect(update.status == 0, "\(what): \(update.stderr)")
        let afterUpdate = try Self.read(project, file)
        if usesRunAction {
            // The documented exception: the update switches the action to its own entries, and records them.
            #expect(Self.withoutRecord(afterUpdate, like: original) == Self.text(original), "\(what)")
        } else {
            #expect(
                Self.text(afterUpdate) == Self.text(afterImport),
                "\(what): an update right after the import changes nothing")
        }
        let again = try project.profile(["export", kind, "p", "--update", file] + updateArguments)
        #expect(again.status == 0, "\(what): \(again.stderr)")
        #expect(
            Self.text(try Self.read(project, file)) == Self.text(afterUpdate),
            "\(what): a second update changes nothing")
        var checked = Checked(roundTrips: 1, edits: 0)

        // Edit one variable the import took (the first checked one whose name the file sets once) and update: it is
        // rewritten in place, not added beside the original.
        let json = try project.profile(["export", "json", "p"])
        guard json.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any],
            let environment = object["environment"] as? [String: Any]
        else { return checked }
        let text = String(decoding: afterUpdate, as: UTF8.self)
        let keyLine = { (name: String) in kind == "xcscheme" ? "key = \"\(name)\"" : "\"key\" : \"\(name)\"" }
        let lines = text.components(separatedBy: "\n")
        guard
            let variable = environment.keys.sorted().first(where: { name in
                name != "PROFILE_PAYLOAD" && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                    && lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix(keyLine(name)) }.count == 1
            })
        else { return checked }
        let edit = try project.profile(
            ["export", kind, "p", "--env", "\(variable)=edited", "--update", file] + updateArguments)
        #expect(edit.status == 0, "\(what): \(edit.stderr)")
        // Expected: the same file, with that entry's value line saying `edited`.
        var expected = lines
        let index = lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(keyLine(variable)) }!
        let valueLine = lines[index + 1]
        let indent = String(valueLine.prefix { $0 == " " || $0 == "\t" })
        let ending = valueLine.hasSuffix("\r") ? "\r" : ""
        let trailing = valueLine.trimmingCharacters(in: .whitespaces).hasSuffix(",") ? "," : ""
        expected[index + 1] =
            kind == "xcscheme"
            ? indent + "value = \"edited\"" + ending : indent + "\"value\" : \"edited\"" + trailing + ending
        let edited = try Self.read(project, file)
        #expect(
            Self.withoutRecord(edited, like: original)
                == Self.withoutRecord(Array(expected.joined(separator: "\n").utf8), like: original),
            "\(what): the edited `\(variable)` is rewritten in place")
        checked.edits += 1
        return checked
    }

    @Test func schemesImportAndRoundTrip() async throws {
        let names = Self.files("xcscheme")
        let checked = try await Self.forEach(names) { name in
            let text = String(decoding: try Self.bytes("xcscheme", name), as: UTF8.self)
            var checked = Checked()
            for action in ["launch", "test"] where text.contains(action == "launch" ? "<LaunchAction" : "<TestAction") {
                checked =
                    checked
                    + (try Self.roundTrip(
                        "xcscheme", name, file: "App.xcscheme", importArguments: ["--action", action],
                        updateArguments: ["--action", action]))
            }
            #expect(checked.roundTrips > 0, "\(name): no Run or Test action")
            return checked
        }
        #expect(checked.roundTrips >= names.count, "round trips")
        #expect(checked.edits > 0, "edits in place")
    }

    @Test func testPlansImportAndRoundTrip() async throws {
        let names = Self.files("xctestplan")
        let checked = try await Self.forEach(names) { name in
            let plan =
                try JSONSerialization.jsonObject(with: Data(try Self.bytes("xctestplan", name))) as? [String: Any]
            let configurations = (plan?["configurations"] as? [[String: Any]] ?? []).compactMap {
                $0["name"] as? String
            }
            var checked = try Self.roundTrip(
                "xctestplan", name, file: "App.xctestplan", importArguments: [], updateArguments: [])
            for configuration in Set(configurations).sorted()
            where configurations.filter({ $0 == configuration }).count == 1 {
                checked =
                    checked
                    + (try Self.roundTrip(
                        "xctestplan", name, file: "App.xctestplan",
                        importArguments: ["--configuration", configuration],
                        updateArguments: ["--configuration", configuration]))
            }
            return checked
        }
        #expect(checked.roundTrips >= names.count, "round trips")
        #expect(checked.edits > 0, "edits in place")
    }
}

import Foundation
import ProfileInterop
import TestSupport
import Testing

/// The import formats are one list (``ImportFormats/all``): what each says of itself agrees with what it does, and
/// the docs list exactly these formats, in order.
@Suite struct ImportFormatTests {
    @Test func theFormatsAreTheDocumentedOnes() {
        #expect(ImportFormats.all.map(\.name) == ["xcscheme", "xctestplan", "dotenv", "vscode"])
        #expect(ImportFormats.files == [".xcscheme", ".xctestplan", ".env", "launch.json"])
        #expect(ImportFormats.fileExtensions == ["xcscheme", "xctestplan", "env", "json"])
        #expect(ImportFormats.names(taking: .action) == "`xcscheme`")
        #expect(ImportFormats.names(taking: .configuration) == "`xctestplan` and `vscode`")
        #expect(ImportFormats.all.filter { !$0.requiredOptions.isEmpty }.map(\.name) == ["vscode"])
        for format in ImportFormats.all {
            #expect(ImportFormats.named(format.name)?.name == format.name)
            #expect(format.options.isSuperset(of: format.requiredOptions), "\(format.name) requires what it refuses")
            #expect(format.fileExtensions.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") })
        }
        #expect(ImportFormats.named("plist") == nil)
    }

    /// The summary help shows says which of the options a format takes exactly when it takes them.
    @Test(arguments: [(ImportOptions.action, "--action"), (.configuration, "--configuration")])
    func summariesNameTheOptionsTheFormatsTake(_ option: ImportOptions, _ spelling: String) {
        for format in ImportFormats.all {
            #expect(
                format.summary.contains(spelling) == format.options.contains(option),
                "`\(format.name)`'s summary and its options disagree about \(spelling)")
        }
    }

    /// `docs/cli/import.md`'s format list (name and summary, as `--help` shows them), the synopsis of `import` in
    /// `docs/cli/README.md` and the formats `docs/importing.md`'s examples show are the registry, whole, in order.
    @Test func theDocsListTheRegisteredFormats() throws {
        let names = ImportFormats.all.map(\.name)
        func read(_ path: String) throws -> String {
            try String(contentsOfFile: TestPaths.repositoryPath(path), encoding: .utf8)
        }

        let reference = try read("docs/cli/import.md")
        let section = try #require(
            reference.components(separatedBy: "## Formats\n\n").dropFirst().first?.components(separatedBy: "\n\n")
                .first)
        #expect(
            section.split(separator: "\n").map(String.init)
                == ImportFormats.all.map { "- `\($0.name)`: \($0.summary)" })

        let overview = try read("docs/cli/README.md")
        let synopsis = try #require(overview.split(separator: "\n").first { $0.hasPrefix("profile import ") })
        #expect(synopsis.split(separator: " ")[2].split(separator: "|").map(String.init) == names)

        let importing = try read("docs/importing.md")
        let block = try #require(
            importing.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        var formats: [String] = []
        for line in block.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count > 2, words[1] == "import", !formats.contains(String(words[2])) {
                formats.append(String(words[2]))
            }
        }
        #expect(formats == names)
    }
}

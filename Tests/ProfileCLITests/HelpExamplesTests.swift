import Foundation
import TestSupport
import Testing

/// Every subcommand's help ends its overview with two or three examples, and the command's page of the reference
/// (`docs/cli/<command>.md`) shows the same command lines.
@Suite(.timeLimit(.minutes(20))) struct HelpExamplesTests {
    static let subcommands = [
        "run", "shell", "list", "show", "diff", "lint", "export", "import", "generate", "init", "redact", "completion",
    ]

    /// The examples of `help`'s output: the lines between `Examples:` and the blank line before `USAGE:`.
    static func examples(_ help: String) -> [(command: String, summary: String)]? {
        guard let start = help.range(of: "\nExamples:\n"), let end = help.range(of: "\n\nUSAGE: ") else { return nil }
        let lines = help[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count.isMultiple(of: 2) else { return nil }
        return stride(from: 0, to: lines.count, by: 2).map { index in
            (String(lines[index].dropFirst(2)), String(lines[index + 1].drop { $0 == " " }))
        }
    }

    @Test func helpRunShowsItsExamples() throws {
        let result = try CLI.profile(["help", "run"])
        #expect(result.status == 0)
        let start = try #require(result.stdout.range(of: "Examples:"))
        let end = try #require(result.stdout.range(of: "USAGE: "))
        #expect(
            result.stdout[start.lowerBound..<end.lowerBound] == """
                Examples:
                  profile run uitest -- .build/debug/countries
                      The example app with the shared uitest profile.
                  profile run uitest --value pageSize=3 --disable skipOnboarding -- ./app
                      One run's overrides: no file is edited.
                  profile run --each uitest offline -- swift test
                      The test suite once per profile, then a summary table.


                """)
    }

    @Test(arguments: subcommands)
    func everySubcommandEndsItsOverviewWithExamples(_ subcommand: String) throws {
        let result = try CLI.profile([subcommand, "--help"])
        #expect(result.status == 0)
        let examples = try #require(Self.examples(result.stdout), "\(result.stdout)")
        #expect((2...3).contains(examples.count), "\(examples)")
        for example in examples {
            // A command line of this subcommand (or its output handed to the shell), described in a sentence; at
            // most 80 columns, so that help's wrapping never cuts it.
            #expect(example.command.contains("profile \(subcommand)"), "\(example.command)")
            #expect(example.summary.hasSuffix("."), "\(example.summary)")
            #expect(example.command.count + 2 <= 80 && example.summary.count + 6 <= 80, "\(example)")
        }
        // The reference page of the command shows the same command lines, in the same order.
        let page = try String(contentsOfFile: TestPaths.repositoryPath("docs/cli/\(subcommand).md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Examples\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        let documented = block.split(separator: "\n").dropFirst().map {
            String($0.components(separatedBy: "   # ")[0]).trimmingCharacters(in: .whitespaces)
        }
        #expect(documented == examples.map(\.command), "docs/cli/\(subcommand).md")
    }
}

import Foundation
import TestSupport
import Testing

/// `man/profile.1` (installed by `make install`, and by the Homebrew formula) is current: generated again from the
/// built `profile`'s command definitions by `Scripts/generate-manpage.py`, it is the committed file, byte for byte.
/// `make man` regenerates it.
@Suite(.timeLimit(.minutes(20))) struct ManPageTests {
    /// python3 as the user's PATH finds it (the script needs nothing beyond its standard library).
    static let environment = ProcessInfo.processInfo.environment
    static let script = CLI.repositoryRoot.appendingPathComponent("Scripts/generate-manpage.py").path
    static let committedPath = CLI.repositoryRoot.appendingPathComponent("man/profile.1")

    @Test func committedManPageIsCurrent() throws {
        let result = try CLI.run(
            "/usr/bin/env", ["python3", Self.script, "--profile", CLI.profileBinary, "--output", "-"],
            environment: Self.environment)
        try #require(result.status == 0, "generate-manpage.py failed: \(result.stderr)")
        let committed = try String(contentsOf: Self.committedPath, encoding: .utf8)
        #expect(result.stdout == committed, "man/profile.1 is stale: run `make man`")
    }

    /// Every command the binary has is in the page, with each of its options, so a new option cannot be left out.
    @Test func pageNamesEveryCommandAndOption() throws {
        let page = try String(contentsOf: Self.committedPath, encoding: .utf8)
        let dump = try CLI.profile(["--experimental-dump-help"]).stdout
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        for subcommand in try #require(command["subcommands"] as? [[String: Any]]) {
            let name = try #require(subcommand["commandName"] as? String)
            if name == "help" { continue }
            #expect(page.contains(".It Cm \(name)\n"), "man/profile.1 lacks the `\(name)` command")
            for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
                guard (argument["shouldDisplay"] as? Bool) != false else { continue }
                for entry in argument["names"] as? [[String: Any]] ?? [] where (entry["kind"] as? String) == "long" {
                    let long = try #require(entry["name"] as? String)
                    let spelled = "Fl \\-" + long.replacingOccurrences(of: "-", with: "\\-")
                    #expect(page.contains(spelled), "man/profile.1 lacks `\(name) --\(long)`")
                }
            }
        }
    }
}

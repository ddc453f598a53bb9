import Foundation
import Testing

/// Every file in the repository's own `profiles/` loads and every runnable profile launches.
@Suite(.timeLimit(.minutes(20))) struct RepositoryProfilesTests {
    @Test func theRepositoryProfilesLintClean() throws {
        let result = try CLI.profile([
            "lint", "--profiles-dir", CLI.repositoryRoot.appendingPathComponent("profiles").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func everyRunnableProfileLaunches() throws {
        let directory = CLI.repositoryRoot.appendingPathComponent("profiles").path
        let names = try CLI.profile(["list", "--names", "--profiles-dir", directory]).stdout.split(separator: "\n")
        #expect(names.count >= 3)
        for name in names {
            let result = try CLI.profile([
                "run", "--profiles-dir", directory, String(name), "--", "sh", "-c", "echo ok",
            ])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stdout == "ok\n")
        }
    }
}

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 14, item 2: a FIFO named like a profile, an overlay or the catalog never blocks the tool (it used to wait
/// forever for a writer, freezing `list`, TAB completion and `run`). Each command answers at once and launches nothing.
@Suite struct NonRegularFilesTests {
    func project() throws -> Project {
        let project = try Project([
            "profiles/ok.yml": "description: A profile\n",
            "profiles/other.yml": "description: Another\n",
        ])
        for fifo in ["profiles/x.yml", "profiles/other.local.yml", "profiles/_catalog.yml"] {
            #expect(mkfifo(project.path(fifo), 0o644) == 0)
        }
        return project
    }

    @Test func everyCommandAnswersAtOnce() throws {
        let project = try project()
        let list = try project.profile(["list"])
        #expect(list.stdout.contains("ok"))
        #expect(list.stderr.contains("`profiles/x.yml`: it is a FIFO (named pipe), not a regular file"))
        let complete = try project.profile(["__complete", "profiles", ""])
        #expect(complete.status == 0)
        #expect(complete.stdout.contains("ok\tA profile"))
        let lint = try project.profile(["lint"])
        #expect(lint.status == 1)
        #expect(lint.stderr.contains("`profiles/_catalog.yml`: it is a FIFO (named pipe), not a regular file"))
        #expect(lint.stderr.contains("`profiles/other.local.yml`: it is a FIFO (named pipe), not a regular file"))
        for name in ["x", "other", "ok"] {
            let run = try project.profile(["run", name, "--", "touch", project.path("LAUNCHED")])
            #expect(run.status == 65, "\(name): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: project.path("LAUNCHED")))
        }
    }
}

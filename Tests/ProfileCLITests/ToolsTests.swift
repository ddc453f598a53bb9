import Foundation
import TestSupport
import Testing

/// How the tests find their tools (`Tools`): the first match in order, and a bash older than 5 (macOS's own
/// `/bin/bash` is 3.2) passed over for the next one.
@Suite(.timeLimit(.minutes(20))) struct ToolsTests {
    /// `.ci/run` runs the suite again with the tests' folders in a case-insensitive, case-preserving mount
    /// (`PROFILE_TEST_TMPDIR`, `Scripts/casefold-fs.py`), and the workflow's macOS job on APFS; both set
    /// `PROFILE_EXPECT_CASE_INSENSITIVE=1`, and then the folders must fold case, or that run would test nothing of it.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["PROFILE_EXPECT_CASE_INSENSITIVE"] == "1",
            "PROFILE_EXPECT_CASE_INSENSITIVE is not 1: the tests' folders may be case-sensitive"))
    func theTestsFoldersFoldCaseWhereTheRunSaysSo() throws {
        #expect(TemporaryDirectory.foldsCase)
        let scratch = try TemporaryDirectory(prefix: "profile-case")
        try scratch.write("uitest.yml", "a")
        try scratch.write("UITest.yml", "b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["uitest.yml"])
        #expect(try String(contentsOfFile: scratch.path("uitest.yml"), encoding: .utf8) == "b")
    }

    @Test func anOldBashIsPassedOverForTheNextOne() throws {
        let scratch = try TemporaryDirectory(prefix: "profile-tools")
        try scratch.write("old/bash", "#!/bin/sh\necho 3\n", executable: true)
        try scratch.write("new/bash", "#!/bin/sh\necho 5\n", executable: true)
        try scratch.write("newer/bash", "#!/bin/sh\necho 6\n", executable: true)
        let directories = ["old", "empty", "new", "newer"].map(scratch.path)
        #expect(Tools.find("bash", in: directories) == scratch.path("new/bash"))
        #expect(Tools.find("bash", in: [scratch.path("old")]) == nil)
        #expect(Tools.find("zsh", in: directories) == nil)
    }

    @Test func anyVersionOfTheOtherToolsWill() throws {
        let scratch = try TemporaryDirectory(prefix: "profile-tools")
        try scratch.write("a/zsh", "#!/bin/sh\necho 3\n", executable: true)
        try scratch.write("b/zsh", "#!/bin/sh\necho 5\n", executable: true)
        #expect(Tools.find("zsh", in: [scratch.path("a"), scratch.path("b")]) == scratch.path("a/zsh"))
    }

    @Test func theLocaleIsOneTheSystemLists() throws {
        let listed = try Subprocess.run("/usr/bin/env", ["locale", "-a"]).stdout.split(separator: "\n")
        let normalized = Set(listed.map { $0.lowercased().replacingOccurrences(of: "-", with: "") })
        #expect(normalized.contains(Tools.utf8Locale.lowercased().replacingOccurrences(of: "-", with: "")))
    }
}

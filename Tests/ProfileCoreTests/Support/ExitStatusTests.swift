import Foundation
import ProfilePlatform
import TestSupport
import Testing

/// `ExitStatus` is the one place the tool's exit statuses are decided: no source file outside it passes one of them
/// as a number where a status is made or compared (`exit(127)`, `.exited(127)`, `Exit(status: 64)`,
/// `ProcessExit.now(65)`, `exit 73` in a help text).
@Suite struct ExitStatusTests {
    @Test func noStatusIsWrittenAsANumberOutsideExitStatus() throws {
        let statuses = Set(ExitStatus.meanings.map(\.status).filter { $0 != ExitStatus.success })
        let pattern = try NSRegularExpression(
            pattern: #"(?:\bexit|\b_exit|\.exited|Exit\(status:|ProcessExit\.now)\(?\s*([0-9]+)\b"#)
        let root = TestPaths.repositoryPath("Sources")
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: root) as [String]?)
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/ExitStatus.swift") }
        var found: [String] = []
        for file in files.sorted() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let range = NSRange(code.startIndex..., in: code)
                for match in pattern.matches(in: code, range: range) {
                    let digits = (code as NSString).substring(with: match.range(at: 1))
                    if let status = Int32(digits), statuses.contains(status) { found.append("\(file):\(number + 1)") }
                }
            }
        }
        #expect(files.count > 100)
        #expect(found == [])
    }
}

import Foundation
import TestSupport
import Testing

/// `profile import dotenv` against python-dotenv itself, the peer its documentation names: for every `.env` of the
/// real-files corpus (`Tests/ProfileCoreTests/Fixtures/RealFiles/dotenv`), as committed and with its line endings
/// made CRLF, python-dotenv's `dotenv_values` (run with an environment holding only PATH) and the environment the
/// imported profile gives a child (`profile export json`, with the same environment) are the same mapping, whole. A
/// line python-dotenv cannot parse (it warns and skips it) is an error of `import` at the same line, and nothing is
/// written. A name alone on its line (python-dotenv's None) sets nothing in either. One difference is documented:
/// a byte order mark, which python-dotenv reads as part of the first name and `profile` drops.
@Suite(.timeLimit(.minutes(20))) struct DotenvPeerTests {
    /// Whether python3 has python-dotenv (CI installs it; `PROFILE_REQUIRE_SHELLS=1` makes its absence a failure).
    static let peerAvailable = Tools.available("dotenv")
    static let python = ProcessInfo.processInfo.environment
    static let required = Tools.required
    static let path = python["PATH"] ?? "/usr/bin:/bin"

    /// Prints `{PATH: {"values": {...}, "failed": [lines]}, ...}` for the files named by argv[1:]: python-dotenv's
    /// mapping of each (None values, which set nothing, left out) and the lines it could not parse.
    static let script = """
        import json, logging, os, re, sys
        path = os.environ["PATH"]
        os.environ.clear()
        os.environ["PATH"] = path
        failed = []
        class Failed(logging.Handler):
            def emit(self, record):
                found = re.search(r"starting at line (\\d+)", record.getMessage())
                if found: failed.append(int(found.group(1)))
        logging.getLogger("dotenv.main").addHandler(Failed())
        from dotenv import dotenv_values
        answers = {}
        for file in sys.argv[1:]:
            del failed[:]
            values = {k: v for k, v in dotenv_values(file).items() if v is not None}
            answers[file] = {"values": values, "failed": list(failed)}
        print(json.dumps(answers))
        """

    static let files = RealFilesTests.files("dotenv")

    /// The file `name` of the corpus, as committed or with its line endings made CRLF.
    static func bytes(_ name: String, crlf: Bool) throws -> [UInt8] {
        let bytes = try RealFilesTests.bytes("dotenv", name)
        guard crlf else { return bytes }
        var converted: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A, index == 0 || bytes[index - 1] != 0x0D { converted.append(0x0D) }
            converted.append(byte)
        }
        return converted
    }

    /// What python-dotenv reads from one file: its mapping and the lines it could not parse.
    struct Answer: Sendable {
        var values: [String: String]
        var failed: Set<Int>
    }

    /// python-dotenv's answer for every file, as committed (`name`) and as CRLF (`name (CRLF)`): one python3 reads
    /// them all, once for the suite (a python3 and its import of dotenv for each file took most of its time).
    static let peer: Result<[String: Answer], CorpusError> = {
        do {
            let folder = try TemporaryDirectory(prefix: "dotenv-peer")
            var paths: [String: String] = [:]
            for (index, name) in files.enumerated() {
                for crlf in [false, true] {
                    let path = folder.path("\(index)\(crlf ? "-crlf" : "").env")
                    try Data(try bytes(name, crlf: crlf)).write(to: URL(fileURLWithPath: path))
                    paths["\(name)\(crlf ? " (CRLF)" : "")"] = path
                }
            }
            let result = try CLI.run(
                "/usr/bin/env", ["python3", "-c", script] + paths.values.sorted(), environment: python)
            guard result.status == 0,
                let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            else { return .failure(CorpusError("python-dotenv: \(result.stderr)")) }
            var answers: [String: Answer] = [:]
            for (what, path) in paths {
                let answer = object[path] as? [String: Any]
                answers[what] = Answer(
                    values: answer?["values"] as? [String: String] ?? [:],
                    failed: Set(answer?["failed"] as? [Int] ?? []))
            }
            return .success(answers)
        } catch {
            return .failure(CorpusError("python-dotenv: \(error)"))
        }
    }()

    func compare(_ name: String, crlf: Bool) throws {
        let project = try Project(["profiles/.keep": ""])
        try RealFilesTests.write(project, "x.env", try Self.bytes(name, crlf: crlf))
        let what = "\(name)\(crlf ? " (CRLF)" : "")"

        let answer = try #require(try Self.peer.get()[what], "\(what): python-dotenv gave no answer")
        var expected = answer.values
        // python-dotenv opens files as `utf-8`, not `utf-8-sig`: a byte order mark becomes part of the first name.
        // `profile` drops it, as docker compose does (and as an editor shows the file).
        for name in expected.keys where name.hasPrefix("\u{FEFF}") {
            expected[String(name.dropFirst())] = expected.removeValue(forKey: name)
        }
        let failed = answer.failed

        let imported = try project.profile(
            ["import", "dotenv", "x.env", "--name", "p"], environment: ["PATH": Self.path])
        if !failed.isEmpty {
            #expect(imported.status == 65, "\(what): python-dotenv fails lines \(failed.sorted()): \(imported.stderr)")
            var lines = Set<Int>()
            for line in imported.stderr.split(separator: "\n") where line.contains(": error: ") {
                let parts = line.split(separator: ":")
                if parts.count > 2, let number = Int(parts[1]) { lines.insert(number) }
            }
            #expect(lines == failed, "\(what): \(imported.stderr)")
            #expect(!project.exists("profiles/p.yml"))
            return
        }
        #expect(imported.status == 0, "\(what): \(imported.stderr)")
        let json = try project.profile(["export", "json", "p"], environment: ["PATH": Self.path])
        #expect(json.status == 0, "\(what): \(json.stderr)")
        let exported = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        var environment = exported?["environment"] as? [String: String] ?? [:]
        environment["PROFILE_PAYLOAD"] = nil
        #expect(environment == expected, "\(what)")
    }

    @Test(.enabled(if: peerAvailable || required, "needs python3 with python-dotenv"), arguments: files)
    func importReadsWhatPythonDotenvReads(_ name: String) throws {
        try compare(name, crlf: false)
    }

    @Test(.enabled(if: peerAvailable || required, "needs python3 with python-dotenv"), arguments: files)
    func importReadsWhatPythonDotenvReadsWithCRLF(_ name: String) throws {
        try compare(name, crlf: true)
    }
}

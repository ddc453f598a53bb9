import Foundation
import TestSupport
import Testing

/// The bad-input corpus (`Fixtures/Corpus`, described in its README): every case is copied into a throwaway
/// project and run through the built `profile run <args> -- touch LAUNCHED` from the project's root. The exact
/// standard error and exit status must match `expected.txt`, the child must not be launched (unless the case
/// expects success), the tool must not die of a signal, and it must finish within bounded CPU time and memory (limits
/// the kernel enforces: `ulimit -t` and `-v`; a case beyond them dies of SIGXCPU or fails to allocate, never a clock
/// read by the test).
@Suite(.timeLimit(.minutes(20))) struct CorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Corpus")

    /// The case folders, sorted.
    static let caseNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/expected.txt").path)
        }
        .sorted()
    }()

    /// CPU seconds one case may use (debug build): CPU time, which a loaded machine does not stretch as it does the
    /// time on the clock.
    static let cpuSeconds = 10

    @Test func theCorpusIsThere() {
        #expect(Self.caseNames.count >= 60)
    }

    @Test(arguments: CorpusTests.caseNames)
    func badInput(_ name: String) throws {
        let expected = try Expectation(folder: Self.corpus.appendingPathComponent(name))
        if let issue = expected.knownIssue {
            withKnownIssue(Comment(rawValue: issue)) { try Self.verify(name, expected) }
        } else {
            try Self.verify(name, expected)
        }
    }

    /// The checks can fail: a case run against a wrong expectation records issues.
    @Test func aWrongExpectationFails() throws {
        var wrongText = try Expectation(folder: Self.corpus.appendingPathComponent("001-yaml-unclosed-flow-sequence"))
        wrongText.stderr += " "
        withKnownIssue("one character more in the expected text") {
            try Self.verify("001-yaml-unclosed-flow-sequence", wrongText)
        }
        var wrongStatus = try Expectation(folder: Self.corpus.appendingPathComponent("001-yaml-unclosed-flow-sequence"))
        wrongStatus.status = 64
        withKnownIssue("another exit status") { try Self.verify("001-yaml-unclosed-flow-sequence", wrongStatus) }
        var launches = try Expectation(folder: Self.corpus.appendingPathComponent("000-control-valid-profile-launches"))
        launches.status = 65
        withKnownIssue("the control case launches its child") {
            try Self.verify("000-control-valid-profile-launches", launches)
        }
    }

    static func verify(_ name: String, _ expected: Expectation) throws {
        let project = try CorpusProject(copying: corpus.appendingPathComponent(name))
        try project.generate(expected.generated)

        // A memory limit (2 GB of address space) and a CPU limit, set by a shell that then execs `profile` (same
        // pid, so a crash, or SIGXCPU past the CPU limit, is seen as the signal it is). `ulimit -v` is not on every
        // system: best effort.
        let command =
            [
                "-c", "ulimit -v 2000000 2>/dev/null; ulimit -t \(cpuSeconds) 2>/dev/null; exec \"$0\" \"$@\"",
                CLI.profileBinary,
            ]
            + ["run"] + expected.arguments + ["--", "touch", "LAUNCHED"]
        let result = try CLI.run("/bin/sh", command, in: project.root, environment: expected.environment)

        #expect(!result.signaled, "killed by signal \(result.status) (SIGXCPU: more than \(cpuSeconds) s of CPU)")
        #expect(result.status == expected.status, "exit status")
        let launched = FileManager.default.fileExists(atPath: project.root + "/LAUNCHED")
        #expect(launched == (expected.status == 0), launched ? "the child was launched" : "the child was not launched")
        if result.stderr.utf8.count > 1_000_000 {
            Issue.record("standard error is \(result.stderr.utf8.count) bytes long")
        } else {
            #expect(result.stderr == expected.stderr)
        }
    }
}

/// What `expected.txt` says: header lines, a `---` line, then the exact standard error.
struct Expectation {
    struct Generator: Decodable {
        var head: String?
        var unit: String
        var count: Int
        var close: String?
        var tail: String?
    }

    var status: Int32 = -1
    var arguments = ["p"]
    var environment: [String: String] = [:]
    var generated: [(path: String, generator: Generator)] = []
    var knownIssue: String?
    var stderr = ""

    init(folder: URL) throws {
        let data = try Data(contentsOf: folder.appendingPathComponent("expected.txt"))
        try self.init(text: String(decoding: data, as: UTF8.self))
    }

    init(text: String) throws {
        guard let separator = text.range(of: "\n---\n") else { throw CorpusError("expected.txt has no `---` line") }
        // The system's limits where a message names them (PATH_MAX is 4096 on Linux, 1024 on Darwin).
        stderr = String(text[separator.upperBound...]).replacingOccurrences(of: "{NAME_MAX}", with: "\(NAME_MAX)")
            .replacingOccurrences(of: "{PATH_MAX}", with: "\(PATH_MAX)")
        for line in text[..<separator.lowerBound].split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { throw CorpusError("not a header line: \(line)") }
            let key = String(line[..<colon])
            let value = line[line.index(after: colon)...].drop(while: { $0 == " " })
            switch key {
            case "exit":
                guard let status = Int32(value) else { throw CorpusError("bad exit status: \(value)") }
                self.status = status
            case "args":
                arguments = try Self.words(String(value))
            case "env":
                guard let equals = value.firstIndex(of: "=") else {
                    throw CorpusError("env takes NAME=VALUE: \(value)")
                }
                environment[String(value[..<equals])] = String(value[value.index(after: equals)...])
            case "generate":
                guard let space = value.firstIndex(of: " ") else {
                    throw CorpusError("generate takes PATH JSON: \(value)")
                }
                let spec = try JSONDecoder().decode(
                    Generator.self, from: Data(value[value.index(after: space)...].utf8))
                generated.append((String(value[..<space]), spec))
            case "known-issue":
                knownIssue = String(value)
            default:
                throw CorpusError("unknown header `\(key)`")
            }
        }
        guard status >= 0 else { throw CorpusError("no `exit:` line") }
    }

    /// Splits on spaces; single quotes group words (`--disable 'a b'`).
    static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        for character in text {
            if quoted {
                if character == "'" { quoted = false } else { current.append(character) }
            } else if character == "'" {
                quoted = true
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quoted { throw CorpusError("unclosed quote in args: \(text)") }
        if inWord { words.append(current) }
        return words
    }
}

/// A copy of one case folder in a temporary directory that is its own repository root (so the walk up for
/// `profiles/` stops there). Removed with everything in it when the case ends, however it ends.
struct CorpusProject {
    let directory: TemporaryDirectory
    var root: String { directory.path }

    init(copying folder: URL) throws {
        directory = try TemporaryDirectory(prefix: "profile-corpus")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != "expected.txt" {
            try FileManager.default.copyItem(
                atPath: folder.appendingPathComponent(name).path, toPath: directory.path(name))
        }
        try directory.createDirectory(".git")
    }

    /// A piece of a generator's unit: text as it is, or the number `{i-1}` or `{i}` stands for.
    enum Piece: Equatable {
        case text(String)
        case previous
        case current
    }

    /// `unit` as its text between its `{i-1}` and `{i}`, and those numbers.
    static func pieces(of unit: String) -> [Piece] {
        var pieces: [Piece] = []
        for (index, part) in unit.components(separatedBy: "{i-1}").enumerated() {
            if index > 0 { pieces.append(.previous) }
            for (index, text) in part.components(separatedBy: "{i}").enumerated() {
                if index > 0 { pieces.append(.current) }
                if !text.isEmpty { pieces.append(.text(text)) }
            }
        }
        return pieces
    }

    /// Appends each generated text to its file: `head`, `unit` `count` times (`{i}` is 1, 2, ...; `{i-1}` one
    /// less), `close` `count` times, then `tail`.
    func generate(_ generated: [(path: String, generator: Expectation.Generator)]) throws {
        for (path, generator) in generated {
            // The unit cut once at its numbers (replacing them in each of 140,000 units took seconds of the tests' CPU),
            // the text built as a String (appends the standard library has compiled, not generic ones).
            var text = generator.head ?? ""
            let pieces = Self.pieces(of: generator.unit)
            for index in 0..<generator.count {
                for piece in pieces {
                    switch piece {
                    case .text(let piece): text += piece
                    case .previous: text += String(index)
                    case .current: text += String(index + 1)
                    }
                }
            }
            text += String(repeating: generator.close ?? "", count: generator.count)
            text += generator.tail ?? ""
            let bytes = Data(text.utf8)
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if let handle = FileHandle(forWritingAtPath: full) {
                defer { try? handle.close() }
                try handle.seekToEnd()
                try handle.write(contentsOf: bytes)
            } else {
                try bytes.write(to: URL(fileURLWithPath: full))
            }
        }
    }
}

struct CorpusError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

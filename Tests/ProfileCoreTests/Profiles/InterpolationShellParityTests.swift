import Foundation
import ProfileModel
import TestSupport
import Testing

/// `env` interpolation held against the shells it imitates: every case runs through `bash -c` and `dash -c` as
/// double-quoted assignments applied in order (`env -i INHERITED... sh -c 'A="…"; B="…"; …'`) and through the
/// resolver (the same entries in a profile, over the same inherited environment), and the outcomes must be the
/// case's: the same values and unset variables, or a failure in all three.
///
/// The deliberate differences (also listed in the README's interpolation section) are a table of their own:
/// each must give our documented outcome and something else in the shells it names.
@Suite(.timeLimit(.minutes(20))) struct InterpolationShellParityTests {
    /// The shells, by name: found on PATH or where Homebrew installs them (`Tools`). bash is bash 5 (macOS's
    /// `/bin/bash` 3.2 does not count); dash wherever it is installed (not only Debian's `/usr/bin/dash`).
    static let shells = ["bash", "dash"]

    static func exists(_ shell: String) -> Bool { Tools.path(shell) != nil }

    /// The outcome: each entry's variable as `NAME=value` or `NAME unset`, in order of first appearance, or `fails`.
    typealias Outcome = [String]
    static let fails: Outcome = ["fails"]

    /// `env` entries applied in order (`NAME=template`, or `-NAME` for `null`: unset) over an inherited environment.
    struct Case: Sendable, CustomTestStringConvertible {
        var entries: [String]
        var inherited: [String]
        var outcome: Outcome
        /// For a deliberate difference: why, and the shells that differ.
        var reason: String?
        var differsIn: [String]

        init(
            _ entries: [String], inherited: [String] = [], gives outcome: Outcome, reason: String? = nil,
            differsIn: [String] = InterpolationShellParityTests.shells
        ) {
            self.entries = entries
            self.inherited = inherited
            self.outcome = outcome
            self.reason = reason
            self.differsIn = differsIn
        }

        var testDescription: String {
            entries.joined(separator: "; ") + (inherited.isEmpty ? "" : " over " + inherited.joined(separator: " "))
        }

        /// (name, template or nil for unset), in order.
        var parsed: [(name: String, template: String?)] {
            entries.map { entry in
                if entry.hasPrefix("-") { return (String(entry.dropFirst()), nil) }
                let equals = entry.firstIndex(of: "=")!
                return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
            }
        }

        var names: [String] {
            var names: [String] = []
            for (name, _) in parsed where !names.contains(name) { names.append(name) }
            return names
        }
    }

    static let cases: [Case] = [
        // $VAR and ${VAR}; names with digits and underscores
        Case(["B=$A/bin"], inherited: ["A=x"], gives: ["B=x/bin"]),
        Case(["B=${A}y"], inherited: ["A=x"], gives: ["B=xy"]),
        Case(["B=[$NOPE][${NOPE}]"], gives: ["B=[][]"]),
        Case(["B=$A_1.$A1B.${_x9}"], inherited: ["A_1=u", "A1B=v", "_x9=w"], gives: ["B=u.v.w"]),
        Case(["B=$A-1 $A:x $A{b} $A.$A"], inherited: ["A=x"], gives: ["B=x-1 x:x x{b} x.x"]),
        // :- and - (unset vs empty)
        Case(["B=${A:-d}"], gives: ["B=d"]),
        Case(["B=${A:-d}"], inherited: ["A="], gives: ["B=d"]),
        Case(["B=${A:-d}"], inherited: ["A=x"], gives: ["B=x"]),
        Case(["B=${A-d}"], gives: ["B=d"]),
        Case(["B=${A-d}"], inherited: ["A="], gives: ["B="]),
        Case(["B=${A-}|${A:-}"], inherited: ["A=x"], gives: ["B=x|x"]),
        // :+ and +
        Case(["B=${A:+alt}"], inherited: ["A=x"], gives: ["B=alt"]),
        Case(["B=[${A:+alt}]"], inherited: ["A="], gives: ["B=[]"]),
        Case(["B=[${A:+alt}]"], gives: ["B=[]"]),
        Case(["B=${A+alt}"], inherited: ["A="], gives: ["B=alt"]),
        Case(["B=[${A+alt}]"], gives: ["B=[]"]),
        // :? and ?
        Case(["B=${A:?needed}"], inherited: ["A=x"], gives: ["B=x"]),
        Case(["B=${A:?needed}"], inherited: ["A="], gives: fails),
        Case(["B=${A:?}"], gives: fails),
        Case(["B=[${A?}]"], inherited: ["A="], gives: ["B=[]"]),
        Case(["B=${A?needed}"], gives: fails),
        Case(["B=${A:?need $C}"], inherited: ["C=c"], gives: fails),
        // Nested, and evaluated only when used
        Case(["B=${A:-${C:-deep}}"], gives: ["B=deep"]),
        Case(["B=${A:-${C:-deep}}"], inherited: ["C=c"], gives: ["B=c"]),
        Case(["B=${A:-pre${C}post}"], inherited: ["C=c"], gives: ["B=precpost"]),
        Case(["B=${A:-${C:?needed}}"], inherited: ["A=x"], gives: ["B=x"]),
        Case(["B=${A:-${C:?needed}}"], inherited: ["A="], gives: fails),
        Case(["B=${A:-${C:?needed}}"], gives: fails),
        Case(["B=${A-${C?needed}}"], inherited: ["A="], gives: ["B="]),
        Case(["B=[${A:+${C:?}}]"], gives: ["B=[]"]),
        Case(["B=[${A:+${C:?}}]"], inherited: ["A="], gives: ["B=[]"]),
        Case(["B=${A:+${C:?}}"], inherited: ["A=x"], gives: fails),
        Case(["B=${A+${C?}}"], inherited: ["A="], gives: fails),
        Case(["B=[${A+${C?}}]"], gives: ["B=[]"]),
        Case(["B=${A:?${C:?inner}}"], inherited: ["A=x"], gives: ["B=x"]),
        // Entries apply in order, each seeing the ones before it; `null` unsets
        Case(["A=1", "B=${A}2", "A=${B}3"], gives: ["A=123", "B=12"]),
        Case(["A=${A}:/opt/tools/bin"], inherited: ["A=/usr/bin"], gives: ["A=/usr/bin:/opt/tools/bin"]),
        Case(["-A", "B=${A-gone}"], inherited: ["A=x"], gives: ["A unset", "B=gone"]),
        Case(["A=", "B=${A-set}|${A:-empty}"], gives: ["A=", "B=|empty"]),
        Case(["A=${B:-one}", "B=${A:+two}", "C=$A$B"], gives: ["A=one", "B=two", "C=onetwo"]),
        // A `$` that starts nothing is itself; `}` outside a reference is text
        Case(["B=cost 5$"], gives: ["B=cost 5$"]),
        Case(["B=$ $/ $. $% $=x"], gives: ["B=$ $/ $. $% $=x"]),
        Case(["B=a}b ${A:-a}b}"], gives: ["B=a}b ab}"]),
        Case(["B=${A:-$}"], gives: ["B=$"]),
        Case(["B="], gives: ["B="]),
        Case(["B=it's ${A}"], inherited: ["A=x"], gives: ["B=it's x"]),
        // Unicode text around references (names are ASCII)
        Case(["B=é${A}ü 日本$A語 🎉"], inherited: ["A=x"], gives: ["B=éxü 日本x語 🎉"]),
        Case(["B=${A:-é}|${C:-日本}"], inherited: ["C="], gives: ["B=é|日本"]),
        Case(["B=$é"], gives: ["B=$é"]),
        Case(["B=${é}"], gives: fails),
        // Syntax errors
        Case(["B=${A"], gives: fails),
        Case(["B=x${A:-x"], gives: fails),
        Case(["B=x${A:-${C}"], gives: fails),
        Case(["B=${}"], gives: fails),
        Case(["B=${1X}"], gives: fails),
        Case(["B=${A B}"], gives: fails),
        Case(["B=${ A}"], gives: fails),
        Case(["B=${A:}"], gives: fails),
    ]

    /// The deliberate differences, each with our outcome; the README's interpolation section lists the same.
    static let differences: [Case] = [
        Case(
            ["B=$$"], gives: ["B=$"],
            reason: "`$$` is a literal `$` (as in Docker Compose); in a shell it is the shell's process id"),
        Case(
            ["B=$1|$0|$#|$?|$-|$@|$*|$!"], gives: ["B=$1|$0|$#|$?|$-|$@|$*|$!"],
            reason: "a `$` before a digit or a special character is itself: there are no positional or special "
                + "parameters"),
        Case(["B=${1}"], gives: fails, reason: "`${1}` is not a variable name"),
        Case(
            ["B=${#A}"], inherited: ["A=xyz"], gives: fails,
            reason: "only `-`, `+` and `?` (with or without `:`): length, pattern removal, substitution and substring "
                + "forms are errors, not expansions"),
        Case(["B=${A#x}|${A%z}"], inherited: ["A=xyz"], gives: fails, reason: "as above"),
        Case(["B=${A:1}"], inherited: ["A=xyz"], gives: fails, reason: "as above", differsIn: ["bash"]),
        Case(["B=${A/x/y}"], inherited: ["A=xyz"], gives: fails, reason: "as above", differsIn: ["bash"]),
        Case(
            ["B=${A:-${}}"], inherited: ["A=x"], gives: fails,
            reason: "a syntax error is an error in a branch that is not taken too (a shell never looks at it), so "
                + "that `lint` finds it whatever the environment holds"),
        Case(
            ["B=$(echo hi) $((1+1)) `echo hi`"], gives: ["B=$(echo hi) $((1+1)) `echo hi`"],
            reason: "no command substitution and no arithmetic: `$(`, `$((` and backquotes are text"),
        Case(
            ["B=\\$A \\x"], inherited: ["A=x"], gives: ["B=\\x \\x"],
            reason: "no quoting inside the text (YAML did the quoting): `\\` is text and cannot escape `$`; "
                + "write `$$`"),
    ]

    @Test(arguments: cases) func theResolverGivesTheCasesOutcome(_ testCase: Case) throws {
        #expect(try Self.resolve(testCase) == testCase.outcome)
    }

    @Test(.enabled(if: exists("bash"), "needs bash 5"), arguments: cases)
    func bashGivesTheCasesOutcome(_ testCase: Case) throws {
        #expect(try Self.run("bash", testCase) == testCase.outcome)
    }

    @Test(.enabled(if: exists("dash"), "needs dash"), arguments: cases)
    func dashGivesTheCasesOutcome(_ testCase: Case) throws {
        #expect(try Self.run("dash", testCase) == testCase.outcome)
    }

    @Test(arguments: differences) func deliberateDifferences(_ testCase: Case) throws {
        #expect(try Self.resolve(testCase) == testCase.outcome, "\(testCase.reason ?? "")")
        for shell in testCase.differsIn where Self.exists(shell) {
            let theirs = try Self.run(shell, testCase)
            #expect(
                theirs != testCase.outcome, "\(shell) now agrees: remove the difference from the table and the README")
        }
    }

    /// The harness itself: a case whose outcome is wrong fails against the shells.
    @Test(.enabled(if: exists("bash"), "needs bash 5")) func aWrongOutcomeIsSeen() throws {
        #expect(try Self.run("bash", Case(["B=${A:-d}"], inherited: ["A=x"], gives: [])) == ["B=x"])
        #expect(try Self.run("bash", Case(["B=${A:?}"], gives: [])) == Self.fails)
    }

    // MARK: Running a case

    /// Through the resolver: the entries in profiles (a new profile, extending the previous one, whenever a name
    /// comes again: a mapping has no duplicate keys), resolved for `run` over the inherited environment.
    static func resolve(_ testCase: Case) throws -> Outcome {
        var files: [String: String] = [:]
        var current: [(String, String?)] = []
        var index = 0
        func flush() {
            var text = index == 0 ? "" : "extends: p\(index - 1)\n"
            text += "env:\n"
            for (name, template) in current {
                let quoted = template.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }
                text += "  \(name): " + (quoted ?? "null")
                text += "\n"
            }
            files["p\(index).yml"] = text
            index += 1
            current = []
        }
        for (name, template) in testCase.parsed {
            if current.contains(where: { $0.0 == name }) { flush() }
            current.append((name, template))
        }
        flush()
        let profiles = try TemporaryProfiles(files)
        let inherited = testCase.inherited.map { entry in
            let equals = entry.firstIndex(of: "=")!
            return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
        }
        let (resolved, diagnostics) = try profiles.resolve(["p\(index - 1)"], environment: inherited)
        guard let resolved else {
            #expect(!diagnostics.isEmpty)
            return fails
        }
        #expect(diagnostics == "")
        let environment = resolved.childEnvironment
        return testCase.names.map { name in environment[name].map { "\(name)=\($0)" } ?? "\(name) unset" }
    }

    /// Through `shell -c` (`shell` by name, found by `Tools`): each entry a double-quoted assignment (or `unset`), in
    /// order, in a shell started by `env -i` with only the inherited variables; then each variable printed, set or
    /// not.
    static func run(_ name: String, _ testCase: Case) throws -> Outcome {
        let shell = try #require(Tools.path(name), "no \(name)")
        var script = ""
        for (name, template) in testCase.parsed {
            if let template {
                precondition(
                    !template.contains("\"") && !template.contains("\n"), "the harness double-quotes templates")
                script += "\(name)=\"\(template)\"\n"
            } else {
                script += "unset \(name)\n"
            }
        }
        for name in testCase.names {
            script += "if [ -n \"${\(name)+set}\" ]; then printf 's%s\\0' \"$\(name)\"; else printf 'u\\0'; fi\n"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i"] + testCase.inherited + [shell, "-c", script]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // bash reports a bad substitution and goes on with the next line: a complaint is a failure too.
        guard process.terminationStatus == 0, complaints.isEmpty else { return fails }
        let fields = printed.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        return zip(testCase.names, fields).map { name, field in
            field.first == UInt8(ascii: "s")
                ? "\(name)=\(String(decoding: field.dropFirst(), as: UTF8.self))" : "\(name) unset"
        }
    }
}

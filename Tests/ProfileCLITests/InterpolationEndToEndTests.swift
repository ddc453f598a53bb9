import Foundation
import Testing

/// Interpolation through the built `profile run`, against `bash -c` running the same assignments in order (the
/// full table of cases, against bash and dash, is `InterpolationShellParityTests` in ProfileCoreTests).
@Suite(.timeLimit(.minutes(20))) struct InterpolationEndToEndTests {
    /// `env` entries in order (`NAME: template`, written as YAML single-quoted scalars) over `inherited`.
    struct Case: Sendable, CustomTestStringConvertible {
        var entries: [(name: String, template: String)]
        var inherited: [String: String]
        var testDescription: String { entries.map { "\($0.name)=\($0.template)" }.joined(separator: "; ") }
    }

    static let cases: [Case] = [
        // A default is evaluated only when it is used: the `:?` inside does not fire while A is set.
        Case(entries: [("B", "${A:-${C:?needed}}")], inherited: ["A": "x"]),
        Case(entries: [("B", "${A:-${C:?needed}}")], inherited: [:]),
        Case(entries: [("B", "[${A:+${C:?}}]")], inherited: ["A": ""]),
        Case(entries: [("B", "${A:+${C:?}}")], inherited: ["A": "x"]),
        // In order, each entry seeing the ones before it, over the inherited environment.
        Case(entries: [("A", "1"), ("B", "${A}2"), ("P", "${P}:/opt/tools/bin")], inherited: ["P": "/usr/bin"]),
        Case(
            entries: [("B", "é${A}ü 日本$A語 ${NOPE-unset} ${A-}${E:-empty} ${E-} $ 5$")],
            inherited: ["A": "x", "E": ""]),
    ]

    /// What the child sees of the case's variables, or `fails`, and whether it was launched.
    func throughProfile(_ testCase: Case) throws -> [String] {
        var yaml = "env:\n"
        for (name, template) in testCase.entries { yaml += "  \(name): '\(template)'\n" }
        let project = try Project(["profiles/p.yml": yaml])
        try project.write("bin/show", showChild, executable: true)
        let result = try project.profile(["run", "p", "--", project.path("bin/show")], environment: testCase.inherited)
        guard result.status == 0 else {
            #expect(result.status == 65)
            #expect(result.stdout == "", "nothing is launched")
            return ["fails"]
        }
        let names = Set(testCase.entries.map(\.name))
        return result.stdout.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("env:"), let equals = line.firstIndex(of: "=") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: 4)..<equals])
            return names.contains(name) ? String(line.dropFirst(4)) : nil
        }
    }

    func throughBash(_ testCase: Case) throws -> [String] {
        var script = testCase.entries.map { "\($0.name)=\"\($0.template)\"\n" }.joined()
        script += "export " + testCase.entries.map(\.name).joined(separator: " ") + "\n"
        script += "env | LC_ALL=C sort\n"
        let inherited = testCase.inherited.map { "\($0.key)=\($0.value)" }
        let bash = try #require(Tools.path("bash"))
        let result = try CLI.run("/usr/bin/env", ["-i"] + inherited + [bash, "-c", script])
        guard result.status == 0 else { return ["fails"] }
        let names = Set(testCase.entries.map(\.name))
        return result.stdout.split(separator: "\n").map(String.init).filter { line in
            names.contains(String(line.prefix { $0 != "=" }))
        }
    }

    @Test(.enabled(if: Tools.available("bash"), "needs bash 5"), arguments: cases)
    func profileRunAgreesWithBash(_ testCase: Case) throws {
        let ours = try throughProfile(testCase)
        #expect(ours == (try throughBash(testCase)))
    }

    @Test func theLazyRequiredVariableFiresOnlyWhenItsDefaultIsUsed() throws {
        let project = try Project(["profiles/p.yml": "env:\n  B: ${A:-${C:?needed}}\n"])
        let launched = try project.profile(["run", "p", "--", "/usr/bin/printenv", "B"], environment: ["A": "x"])
        #expect(launched.status == 0)
        #expect(launched.stdout == "x\n")
        let refused = try project.profile(["run", "p", "--", "touch", project.path("launched")])
        #expect(refused.status == 65)
        #expect(!FileManager.default.fileExists(atPath: project.path("launched")))
        #expect(
            refused.stderr == """
                profiles/p.yml:2:11: error: `C` is not set: needed
                  B: ${A:-${C:?needed}}
                          ^~~~~~~~~~~~

                """)
    }

    @Test func dollarDollarIsALiteralDollar() throws {
        let project = try Project(["profiles/p.yml": "env:\n  B: 'cost $$5'\narguments: ['--price=$$5']\n"])
        let result = try project.profile(["run", "p", "--", "/bin/sh", "-c", "printf '%s|%s' \"$B\" \"$0\""])
        #expect(result.status == 0)
        #expect(result.stdout == "cost $5|--price=$5")
    }
}

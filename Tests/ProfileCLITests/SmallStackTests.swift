import Foundation
import TestSupport
import Testing

/// Bad input never crashes the tool, whatever the stack (issue 30): `lint` loads files on Dispatch's worker threads,
/// which have 512 KiB of stack on Darwin, and nesting must cost none of it. The built binary runs under
/// `sh -c 'ulimit -s 256; exec profile …'`: glibc gives the main thread and every new thread (Dispatch's workers
/// included) the soft `RLIMIT_STACK` as their stack, so 256 KiB here is smaller than any thread the tool runs on a Mac.
/// Before the loader and the `values` decoder kept their own stacks of frames, the debug build died of SIGSEGV from
/// 60 levels on and the release build from about 250 on.
@Suite(.timeLimit(.minutes(20))) struct SmallStackTests {
    /// The parser's limit: collections nested in one file, the file's own mapping included.
    static let limit = 256

    /// A profile nesting `values` mappings `depth` collections deep (the file's mapping included), one `{a:` per line
    /// so that the line of the one too many is short: `values: {a: {a: … 1}}`, a value named `a.a.…a`.
    static func nested(_ depth: Int) -> String {
        guard depth > 1 else { return "description: flat\n" }
        var lines = ["values:"] + Array(repeating: "  {a:", count: depth - 2) + ["  {a: 1"]
        lines.append("  " + String(repeating: "}", count: depth - 1))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs `profile arguments` in `project` on a 256 KiB stack.
    static func onSmallStack(_ project: Project, _ arguments: [String]) throws -> CLI.Result {
        try CLI.run(
            "/bin/sh", ["-c", "ulimit -s 256 && exec \"$0\" \"$@\"", CLI.profileBinary] + arguments, in: project.root)
    }

    /// Every depth the limit admits, each in a profile of its own, checked by one `lint`: it loads every file of
    /// `profiles/` on Dispatch's worker threads, each thread on the 256 KiB stack, and a depth that overflowed it would
    /// end the process with SIGSEGV whichever file it is in (one process instead of one a depth, 4 s of CPU).
    @Test func lintSurvivesEveryDepth() throws {
        var files: [String: String] = [:]
        for depth in 1...Self.limit { files["profiles/depth-\(depth).yml"] = Self.nested(depth) }
        let project = try Project(files)
        let result = try Self.onSmallStack(project, ["lint"])
        #expect(!result.signaled, "killed by signal \(result.status)")
        #expect(result.status == 0)
        #expect(result.stderr == "\(Self.limit) profiles checked, no problems.\n")
    }

    /// One level more than the limit is an error, on the same stack.
    @Test func lintRefusesOneLevelMore() throws {
        let depth = Self.limit + 1
        let project = try Project(["profiles/p.yml": Self.nested(depth)])
        let result = try Self.onSmallStack(project, ["lint"])
        #expect(!result.signaled, "killed by signal \(result.status)")
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                profiles/p.yml:\(depth):3: error: nesting is deeper than 256 levels; profiles are never that deep
                  {a: 1
                  ^

                """)
    }

    /// `run` and `show` read the same tree: the deepest admitted profile launches and shows, on the same stack.
    @Test func runAndShowSurviveTheDeepestProfile() throws {
        let project = try Project(["profiles/p.yml": Self.nested(Self.limit)])
        let name = Array(repeating: "a", count: Self.limit - 1).joined(separator: ".")
        let run = try Self.onSmallStack(
            project, ["run", "p", "--", "/bin/sh", "-c", "printf '%s\\n' \"$PROFILE_PAYLOAD\""])
        #expect(!run.signaled && run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("value.\(name)=1"), "\(run.stdout)")
        let show = try Self.onSmallStack(project, ["show", "p"])
        #expect(!show.signaled && show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains(name), "\(show.stdout)")
    }

    /// `${A:-${A:-…x…}}` nested as deep as interpolation admits (100 references) reads on the same stack in `lint`,
    /// `show` and `run` (the child receives `x`), and one more is refused, with the same whole message as on the
    /// usual 8 MiB stack. The parser kept a call per nesting level until it kept a stack of open references: the
    /// debug build died of SIGSEGV on 256 KiB at the limit.
    @Test func interpolationNestedToItsLimitSurvives() throws {
        func nested(_ depth: Int) -> String {
            "env:\n  X: \"" + String(repeating: "${A:-", count: depth) + "x" + String(repeating: "}", count: depth)
                + "\"\n"
        }
        let project = try Project(["profiles/p.yml": nested(100)])
        let run = try Self.onSmallStack(project, ["run", "p", "--", "/bin/sh", "-c", "printf '%s\\n' \"$X\""])
        #expect(!run.signaled && run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "x\n")
        let lint = try Self.onSmallStack(project, ["lint"])
        #expect(!lint.signaled && lint.status == 0)
        #expect(lint.stderr == "1 profiles checked, no problems.\n")
        let show = try Self.onSmallStack(project, ["show", "p"])
        #expect(!show.signaled && show.status == 0, "\(show.stderr)")
        #expect(show.stdout == (try project.profile(["show", "p"])).stdout)

        let deeper = try Project(["profiles/q.yml": nested(101)])
        let refused = try Self.onSmallStack(deeper, ["lint"])
        let reference = try deeper.profile(["lint"])
        #expect(!refused.signaled && refused.status == 1)
        #expect(refused.stderr == reference.stderr && reference.status == 1)
        #expect(
            refused.stderr.hasPrefix(
                "profiles/q.yml:2:507: error: `${` nested more than 100 levels deep: write this value more simply\n"))
    }

    /// A chain of anchors, each nesting the one before 200 levels deeper, would build a tree 12,000 levels deep from a
    /// small file (it crashed even on an 8 MiB stack): refused at the first alias that goes past the limit.
    @Test func anAliasChainIsRefusedAtTheLimit() throws {
        func level(_ index: Int, holding inner: String) -> String {
            "  k\(index): &a\(index)\n" + String(repeating: "    [\n", count: 200) + "    \(inner)\n"
                + String(repeating: "    ]\n", count: 200)
        }
        let text = "values:\n" + level(0, holding: "1") + (1..<60).map { level($0, holding: "*a\($0 - 1)") }.joined()
        let project = try Project(["profiles/p.yml": text])
        let result = try Self.onSmallStack(project, ["lint"])
        #expect(!result.signaled, "killed by signal \(result.status)")
        #expect(result.status == 1)
        // `*a0` is on line 1 + 402 + 1 + 200 + 1: under the file's mapping, `values` and 200 lists.
        #expect(
            result.stderr == """
                profiles/p.yml:605:5: error: nesting is deeper than 256 levels once `*a0` is expanded (it holds 200 \
                levels, under 202 here); profiles are never that deep
                    *a0
                    ^~~

                """)
    }

    /// An `extends` chain 1,000 profiles long, named so that the leaf comes first (`c0000` extends `c0001`, …):
    /// resolving it, summarizing it for `lint` and freeing it each went one call per profile (SIGSEGV from about 100
    /// profiles on a 256 KiB stack in the debug build). Valid, every command succeeds; with an error in the leaf, `run`
    /// reports it and frees the chain.
    @Test func aLongExtendsChainOnASmallStack() throws {
        var files: [String: String] = [:]
        for index in 0..<1000 {
            let parent = index < 999 ? "extends: c\(String(format: "%04d", index + 1))\n" : ""
            files["profiles/c\(String(format: "%04d", index)).yml"] =
                parent + "env: {V\(index): x}\narguments: [-a\(index)]\n"
        }
        let project = try Project(files)
        let lint = try Self.onSmallStack(project, ["lint"])
        #expect(!lint.signaled && lint.status == 0)
        #expect(lint.stderr == "1000 profiles checked, no problems.\n")
        let show = try Self.onSmallStack(project, ["show", "c0000"])
        #expect(!show.signaled && show.status == 0, "\(show.stderr)")
        let run = try Self.onSmallStack(project, ["run", "c0000", "--", "/bin/sh", "-c", "echo $V0 $V999 $#", "sh"])
        #expect(!run.signaled && run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "x x 1000\n")

        try project.write("profiles/c0000.yml", "flgs: {}\n" + files["profiles/c0000.yml"]!)
        let refused = try Self.onSmallStack(project, ["run", "c0000", "--", "/bin/true"])
        #expect(!refused.signaled, "killed by signal \(refused.status)")
        #expect(refused.status == 65)
        #expect(
            refused.stderr == """
                profiles/c0000.yml:1:1: error: unknown key `flgs` in a profile; did you mean `flags`?
                flgs: {}
                ^~~~

                """)
    }
}

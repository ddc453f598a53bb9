import Foundation
import ProfileResolution
import TestSupport
import Testing

/// Which commands get which delivery (see `Delivery`): the tool by its basename and subcommand.
@Suite struct DeliveryDetectionTests {
    static let cases: [([String], String?, Delivery.Arguments, String?)] = [
        (["xcodebuild", "test", "-scheme", "App"], "TEST_RUNNER_", .payloadOnly, "xcodebuild test"),
        (
            ["/usr/bin/xcodebuild", "-scheme", "App", "test-without-building"], "TEST_RUNNER_", .payloadOnly,
            "xcodebuild test-without-building"
        ),
        (["xcrun", "xcodebuild", "-quiet", "test"], "TEST_RUNNER_", .payloadOnly, "xcodebuild test"),
        (["xcrun", "-sdk", "iphonesimulator", "xcodebuild", "test"], "TEST_RUNNER_", .payloadOnly, "xcodebuild test"),
        (["xcodebuild", "-scheme", "test", "build"], nil, .standard, nil),
        (["xcodebuild", "build"], nil, .standard, nil),
        (["xcrun", "simctl", "launch", "booted", "com.example.App"], "SIMCTL_CHILD_", .at(5), "simctl launch"),
        (
            ["xcrun", "simctl", "launch", "--console", "--stdout=/tmp/o", "booted", "id", "-x"], "SIMCTL_CHILD_",
            .at(7),
            "simctl launch"
        ),
        (["xcrun", "simctl", "spawn", "-a", "arm64", "booted", "/bin/app"], "SIMCTL_CHILD_", .at(7), "simctl spawn"),
        (["xcrun", "simctl", "launch", "booted"], "SIMCTL_CHILD_", .payloadOnly, "simctl launch"),
        (["xcrun", "simctl", "list"], nil, .standard, nil),
        (
            ["xcrun", "devicectl", "device", "process", "launch", "--device", "D", "id"], "DEVICECTL_CHILD_",
            .afterTerminator(8), "devicectl device process launch"
        ),
        (
            [
                "xcrun", "devicectl", "-t", "9", "--quiet", "device", "process", "launch", "-e", "{}", "--console",
                "--device=D", "id", "--", "-own",
            ], "DEVICECTL_CHILD_", .at(14), "devicectl device process launch"
        ),
        (
            ["devicectl", "device", "process", "launch", "-d", "D", "--", "id", "-own"], "DEVICECTL_CHILD_", .at(8),
            "devicectl device process launch"
        ),
        (
            ["xcrun", "devicectl", "device", "process", "launch", "-d", "D"], "DEVICECTL_CHILD_", .payloadOnly,
            "devicectl device process launch"
        ),
        (["xcrun", "devicectl", "list", "devices"], nil, .standard, nil),
        (["swift", "test"], nil, .payloadOnly, "swift test"),
        (["/usr/bin/swift", "test", "--filter", "Login"], nil, .payloadOnly, "swift test"),
        (["xcrun", "swift", "build", "-c", "release"], nil, .payloadOnly, "swift build"),
        (["swift-test", "--parallel"], nil, .payloadOnly, "swift test"),
        (["swift", "run", "app"], nil, .at(3), "swift run"),
        (["swift", "run", "-c", "release", "--package-path", "p", "app", "a", "--", "b"], nil, .at(8), "swift run"),
        (["swift", "run", "--", "app", "-x"], nil, .at(5), "swift run"),
        (["swift", "run", "-q"], nil, .payloadOnly, "swift run"),
        (["swift", "run", "--repl", "x"], nil, .payloadOnly, "swift run"),
        (["swift-run", "app", "x"], nil, .at(3), "swift run"),
        (["swift", "script.swift", "a"], nil, .standard, nil),
        (["swift"], nil, .standard, nil),
        ([], nil, .standard, nil),
    ]

    @Test(arguments: cases.indices)
    func detects(_ index: Int) {
        let (command, prefix, arguments, tool) = Self.cases[index]
        let delivery = Delivery.detect(command)
        #expect(delivery.prefix == prefix, "\(command)")
        #expect(delivery.arguments == arguments, "\(command)")
        #expect(delivery.tool == tool, "\(command)")
    }

    /// `Delivery.prefixes` and `Delivery.toolsWithoutPrefix`, which `run --help`, the man page and the docs list, are
    /// what `detect` gives: every tool it recognises in the cases above is listed with the prefix it gets, and every
    /// listed tool is recognised (`xcrun simctl launch|spawn` names `simctl launch` and `simctl spawn`).
    @Test func theListedPrefixesAreTheDetectedOnes() {
        var detected: Set<String> = []
        for (command, _, _, _) in Self.cases {
            let delivery = Delivery.detect(command)
            if let tool = delivery.tool { detected.insert((delivery.prefix ?? "none") + " " + tool) }
        }
        /// `` `xcrun simctl launch|spawn` `` with its prefix: `SIMCTL_CHILD_ simctl launch`, `… simctl spawn`.
        func named(_ listed: String, prefix: String) -> [String] {
            var words = listed.trimmingCharacters(in: CharacterSet(charactersIn: "`")).split(separator: " ")
            if words.first == "xcrun" { words.removeFirst() }
            let last = words.removeLast()
            return last.split(separator: "|").map {
                ([prefix] + words.map(String.init) + [String($0)]).joined(separator: " ")
            }
        }
        let listed =
            Delivery.prefixes.flatMap { named($0.tools, prefix: $0.prefix) }
            + Delivery.toolsWithoutPrefix.flatMap { named($0, prefix: "none") }
        // A listed tool covers the detected ones it starts (`xcodebuild test` covers `xcodebuild test-without-building`).
        #expect(detected.filter { tool in !listed.contains { tool.hasPrefix($0) } } == [])
        #expect(listed.filter { tool in !detected.contains { $0.hasPrefix(tool) } } == [])
        #expect(
            Delivery.prefixes.map(\.prefix) == [
                Delivery.testRunnerPrefix, Delivery.simulatorPrefix, Delivery.devicePrefix,
            ])
    }

    /// The docs of `run` list the prefixes and the tools that get one as `Delivery.prefixes` does, in order.
    @Test func theDocsListThePrefixes() throws {
        func read(_ path: String) throws -> String {
            try String(contentsOfFile: TestPaths.repositoryPath(path), encoding: .utf8)
        }
        let prefixes = Delivery.prefixes.map(\.prefix)
        let overview = try read("docs/cli/README.md")
        let line = try #require(overview.split(separator: "\n").first { $0.contains("[--prefix P]") })
        let inParentheses = try #require(line.split(separator: "(").last?.split(separator: ")").first)
        #expect(inParentheses.components(separatedBy: ", ") == prefixes)

        // docs/cli/run.md: "`xcodebuild test`, … are recognised: the variables are also set with the prefix the tool
        // hands on (`TEST_RUNNER_`, …)", wherever its lines break.
        let run = try read("docs/cli/run.md").split(whereSeparator: \.isNewline).joined(separator: " ")
        let recognised = try #require(
            run.components(
                separatedBy: " are recognised: the variables are also set with the prefix the tool "
                    + "hands on ("
            ).dropLast().last?.components(separatedBy: ". ").last)
        let tools = Delivery.prefixes.map(\.tools)
        #expect(recognised == tools.dropLast().joined(separator: ", ") + " and " + tools[tools.count - 1])
        let given = try #require(
            run.components(separatedBy: "hands on (").dropFirst().first?.components(separatedBy: ")").first)
        #expect(given == prefixes.map { "`\($0)`" }.joined(separator: ", "))
    }
}

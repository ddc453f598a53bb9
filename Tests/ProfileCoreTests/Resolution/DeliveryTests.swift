import ProfileResolution
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
}

import ProfileCore
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
        (["swift", "test"], nil, .standard, nil),
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

import Testing

@testable import ProfileRuntime

@Suite struct LaunchArgumentsTests {
    typealias Option = LaunchArguments.Option

    func parse(_ arguments: [String]) -> [Option] {
        var options: [Option] = []
        LaunchArguments.parse(arguments) { options.append($0) }
        return options
    }

    @Test func skipsTheProgramPath() {
        #expect(parse(["-program", "value"]) == [])
        #expect(parse([]) == [])
    }

    @Test func appleArgumentDomainForm() {
        #expect(parse(["app", "-pageSize", "5"]) == [Option(key: "page-size", text: "5", token: 1)])
    }

    /// `-key value` reads a property-list quoted string as `UserDefaults` does; other forms take the text as it is
    /// (the comparison with `UserDefaults` itself is `Tests/Peers`).
    @Test func argumentDomainQuotedStrings() {
        #expect(
            parse(["app", "-greeting", "\"Hello there\""]) == [Option(key: "greeting", text: "Hello there", token: 1)])
        #expect(parse(["app", "-a", " \"x\\\"y\" "]) == [Option(key: "a", text: "x\"y", token: 1)])
        #expect(parse(["app", "-a", "\"open"]) == [Option(key: "a", text: "\"open", token: 1)])
        #expect(parse(["app", "-a", "\"a\" b"]) == [Option(key: "a", text: "\"a\" b", token: 1)])
        #expect(parse(["app", "-a", "(en, fr)"]) == [Option(key: "a", text: "(en, fr)", token: 1)])
        #expect(parse(["app", "--a", "\"x\""]) == [Option(key: "a", text: "\"x\"", token: 1)])
        #expect(parse(["app", "-a=\"x\""]) == [Option(key: "a", text: "\"x\"", token: 1)])
    }

    @Test func listsReadPropertyListArrays() {
        #expect(TextConversion.list("(en, \"fr ca\", 'x,y')") == ["en", "fr ca", "x,y"])
        #expect(TextConversion.list("( )") == [])
        #expect(TextConversion.list("en, fr") == ["en", "fr"])
        #expect(TextConversion.list("((a))") == ["((a))"])
        #expect(TextConversion.list("(a b)") == ["(a b)"])
        #expect(PropertyListText.parse("{a = (1, \"2\"); b = <0aFF>;}") == .other)
        #expect(PropertyListText.parse("plain") == nil)
    }

    @Test func bareSingleDashFlags() {
        #expect(
            parse(["app", "-UITests", "-skipOnboarding"])
                == [Option(key: "uitests", text: nil, token: 1), Option(key: "skip-onboarding", text: nil, token: 2)]
        )
    }

    @Test func negativeNumbersAreValues() {
        #expect(
            parse(["app", "-offset", "-5", "-scale", "-2.5", "-ratio", "-.5"])
                == [
                    Option(key: "offset", text: "-5", token: 1),
                    Option(key: "scale", text: "-2.5", token: 3),
                    Option(key: "ratio", text: "-.5", token: 5),
                ]
        )
    }

    @Test func longOptions() {
        #expect(
            parse(["app", "--page-size", "5", "--verbose", "--countries=local-mock", "--empty=", "--dash=-x"])
                == [
                    Option(key: "page-size", text: "5", token: 1),
                    Option(key: "verbose", text: nil, token: 3),
                    Option(key: "countries", text: "local-mock", token: 4),
                    Option(key: "empty", text: "", token: 5),
                    Option(key: "dash", text: "-x", token: 6),
                ]
        )
    }

    @Test func inlineValueInSingleDashForm() {
        #expect(parse(["app", "-pageSize=5"]) == [Option(key: "page-size", text: "5", token: 1)])
    }

    @Test func inlineValueKeepsEverythingAfterTheFirstEquals() {
        #expect(parse(["app", "--url=http://x/?a=b"]) == [Option(key: "url", text: "http://x/?a=b", token: 1)])
    }

    @Test func doubleDashEndsOptions() {
        #expect(parse(["app", "-a", "1", "--", "-b", "2"]) == [Option(key: "a", text: "1", token: 1)])
        #expect(parse(["app", "-flag", "--", "-b"]) == [Option(key: "flag", text: nil, token: 1)])
    }

    @Test func positionalArgumentsAreIgnored() {
        #expect(
            parse(["app", "input.txt", "-n", "3", "output.txt", "-", "-x", "-"])
                == [Option(key: "n", text: "3", token: 2), Option(key: "x", text: "-", token: 6)]
        )
    }

    @Test func lastTokenFlag() {
        #expect(
            parse(["app", "-a", "1", "--last"])
                == [Option(key: "a", text: "1", token: 1), Option(key: "last", text: nil, token: 3)]
        )
    }

    @Test func emptyKeysAreIgnored() {
        #expect(parse(["app", "--=3", "-_", "x"]) == [])
    }

    @Test(arguments: [
        ("-a", true), ("--a", true), ("--", true), ("-", false), ("", false), ("a", false), ("-5", false),
        ("-0.1", false), ("-.5", false), ("-.x", true), ("-e5", true),
    ])
    func optionDetection(token: String, isOption: Bool) {
        #expect(LaunchArguments.isOption(token) == isOption)
    }

    /// `items`, the one reading of "an option takes the next word unless it is an option; `--` ends options" that
    /// `parse`, outer profiles, import and generated Swift go through, against the rule as the documentation states
    /// it, on every argv of up to four of these words.
    @Test func itemsFollowTheDocumentedRule() {
        let words = ["-a", "--b", "-c=d", "v", "-5", "--", "-"]
        var argvs: [[String]] = [[]]
        var last: [[String]] = [[]]
        for _ in 1...4 {
            last = last.flatMap { argv in words.map { argv + [$0] } }
            argvs += last
        }
        for argv in argvs {
            var expected: [LaunchArguments.Item] = []
            var ended = false
            var index = 0
            while index < argv.count {
                let word = argv[index]
                if word == "--" { ended = true }
                let option = !ended && word.count > 1 && word.hasPrefix("-") && word != "-5"
                if option, !word.contains("="), index + 1 < argv.count, argv[index + 1] != "--",
                    !(argv[index + 1].count > 1 && argv[index + 1].hasPrefix("-") && argv[index + 1] != "-5")
                {
                    expected.append(.init(index: index, value: index + 1, isOption: true))
                    index += 2
                } else {
                    expected.append(.init(index: index, value: nil, isOption: option))
                    index += 1
                }
            }
            var items: [LaunchArguments.Item] = []
            LaunchArguments.items(argv) { items.append($0) }
            #expect(items == expected, "\(argv)")
            // `parse` reads the options of these items (after the program path) and nothing else.
            var fromItems: [Int] = []
            LaunchArguments.items(argv, from: 1) {
                if $0.isOption, !argv[$0.index].hasPrefix("-=") { fromItems.append($0.index) }
            }
            #expect(parse(argv).map(\.token) == fromItems, "\(argv)")
        }
    }
}

import TestSupport
import Testing

@testable import ProfileRuntime

/// Issue 14, item 5: a process launched with ``ActiveProfile/launchArguments`` and ``ActiveProfile/launchEnvironment``
/// reads every key of the typed layer exactly as the process that handed the profile on.
@Suite struct HandOnConsistencyTests {
    static func runner(_ payload: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws
        -> ActiveProfile
    {
        var environment = environment
        environment[WireFormat.environmentVariable] = payload
        return try ActiveProfile(arguments: ["runner"] + arguments, environment: environment)
    }

    static func child(of runner: ActiveProfile) throws -> ActiveProfile {
        try ActiveProfile(arguments: ["app"] + runner.launchArguments, environment: runner.launchEnvironment)
    }

    /// The text each kind of read finds for `key`, in both processes; a key the payload has only as a flag is
    /// compared as on/off (it travels as `-key YES`/`-key NO`).
    static func expectSameReads(_ runner: ActiveProfile, _ child: ActiveProfile, key: String, _ comment: Comment) {
        let canonical = ProfileKey.canonical(key)
        let entry = runner.table[canonical]
        let onlyAFlag = entry.map { $0.flag != nil && $0.mock == nil && $0.value == nil } ?? false
        for section in [ActiveProfile.Section.flag, .mock, .value] {
            let mine = runner.find(canonical: canonical, prefer: section).map(\.text)
            let theirs = child.find(canonical: canonical, prefer: section).map(\.text)
            if onlyAFlag {
                #expect(mine.map(ActiveProfile.convertBool) == theirs.map(ActiveProfile.convertBool), comment)
            } else {
                #expect(mine == theirs, "\(key) read with \(section) preference; \(comment)")
            }
        }
        #expect(runner.flag(forKey: key) == child.flag(forKey: key), comment)
        #expect(runner.bool(forKey: key) == child.bool(forKey: key), comment)
        if !onlyAFlag {
            #expect(runner.string(forKey: key) == child.string(forKey: key), comment)
            #expect(runner.int(forKey: key) == child.int(forKey: key), comment)
            #expect(runner.value(Character.self, forKey: key) == child.value(Character.self, forKey: key), comment)
        }
    }

    static func expectSameReads(_ runner: ActiveProfile, _ comment: Comment = "") throws {
        let child = try child(of: runner)
        let payload = runner.payload
        for key in Array(payload.flags.keys) + Array(payload.mocks.keys) + Array(payload.values.keys) {
            expectSameReads(runner, child, key: key, comment)
        }
        #expect(child.profiles == runner.profiles, comment)
        // Handing on again gives the same: the hand-on is a fixed point.
        #expect(child.effectivePayload == runner.effectivePayload, comment)
        #expect(child.launchArguments == runner.launchArguments, comment)
        #expect(child.launchEnvironment == runner.launchEnvironment, comment)
    }

    // MARK: The collision of issue 14: `-k YES -k x`, last one wins

    @Test func aKeyThatIsAFlagAndAValue() throws {
        let runner = try Self.runner("profile/1;profile=p;flag.k=1;value.k=x;end")
        #expect(runner.isEnabled("k"))
        #expect(runner.string(forKey: "k") == "x")
        // Neither `-k YES` nor `-k x`: the payload alone carries the key.
        #expect(runner.launchArguments == [])
        let child = try Self.child(of: runner)
        #expect(child.isEnabled("k"))
        #expect(child.string(forKey: "k") == "x")
        try Self.expectSameReads(runner)
    }

    @Test func aKeyThatIsAFlagAndAMockUnderTwoSpellings() throws {
        let runner = try Self.runner("profile/1;flag.pageSize=0;mock.page_size=live;value.other=1;end")
        #expect(runner.launchArguments == ["-other", "1"])
        #expect(try Self.child(of: runner).variant(of: PageSize.self) == .live)
        #expect(!(try Self.child(of: runner).isEnabled("pageSize")))
        try Self.expectSameReads(runner)
    }

    @Test func aRunnerArgumentForACollidingKeyTravelsAsGiven() throws {
        let runner = try Self.runner("profile/1;flag.k=1;value.k=x;end", ["-k", "7"])
        #expect(runner.launchArguments == ["-k", "7"])
        #expect(try Self.child(of: runner).int(forKey: "k") == 7)
        try Self.expectSameReads(runner)
    }

    // MARK: Overrides that a payload cannot hold

    @Test func aFlagOverrideThatIsNotABoolean() throws {
        let runner = try Self.runner("profile/1;flag.fast=1;end", ["-fast", "maybe"])
        #expect(runner.flag(forKey: "fast") == nil)
        #expect(runner.launchArguments == ["-fast", "maybe"])
        #expect(try Self.child(of: runner).flag(forKey: "fast") == nil)
        try Self.expectSameReads(runner)
    }

    @Test func aBareOverrideOfAValue() throws {
        let runner = try Self.runner("profile/1;value.name=x;mock.countries=live;end", ["-name", "--countries"])
        #expect(runner.string(forKey: "name") == nil)
        #expect(runner.launchArguments == ["-countries", "-name"])
        #expect(try Self.child(of: runner).string(forKey: "name") == nil)
        try Self.expectSameReads(runner)
    }

    // MARK: The payload's own oddities

    @Test func oneKeyUnderTwoSpellingsReadsTheLastInThePayload() throws {
        // Not in the encoder's order: `pageSize` sorts after `page-size`, but this payload has it first.
        let runner = try Self.runner("profile/1;value.pageSize=1;value.page-size=2;end")
        #expect(runner.int(forKey: "pageSize") == 2)
        #expect(runner.effectivePayload.values == ["page-size": "2"])
        #expect(runner.launchArguments == ["-page-size", "2"])
        #expect(try Self.child(of: runner).int(forKey: "pageSize") == 2)
        try Self.expectSameReads(runner)
    }

    @Test func theTypedEntriesGoBeforeTheArgumentsOwnDoubleDash() throws {
        let payload = ProfilePayload(flags: ["f": true], values: ["n": "1"], arguments: ["-a", "--", "-n", "9"])
        #expect(payload.launchArguments == ["-a", "-f", "YES", "-n", "1", "--", "-n", "9"])
        let runner = try Self.runner(WireFormat.encode(payload))
        #expect(try Self.child(of: runner).int(forKey: "n") == 1)
        try Self.expectSameReads(runner)
    }

    @Test func theArgumentsOwnOptionsForAKeyOnlyThePayloadCarries() throws {
        // The profile's arguments set `k`, which is a flag and a value: the launched process would read `7`.
        let payload = ProfilePayload(
            flags: ["k": true], values: ["k": "x"], arguments: ["-AppleLanguages", "(en)", "-k", "7", "-v"])
        #expect(payload.launchArguments == ["-AppleLanguages", "(en)", "-v"])
        try Self.expectSameReads(try Self.runner(WireFormat.encode(payload)))
    }

    @Test func keysAndTextsNoOptionCanCarry() throws {
        let payload = ProfilePayload(
            flags: ["": true, "5x": true],
            values: ["a=b": "1", "nul": "a\u{0}b", "-": "x", "dash": "-x", "double": "--", "minus": "-5"])
        #expect(
            payload.launchArguments == [
                "--5x", "YES", "--dash=-x", "--double=--", "-minus", "-5",
            ])
        let runner = try Self.runner(WireFormat.encode(payload))
        #expect(try Self.child(of: runner).string(forKey: "nul") == "a\u{0}b")
        try Self.expectSameReads(runner)
    }

    @Test func forwardedVariablesAreVariables() throws {
        let payload = ProfilePayload(
            values: ["k": "1"], environmentKeys: ["GOOD", "A=B", "", "N\u{0}UL", "PROFILE_PAYLOAD"])
        let runner = try Self.runner(
            WireFormat.encode(payload), environment: ["GOOD": "1", "A=B": "2", "N\u{0}UL": "3"])
        #expect(Set(runner.launchEnvironment.keys) == ["GOOD", "PROFILE_PAYLOAD"])
    }

    // MARK: Random profiles

    static let keys = [
        "pageSize", "page_size", "page-size", "PAGE_SIZE", "k", "K", "x", "countries", "a.b", "a-b", "", "-", "--",
        "5x",
        "a=b", "a\u{0}b", "-k", "é", "flag",
    ]
    static let texts = [
        "1", "0", "YES", "no", "x", "", "-x", "-5", "--", "-", "7", "2.5", "live", "a\u{0}b", "=", ";", "é", "🇫🇷",
    ]

    static func token(_ random: inout SeededRandom) -> String {
        switch random.next() % 6 {
        case 0: "-" + random.pick(keys)
        case 1: "--" + random.pick(keys)
        case 2: "--" + random.pick(keys) + "=" + random.pick(texts)
        case 3: random.pick(texts)
        case 4: random.pick(["--", "-", "-5"])
        default: random.string(maxPieces: 2)
        }
    }

    @Test func randomProfilesReadTheSameOnceHandedOn() throws {
        var random = SeededRandom(seed: 0x14_05)
        for round in 0..<400 {
            var payload = ProfilePayload(profiles: round % 3 == 0 ? [] : ["p", random.pick(Self.keys)])
            for _ in 0..<Int(random.next() % 5) { payload.flags[random.pick(Self.keys)] = random.next() % 2 == 0 }
            for _ in 0..<Int(random.next() % 4) { payload.mocks[random.pick(Self.keys)] = random.pick(Self.texts) }
            for _ in 0..<Int(random.next() % 5) { payload.values[random.pick(Self.keys)] = random.pick(Self.texts) }
            payload.arguments = (0..<Int(random.next() % 5)).map { _ in Self.token(&random) }
            payload.environmentKeys = ["PAGE_SIZE", "K"]
            let arguments = (0..<Int(random.next() % 6)).map { _ in Self.token(&random) }
            let environment = ["PAGE_SIZE": random.pick(Self.texts), "X": "1"]
            let runner = try Self.runner(WireFormat.encode(payload), arguments, environment: environment)
            try Self.expectSameReads(runner, "round \(round): \(payload) with \(arguments)")
            // The payload's own launch arguments read as the payload says.
            let launched = try ActiveProfile(
                arguments: ["app"] + payload.launchArguments,
                environment: [WireFormat.environmentVariable: WireFormat.encode(payload)])
            let direct = ActiveProfile(payload: payload)
            for key in Array(payload.flags.keys) + Array(payload.mocks.keys) + Array(payload.values.keys) {
                Self.expectSameReads(direct, launched, key: key, "round \(round) (payload): \(payload)")
            }
        }
    }
}

enum PageSize: String, MockPoint {
    static let mockKey = "pageSize"
    case live, mock
}

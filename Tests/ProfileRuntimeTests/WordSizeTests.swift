import Testing

@testable import ProfileRuntime

/// Issue 21, item 3: the runtime on watchOS (arm64_32), where `Int` is 32 bits. There is no 32-bit target here, so the
/// arithmetic that depends on `Int`'s width is generic over the integer standing for `Int`, and these tests run it with
/// `Int32`: what a watch computes, computed on this machine.
@Suite struct WordSizeTests {
    // MARK: ISO 8601 dates past 2038

    /// Seconds since 2001-01-01 with the date arithmetic of a 32-bit and of a 64-bit `Int`: both must agree.
    static func seconds(_ text: String) -> [Double?] {
        [
            ISO8601Date.timeIntervalSinceReferenceDate(text, word: Int32.self),
            ISO8601Date.timeIntervalSinceReferenceDate(text, word: Int64.self),
            ISO8601Date.timeIntervalSinceReferenceDate(text),
        ]
    }

    /// 2038-01-19T03:14:08Z is 2³¹ seconds after 1970: the first second a 32-bit `Int` count of seconds cannot hold.
    /// Counting in `Int32` there traps (the test process stops) instead of giving these values.
    @Test func datesPast2038ReadWithA32BitInt() {
        #expect(Self.seconds("2038-01-19T03:14:07Z") == [1_169_176_447, 1_169_176_447, 1_169_176_447])
        #expect(Self.seconds("2038-01-19T03:14:08Z") == [1_169_176_448, 1_169_176_448, 1_169_176_448])
        #expect(Self.seconds("2106-02-07T06:28:16Z") == [3_316_660_096, 3_316_660_096, 3_316_660_096])
        #expect(Self.seconds("9999-12-31T23:59:59Z") == [252_423_993_599, 252_423_993_599, 252_423_993_599])
        #expect(Self.seconds("2040-02-29T12:00:00.5-07:30") == [1_235_849_400.5, 1_235_849_400.5, 1_235_849_400.5])
    }

    /// Before 1901-12-13T20:45:52Z the seconds since 1970 are below -2³¹.
    @Test func datesBefore1901ReadWithA32BitInt() {
        #expect(Self.seconds("1901-12-13T20:45:51Z") == [-3_125_790_849, -3_125_790_849, -3_125_790_849])
        #expect(Self.seconds("0001-01-01T00:00:00Z") == [-63_113_904_000, -63_113_904_000, -63_113_904_000])
        #expect(Self.seconds("0000-01-01T00:00:00+23:59") == [-63_145_612_740, -63_145_612_740, -63_145_612_740])
    }

    /// The day count itself stays within 32 bits for every four-digit year.
    @Test func theDayCountFitsIn32Bits() {
        #expect(ISO8601Date.daysSince1970(year: Int32(9999), month: 12, day: 31) == 2_932_896)
        #expect(ISO8601Date.daysSince1970(year: Int32(1), month: 1, day: 1) == -719_162)
        #expect(ISO8601Date.daysSince1970(year: Int32(0), month: 1, day: 1) == -719_528)
        #expect(ISO8601Date.daysSince1970(year: Int32(1970), month: 1, day: 1) == 0)
    }

    // MARK: Integer reads

    static let profile = ActiveProfile(
        payload: ProfilePayload(
            profiles: ["p"],
            values: [
                "big": "3000000000", "below": "-2147483649", "top": "2147483647", "bottom": "-2147483648",
                "word": "abc", "plus": "+5", "huge": "99999999999999999999", "limit": "5000000000",
            ]
        ),
        arguments: ["app"]
    )

    /// `Int32` standing for watchOS's `Int`: a value that fits `Int64` but not 32 bits is nil for the optional read
    /// and a thrown error giving the range for the required one, never a trap.
    @Test func integersBeyond32BitsAreAnErrorNotATrap() throws {
        let profile = Self.profile
        #expect(profile.integer(Int32.self, forKey: "big") == nil)
        #expect(profile.integer(Int32.self, forKey: "below") == nil)
        #expect(profile.integer(Int32.self, forKey: "top") == Int32.max)
        #expect(profile.integer(Int32.self, forKey: "bottom") == Int32.min)
        #expect(profile.integer(Int32.self, forKey: "plus") == 5)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "big",
                message: "key \"big\": \"3000000000\" (from profile p) is not a valid Int "
                    + "(-2147483648...2147483647, 32 bits on this platform)")
        ) {
            try profile.requiredInteger(Int32.self, named: "Int", wordSized: true, forKey: "big")
        }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "below",
                message: "key \"below\": \"-2147483649\" (from profile p) is not a valid Int "
                    + "(-2147483648...2147483647, 32 bits on this platform)")
        ) {
            try profile.requiredInteger(Int32.self, named: "Int", wordSized: true, forKey: "below")
        }
        // Not a number at all: no range.
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "word", message: "key \"word\": \"abc\" (from profile p) is not a valid Int")
        ) {
            try profile.requiredInteger(Int32.self, named: "Int", wordSized: true, forKey: "word")
        }
        #expect(try profile.requiredInteger(Int32.self, named: "Int", wordSized: true, forKey: "top") == Int32.max)
    }

    /// The public reads on this (64-bit) machine give the same messages with `Int`'s own range.
    @Test func theRangeIsNamedByThePublicReads() throws {
        let profile = Self.profile
        #expect(profile.int(forKey: "huge") == nil)
        #expect(profile.int(forKey: "huge", default: 7) == 7)
        #expect(profile.int(forKey: "big") == Int("3000000000"))  // 3000000000 here, nil on watchOS
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "huge",
                message: "key \"huge\": \"99999999999999999999\" (from profile p) is not a valid Int "
                    + "(\(Int.min)...\(Int.max), \(Int.bitWidth) bits on this platform)")
        ) {
            try profile.requiredInt(forKey: "huge")
        }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "big",
                message: "key \"big\": \"3000000000\" (from profile p) is not a valid Int32 "
                    + "(-2147483648...2147483647)")
        ) {
            try profile.requiredValue(Int32.self, forKey: "big")
        }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "below",
                message: "key \"below\": \"-2147483649\" (from profile p) is not a valid UInt "
                    + "(0...\(UInt.max), \(UInt.bitWidth) bits on this platform)")
        ) {
            try profile.requiredValue(UInt.self, forKey: "below")
        }
        #expect(try profile.requiredValue(Int64.self, forKey: "limit") == 5_000_000_000)
    }

    /// `ValueKey<Int64>`, which the generator writes for a catalog `int` beyond 32 bits, reads and sets the whole range.
    @Test func int64KeysReadTheWholeRange() {
        let key = ValueKey<Int64>("limit", default: 10_000_000_000)
        #expect(Self.profile.value(key) == 5_000_000_000)
        #expect(Self.profile.value(ValueKey<Int64>("huge", default: -1)) == -1)
        #expect(Self.profile.value(ValueKey<Int64>("unset", default: 10_000_000_000)) == 10_000_000_000)
        let configuration = LaunchConfiguration(name: "p", launchArguments: [], launchEnvironment: [:])
            .setting(key, to: -6_000_000_000)
        #expect(configuration.launchArguments == ["-limit", "-6000000000"])
        let child = try? ActiveProfile(arguments: ["app"], environment: configuration.launchEnvironment)
        #expect(child?.value(key) == -6_000_000_000)
    }

    // MARK: Settings structs

    struct Limits: Decodable {
        var count: Int32
        var total: Int
        var list: [UInt8]?
    }

    @Test func settingsGiveTheRangeOfTheFieldsType() {
        let profile = ActiveProfile(
            payload: ProfilePayload(values: ["count": "3000000000", "total": "1", "list": "1, 300"]), arguments: ["app"]
        )
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "count",
                message: "key \"count\": \"3000000000\" (from the profile payload) is not a valid Int32 "
                    + "(-2147483648...2147483647)")
        ) {
            try profile.decode(Limits.self)
        }
        let tooBig = ActiveProfile(
            payload: ProfilePayload(values: ["count": "1", "total": "99999999999999999999", "list": "1, 300"]),
            arguments: ["app"])
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "total",
                message: "key \"total\": \"99999999999999999999\" (from the profile payload) is not a valid Int "
                    + "(\(Int.min)...\(Int.max), \(Int.bitWidth) bits on this platform)")
        ) {
            try tooBig.decode(Limits.self)
        }
        let element = ActiveProfile(
            payload: ProfilePayload(values: ["count": "1", "total": "2", "list": "1, 300"]), arguments: ["app"])
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "list[1]",
                message: "key \"list[1]\": \"300\" (from the profile payload) is not a valid UInt8 (0...255)")
        ) {
            try element.decode(Limits.self)
        }
    }

    // MARK: The range note

    @Test func theNoteNamesTheRangeOnlyForWholeNumbersOutsideIt() {
        func note(_ text: String?) -> String {
            TextConversion.integerExpectation(Int32.self, named: "Int", wordSized: true, text: text)
        }
        #expect(note("2147483648") == "Int (-2147483648...2147483647, 32 bits on this platform)")
        #expect(note("+2147483648") == "Int (-2147483648...2147483647, 32 bits on this platform)")
        #expect(note("2147483647") == "Int")
        #expect(note("1.5") == "Int")
        #expect(note("") == "Int")
        #expect(note("-") == "Int")
        #expect(note(" 2147483648") == "Int")
        #expect(note(nil) == "Int")
        #expect(
            TextConversion.integerExpectation(UInt16.self, named: "UInt16", wordSized: false, text: "-1")
                == "UInt16 (0...65535)")
    }
}

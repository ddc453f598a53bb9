import Testing

@testable import ProfileRuntime

/// Issue 14, item 5: whatever text arrives, a typed read returns a value, nil, the default, or throws a descriptive
/// error; it never stops the process. One test per class of trap found.
@Suite struct NeverTrapsTests {
    static func profile(_ values: [String: String], arguments: [String] = []) -> ActiveProfile {
        ActiveProfile(payload: ProfilePayload(profiles: ["p"], values: values), arguments: ["app"] + arguments)
    }

    // MARK: Character: its LosslessStringConvertible initializer traps on an empty or multi-character text

    @Test func characterFromAnyText() throws {
        let profile = Self.profile([
            "empty": "", "two": "ab", "one": "x", "combined": "e\u{301}", "flag": "🇫🇷", "family": "👨‍👩‍👧",
            "nul": "\u{0}", "newline": "\r\n",
        ])
        #expect(profile.value(Character.self, forKey: "empty") == nil)
        #expect(profile.value(Character.self, forKey: "two") == nil)
        #expect(profile.value(Character.self, forKey: "two", default: "?") == "?")
        #expect(profile.value(Character.self, forKey: "one") == "x")
        #expect(profile.value(Character.self, forKey: "combined") == "e\u{301}")
        #expect(profile.value(Character.self, forKey: "flag") == "🇫🇷")
        #expect(profile.value(Character.self, forKey: "family") == "👨‍👩‍👧")
        #expect(profile.value(Character.self, forKey: "nul") == "\u{0}")
        #expect(profile.value(Character.self, forKey: "newline") == "\r\n")  // one grapheme cluster
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "empty", message: "key \"empty\": \"\" (from profile p) is not a valid Character"
            )
        ) {
            try profile.requiredValue(Character.self, forKey: "empty")
        }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "two", message: "key \"two\": \"ab\" (from profile p) is not a valid Character"
            )
        ) {
            try profile.requiredValue(Character.self, forKey: "two")
        }
        // A bare launch argument has no text at all.
        let bare = Self.profile([:], arguments: ["-letter"])
        #expect(bare.value(Character.self, forKey: "letter") == nil)
        #expect(throws: ProfileRuntimeError.self) { try bare.requiredValue(Character.self, forKey: "letter") }
    }

    @Test func everyStandardLosslessTypeFromHostileTexts() {
        let texts = [
            "", "ab", "300", "-1", "-0", "+1", "1e999", "-1e999", "nan", "inf", "0x10", " 1", "1 ", "5\u{0}x",
            "\u{0}", "e\u{301}", "🇫🇷", "99999999999999999999999999999999999999999999",
            String(repeating: "9", count: 5000),
        ]
        for text in texts {
            let profile = Self.profile(["k": text])
            // Each either converts or is nil; none stops the process.
            _ = profile.value(Character.self, forKey: "k")
            _ = profile.value(Unicode.Scalar.self, forKey: "k")
            _ = profile.value(Substring.self, forKey: "k")
            _ = profile.value(Float.self, forKey: "k")
            _ = profile.value(Celsius.self, forKey: "k")
            #expect(profile.value(Int8.self, forKey: "k") == Int8(text))
            #expect(profile.value(UInt.self, forKey: "k") == UInt(text))
            #expect(profile.value(UInt8.self, forKey: "k") == UInt8(text))
            #expect(profile.value(Int64.self, forKey: "k") == Int64(text))
            #expect(profile.value(UInt64.self, forKey: "k") == UInt64(text))
        }
    }

    // MARK: Integers: out of range or of the wrong sign is nil (or a thrown error), never an overflow

    @Test func integersOutOfRange() throws {
        let profile = Self.profile([
            "small": "300", "negative": "-1", "huge": "9223372036854775808", "min": "-9223372036854775808",
            "byte": "255", "priority": "99999999999999999999",
        ])
        #expect(profile.value(Int8.self, forKey: "small") == nil)
        #expect(profile.value(UInt.self, forKey: "negative") == nil)
        #expect(profile.value(UInt8.self, forKey: "negative") == nil)
        #expect(profile.int(forKey: "huge") == nil)
        #expect(profile.int(forKey: "min") == Int.min)
        #expect(profile.value(UInt8.self, forKey: "byte") == 255)
        #expect(profile.value(Priority.self, forKey: "priority") == nil)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "small",
                message: "key \"small\": \"300\" (from profile p) is not a valid Int8 (-128...127)"
            )
        ) {
            try profile.requiredValue(Int8.self, forKey: "small")
        }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "negative",
                message: "key \"negative\": \"-1\" (from profile p) is not a valid UInt "
                    + "(0...\(UInt.max), \(UInt.bitWidth) bits on this platform)"
            )
        ) {
            try profile.requiredValue(UInt.self, forKey: "negative")
        }

        struct Sizes: Decodable {
            var small: Int8?
            var negative: UInt?
        }
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "small",
                message: "key \"small\": \"300\" (from profile p) is not a valid Int8 (-128...127)"
            )
        ) {
            try profile.decode(Sizes.self)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func wideIntegersInSettings() throws {
        struct Wide: Decodable, Equatable {
            var big: Int128
            var unsigned: UInt128?
            var list: [Int128]
        }
        let profile = Self.profile([
            "big": "-170141183460469231731687303715884105728", "unsigned": "340282366920938463463374607431768211455",
            "list": "1, -2",
        ])
        #expect(
            try profile.decode(Wide.self)
                == Wide(big: .min, unsigned: .max, list: [1, -2]))
        #expect(throws: ProfileRuntimeError.self) {
            try Self.profile(["big": "340282366920938463463374607431768211456", "list": ""]).decode(Wide.self)
        }
    }

    // MARK: Floating point: C's parser stops at a NUL byte, so "5\0x" read as 5

    @Test func floatingPointTextWithNUL() throws {
        let profile = Self.profile(["ratio": "5\u{0}x", "good": "2.5"])
        #expect(profile.double(forKey: "ratio") == nil)
        #expect(profile.value(Float.self, forKey: "ratio") == nil)
        #expect(profile.value(Double.self, forKey: "ratio") == nil)
        #expect(profile.double(forKey: "good") == 2.5)
        #expect(
            throws: ProfileRuntimeError(
                .invalidValue, key: "ratio", message: "key \"ratio\": \"5\\0x\" (from profile p) is not a valid Double"
            )
        ) {
            try profile.requiredDouble(forKey: "ratio")
        }
        struct Ratio: Decodable { var ratio: Float }
        #expect(throws: ProfileRuntimeError.self) { try profile.decode(Ratio.self) }
    }
}

/// An app's own `LosslessStringConvertible` type.
struct Celsius: LosslessStringConvertible {
    var value: Double
    init?(_ description: String) {
        guard let value = Double(description) else { return nil }
        self.value = value
    }
    var description: String { "\(value)" }
}

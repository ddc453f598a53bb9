import ProfileModel
import ProfileRuntime
import TestSupport
import Testing

/// What the core renders (the payload in the child's environment, and the argument-domain form) is exactly what the
/// runtime reads back, for many generated profiles with hostile text.
@Suite struct RoundTripTests {
    static let pieces = [
        "", "a", "Zürich", "東京", "🙂", "=", "a=b", ",", ";", "%", "%41", "\"", "'", "\\", "\n", "\t", " ", "-", "--x",
        "-5", "${", "$$", "end", "profile/2", "YES", "0777", "1.0", "null", "~", "#", ": ", "- item",
    ]

    /// YAML double-quoted text for any string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test(arguments: 0..<40)
    func payloadAndArgumentsReadBackExactly(seed: Int) throws {
        var generator = SeededRandom(seed: UInt64(seed) &* 7919 &+ 1)
        var values: [String: String] = [:]
        var flags: [String: Bool] = [:]
        var mocks: [String: String] = [:]
        let wordCount = Int(generator.next() % 12) + 1
        for index in 0..<wordCount {
            var text = ""
            for _ in 0..<Int(generator.next() % 4) { text += generator.pick(Self.pieces) }
            // `$` interpolates in profiles; escape it as the author would.
            values["key\(index).v"] = text
            flags["flag\(index)"] = generator.next() % 2 == 0
            mocks["mock\(index)"] = generator.pick(["live", "local-mock", "x_1", "Ünïcode"])
        }
        var yaml = "values:\n"
        for (key, text) in values.sorted(by: { $0.key < $1.key }) {
            yaml += "  \(key): \(Self.quoted(text.replacingOccurrences(of: "$", with: "$$")))\n"
        }
        yaml += "flags:\n" + flags.sorted(by: { $0.key < $1.key }).map { "  \($0.key): \($0.value)\n" }.joined()
        yaml +=
            "mocks:\n"
            + mocks.sorted(by: { $0.key < $1.key }).map { "  \($0.key): \(Self.quoted($0.value))\n" }.joined()
        // Environment keys (a set one, an unset one) and arguments travel in the payload too.
        let variable = Self.quoted(generator.pick(Self.pieces).replacingOccurrences(of: "$", with: "$$"))
        let argument = Self.quoted(generator.pick(Self.pieces).replacingOccurrences(of: "$", with: "$$"))
        yaml += "env:\n  SET_\(seed): \(variable)\n  UNSET_\(seed): null\n"
        yaml += "arguments:\n  - [-argument\(seed), \(argument)]\n"
        let profiles = try TemporaryProfiles(["p.yml": yaml])
        let (resolved, diagnostics) = try profiles.resolve(["p"])
        let profile = try #require(resolved, "\(diagnostics)")

        // `run` writes the payload from its sorted entries: byte for byte what encoding the payload value gives.
        #expect(profile.childEnvironment[WireFormat.environmentVariable] == WireFormat.encode(profile.payload))
        // Through the environment payload, as `profile run` hands it over.
        let fromEnvironment = try ActiveProfile(arguments: ["app"], environment: profile.childEnvironment.dictionary)
        // Through launch arguments in argument-domain form, as a UI test or an Xcode scheme hands it over.
        let fromArguments = try ActiveProfile(arguments: ["app"] + profile.payload.launchArguments, environment: [:])
        #expect(fromEnvironment.profiles == ["p"])
        for reader in [fromEnvironment, fromArguments] {
            for (key, text) in values { #expect(reader.string(forKey: key) == text, "\(key) seed \(seed)") }
            for (key, isOn) in flags { #expect(reader.flag(forKey: key) == isOn, "\(key) seed \(seed)") }
            for (key, variant) in mocks { #expect(reader.string(forKey: key) == variant, "\(key) seed \(seed)") }
        }
    }
}

@testable import ProfileCore
import Testing
import TestSupport

/// The byte scanner (ASCII text) must agree with the character scanner (any text) on every input.
@Suite struct InterpolationScannerTests {
    static let variables: [String: Interpolator.Variable] = [
        "HOME": .init(value: "/home/me", display: nil),
        "EMPTY": .init(value: "", display: nil),
        "MINE": .init(value: "set-by-profile", display: "set-by-profile"),
        "MIXED": .init(value: "a${b}", display: "${HOME}/x", usesInvokingEnvironment: true),
        "A": .init(value: "1", display: "1"),
    ]

    func outcome(_ result: () throws(Interpolator.Failure) -> Interpolator.Output) -> String {
        do {
            let output = try result()
            return "ok \(output.value)|\(output.display)|\(output.usesInvokingEnvironment)"
        } catch {
            return "fail \(error.message)|\(error.offset)|\(error.length)"
        }
    }

    @Test(arguments: [true, false]) func byteScannerAgreesWithCharacterScanner(enforcesRequired: Bool) {
        let interpolator = Interpolator(enforcesRequired: enforcesRequired) { Self.variables[$0] }
        let alphabet: [String] = ["$", "$", "{", "}", ":", "-", "?", "+", "A", "HOME", "EMPTY", "MINE", "MIXED", "NOPE",
                                  "1", "_", "x", " ", "/", "$$", "${", "${A}", ":-", "\n", "\t"]
        var generator = SeededRandom(seed: 42)
        var checked = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 9) { text += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let bytes = outcome { () throws(Interpolator.Failure) in try interpolator.interpolate(text) }
            let characters = outcome { () throws(Interpolator.Failure) in try interpolator.interpolateByCharacters(text) }
            #expect(bytes == characters, "\(text.debugDescription)")
            if !enforcesRequired {
                #expect(Interpolator.isWellFormed(text) == bytes.hasPrefix("ok"), "\(text.debugDescription)")
            }
            if bytes != characters { return }
            checked += 1
        }
        #expect(checked == 20_000)
    }
}

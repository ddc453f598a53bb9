import Foundation
import Testing

@testable import ProfileModel
@testable import ProfileResolution

/// The `${NAME}` syntax is read once, by the interpolation's parser: what `Interpolator.tokens(in:)` gives
/// `Redaction` (which rewrites and names references) and `LintBounds` (which counts them) is what interpolating
/// reads, on every text made of these pieces, up to three of them.
@Suite struct InterpolationTokensTests {
    static let pieces = ["$$", "${A}", "$B", "${C:-x}", "${D:-${E}y}", "$", "$1", "x{}", "é"]

    static let texts: [String] = {
        var texts = pieces
        var last = pieces
        for _ in 1..<3 {
            last = last.flatMap { text in pieces.map { text + $0 } }
            texts += last
        }
        return texts
    }()

    /// The names interpolating `text` looks up, in order, with every variable unset (every default is read).
    static func lookedUp(_ text: String) -> [String]? {
        final class Names { var names: [String] = [] }
        let names = Names()
        let interpolator = Interpolator { name in
            names.names.append(name)
            return nil
        }
        guard (try? interpolator.interpolate(text)) != nil else { return nil }
        return names.names
    }

    @Test func theTokensAreTheReferencesInterpolationReads() {
        var compared = 0
        for text in Self.texts {
            let tokens = Interpolator.tokens(in: text)
            guard let looked = Self.lookedUp(text) else {
                #expect(tokens == nil, "\(text)")
                continue
            }
            let bytes = Array(text.utf8)
            let names = (tokens ?? []).filter { $0.kind != .dollar }.map {
                String(decoding: bytes[$0.name], as: UTF8.self)
            }
            #expect(names == looked, "\(text)")
            #expect(LintBounds.references(text) == looked.count, "\(text)")
            compared += 1
        }
        #expect(compared == Self.texts.count)
    }

    /// A display form with every variable taken from the invoking environment, written for VS Code and substituted
    /// as VS Code does (`${env:NAME}`), is the value; `Redaction.referencedNames` names what it refers to.
    @Test func vsCodeSubstitutesTheDisplayBackToTheValue() throws {
        let values = ["A": "a", "B": "b", "C": "c", "D": "d", "E": "e", "x": "X"]
        let interpolator = Interpolator { name in values[name].map { .init(value: $0, display: nil) } }
        let redaction = Redaction(reveal: false, references: .vsCode)
        for text in Self.texts {
            let output = try interpolator.interpolate(text)
            var written = redaction.written(output.display)
            var referenced: [String] = []
            for name in values.keys.sorted() where written.contains("${env:\(name)}") {
                referenced.append(name)
                written = written.replacingOccurrences(of: "${env:\(name)}", with: values[name]!)
            }
            #expect(written == output.value, "\(text)")
            #expect(Set(Redaction.referencedNames(inDisplay: output.display)) == Set(referenced), "\(text)")
        }
    }
}

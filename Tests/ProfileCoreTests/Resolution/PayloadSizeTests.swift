import ProfileRuntime
import Testing

@testable import ProfileResolution

/// The most a text grows in the payload (`WireFormat.escapeGrowth`) is what the encoder writes, and the bounds that
/// multiply by it instead of escaping each text (`PayloadSize.upperBound`, `LintBounds`) hold for texts whose every
/// byte is escaped: a bound that restated a smaller growth would fail here.
@Suite struct PayloadSizeTests {
    /// How many bytes `byte` takes in an encoded payload, measured on the encoder's output.
    static func encodedBytes(of byte: UInt8) -> Int {
        let text = String(repeating: String(UnicodeScalar(byte)), count: 10)
        let with = WireFormat.encode(ProfilePayload(arguments: [text])).utf8.count
        let without = WireFormat.encode(ProfilePayload(arguments: [""])).utf8.count
        return (with - without) / 10
    }

    @Test func theEscapeGrowthIsTheEncoders() {
        let sizes = (0..<0x80).map { Self.encodedBytes(of: UInt8($0)) }
        #expect(sizes.max() == WireFormat.escapeGrowth)
        #expect(Set(sizes) == [1, WireFormat.escapeGrowth])
        for byte in 0..<0x80 {
            let text = String(UnicodeScalar(UInt8(byte)))
            #expect(WireFormat.escapedLength(text) == sizes[byte], "byte \(byte)")
        }
        // Bytes of a longer UTF-8 sequence travel as they are.
        #expect(WireFormat.escapedLength("é") == 2)
    }

    static let worst = String(repeating: "%", count: 1000)

    @Test func thePayloadBoundHoldsForTextsThatAllNeedEscaping() throws {
        let profiles = try TemporaryProfiles([
            "p.yml": "arguments: ['\(Self.worst)', '\(Self.worst);']\nenv:\n  A: '\(Self.worst)'\n"
        ])
        let resolved = try #require(try profiles.resolve(["p"]).0)
        #expect(resolved.encodedPayloadLength > 2 * WireFormat.escapeGrowth * Self.worst.utf8.count)
        #expect(PayloadSize.upperBound(resolved) >= resolved.encodedPayloadLength)
    }

    @Test func theLintBoundHoldsForValuesThatAllNeedEscaping() {
        // `${A}` with A holding 1000 bytes that are all escaped takes the entry's overhead and 3000 bytes.
        var texts = LintBounds.Texts()
        texts.add("${A}")
        let real = WireFormat.entryOverhead + WireFormat.escapedLength(Self.worst)
        #expect(real == WireFormat.entryOverhead + WireFormat.escapeGrowth * Self.worst.utf8.count)
        #expect(texts.payloadBytes(Self.worst.utf8.count) >= real)
        var chain = LintBounds.Chain()
        chain.longestValue = Self.worst.utf8.count
        chain.argumentBytes = texts.escapedBytes
        chain.argumentReferences = texts.references
        #expect(!chain.fits(payloadLimit: real - 1))
    }
}

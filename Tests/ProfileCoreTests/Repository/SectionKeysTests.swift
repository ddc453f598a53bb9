import Testing

@testable import ProfileModel
@testable import ProfileResolution

/// The section scan behind flag, mock point and value completion without a catalog must say what the parser and the
/// decoder say, or nothing (then the file is loaded in full).
@Suite struct SectionKeysTests {
    static let lines = [
        "flags:", "mocks:", "values:", "flags: {a: true}", "flags: &f", "flags:  # the flags", "flags: null",
        "  skipOnboarding: true", "  UITests: false  # comment", "  net.v2-beta: true", "  'quoted': true",
        "  \"dq\": true", "  <<: *base", "  - item", "    nested: 1", "  backend: local-mock", "  pageSize: 5",
        "  title: |", "    a block", "  # comment", "", "# comment", "description: d", "env:", "  A: 1",
        "arguments: [-x]", "\tTab: x", "---", "key: value", "  dup: true", "  dup: false", "  spaced : x",
        "  pageSize:5", "   deeper: 1", "abstract: true",
    ]

    @Test func theScanAgreesWithTheParser() throws {
        var state: UInt64 = 17
        var scanned = 0
        for _ in 0..<20_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var bits = state
            for _ in 0..<Int(bits % 7) + 1 {
                bits /= 7
                text += Self.lines[Int(bits % UInt64(Self.lines.count))] + "\n"
                bits /= UInt64(Self.lines.count)
            }
            let bytes = Array(text.utf8)
            guard let document = try? YAMLParser.parse(SourceFile(path: "p.yml", bytes: bytes)) else { continue }
            let (definition, problems) = ProfileDecoder.decode(document, name: "p", isOverlay: false)
            guard !problems.contains(where: { $0.severity == .error }) else { continue }
            for section in [SectionKeys.Section.flags, .mocks, .values] {
                guard let keys = SectionKeys.scan(section, bytes: bytes) else { continue }
                scanned += 1
                let expected: [String]
                switch section {
                case .flags: expected = definition.flags.map(\.key.value)
                case .mocks: expected = definition.mocks.map(\.key.value)
                case .values: expected = definition.values.map(\.key.value)
                }
                #expect(keys == expected, "\(section) of \(text.debugDescription)")
            }
        }
        #expect(scanned > 1000)  // the fast path is taken, not only the fallback
    }
}

import ProfileModel
import Testing

@Suite struct CatalogDecoderTests {
    func decode(_ text: String) throws -> (Catalog, [String]) {
        let document = try YAMLParser.parse(SourceFile(path: "_catalog.yml", bytes: Array(text.utf8)))
        let (catalog, diagnostics) = CatalogDecoder.decode(document)
        let headlines = DiagnosticRenderer().render(diagnostics.sortedByLocation()).split(separator: "\n").filter {
            $0.contains(": error: ")
        }
        return (catalog, headlines.map(String.init))
    }

    @Test func decodesLongAndShortForms() throws {
        let (catalog, problems) = try decode(
            """
            flags:
              skipOnboarding: Skip the onboarding
              analytics: {description: Send analytics, default: true}
            mocks:
              countries:
                description: Where countries come from
                variants: {live: The API, local-mock: Bundled}
                default: local-mock
              clock: [system, frozen]
            values:
              pageSize: {type: int, default: 20, minimum: 1, maximum: 100}
              ratio: {type: double, default: 1}
              theme: {type: enum, cases: [light, dark], default: dark}
              endpoint: {type: url, default: 'https://example.com'}
              token: {type: string, secret: true}
            env:
              API_TOKEN: {secret: true}
            """)
        #expect(problems == [])
        #expect(catalog.flags.map(\.key.value) == ["skipOnboarding", "analytics"])
        #expect(catalog.flags.map(\.defaultValue) == [false, true])
        #expect(catalog.flags.first?.description == "Skip the onboarding")
        #expect(catalog.mocks.map(\.defaultVariant) == ["local-mock", "system"])
        #expect(catalog.mocks.first?.variants.map(\.name) == ["live", "local-mock"])
        #expect(catalog.values.map(\.type.name) == ["int", "double", "enum", "url", "string"])
        #expect(catalog.value("pageSize")?.defaultValue == .int(20, text: "20"))
        #expect(catalog.value("ratio")?.defaultValue == .double(1, text: "1"))
        #expect(catalog.value("token")?.isSecret == true)
        #expect(catalog.environmentVariable("API_TOKEN")?.isSecret == true)
    }

    @Test func reportsEveryMistake() throws {
        let (_, problems) = try decode(
            """
            flgs: {}
            flags:
              a: {default: maybe, colour: red}
            mocks:
              m: {variants: [x, y], default: z}
              n: {description: none}
            values:
              v: {type: integer}
              w: {default: 1}
              e: {type: enum}
              i: {type: int, default: ten}
            """)
        #expect(
            problems == [
                "_catalog.yml:1:1: error: unknown key `flgs` in the catalog; did you mean `flags`?",
                "_catalog.yml:3:16: error: a flag's `default` is `true` or `false`",
                "_catalog.yml:3:23: error: unknown key `colour` in flag `a`",
                "_catalog.yml:5:34: error: the default `z` is not one of the variants of `m`",
                "_catalog.yml:6:3: error: mock point `n` needs `variants`",
                "_catalog.yml:8:13: error: unknown type `integer` (string, int, double, bool, url, enum); did you mean `int`?",
                "_catalog.yml:9:3: error: value `w` needs a `type` (string, int, double, bool, url, enum)",
                "_catalog.yml:10:13: error: an `enum` value needs `cases`: the list of allowed strings",
                "_catalog.yml:11:27: error: the default of `i`: `i` is an int; `ten` is not",
            ])
    }
}

import Testing

@testable import ProfileModel

/// Catalog lookups go through an index (a catalog of thousands of entries costs no more per lookup than one of ten);
/// they must find what a search of the lists in order finds: the first declaration of a key.
@Suite struct CatalogLookupTests {
    func catalog(_ text: String) throws -> Catalog {
        let document = try YAMLParser.parse(SourceFile(path: "_catalog.yml", bytes: Array(text.utf8)))
        return CatalogDecoder.decode(document).0
    }

    @Test func lookupsFindTheFirstDeclaration() throws {
        var catalog = try catalog(
            """
            flags: {a: First a, b: The b}
            mocks: {net: [live, mock]}
            values: {size: {type: int}, name: {type: string}}
            env: {TOKEN: {secret: true}}
            """)
        #expect(catalog.flag("a")?.description == "First a")
        #expect(catalog.mock("net")?.variants.map(\.name) == ["live", "mock"])
        #expect(catalog.value("name")?.type == .string)
        #expect(catalog.environmentVariable("TOKEN")?.isSecret == true)
        #expect(catalog.flag("missing") == nil && catalog.value("a") == nil)

        // Appending keeps the first declaration; any other change is indexed again.
        catalog.flags.append(Catalog.Flag(key: catalog.flags[0].key, description: "Second a", defaultValue: true))
        #expect(catalog.flag("a")?.description == "First a")
        catalog.flags.removeFirst()
        #expect(catalog.flag("a")?.description == "Second a")
        #expect(catalog.flag("b")?.description == "The b")
        catalog.values = []
        #expect(catalog.value("size") == nil)
    }
}

import Testing
@testable import ProfileRuntime

@Suite struct NearMissTests {
    @Test func suggestions() {
        let variants = ["live", "local-mock", "empty"]
        #expect(NearMiss.suggestion(for: "LocalMock", among: variants) == "local-mock")
        #expect(NearMiss.suggestion(for: "lve", among: variants) == "live")
        #expect(NearMiss.suggestion(for: "remote", among: variants) == nil)
        #expect(NearMiss.suggestion(for: "", among: variants) == nil)
        #expect(NearMiss.suggestion(for: "ab", among: ["ac", "ad"]) == nil)  // a tie suggests nothing
    }

    @Test func editDistance() {
        #expect(NearMiss.editDistance("kitten", "sitting") == 3)
        #expect(NearMiss.editDistance("", "abc") == 3)
        #expect(NearMiss.editDistance("same", "same") == 0)
    }
}

import Testing

@testable import ProfileRuntime

/// One owner for "did you mean": the runtime's errors and the tool's diagnostics use these same rules.
@Suite struct NearMissTests {
    @Test func suggestions() {
        let variants = ["live", "local-mock", "empty"]
        #expect(NearMiss.suggestion(for: "LocalMock", in: variants) == "local-mock")
        #expect(NearMiss.suggestion(for: "lve", in: variants) == "live")
        #expect(NearMiss.suggestion(for: "remote", in: variants) == nil)
        #expect(NearMiss.suggestion(for: "", in: variants) == nil)
        #expect(NearMiss.suggestion(for: "ab", in: ["ac", "ad"]) == nil)  // a tie suggests nothing
    }

    @Test func suggestsCloseNamesOnly() {
        let names = ["uitest", "offline", "demo", "staging"]
        #expect(NearMiss.suggestion(for: "uitset", in: names) == "uitest")
        #expect(NearMiss.suggestion(for: "ofline", in: names) == "offline")
        #expect(NearMiss.suggestion(for: "UITEST", in: names) == "uitest")
        #expect(NearMiss.suggestion(for: "production", in: names) == nil)
        #expect(NearMiss.suggestion(for: "", in: names) == nil)
        #expect(NearMiss.suggestion(for: "x", in: ["y"]) == nil)
        #expect(NearMiss.suggestion(for: "integer", in: ["string", "int"]) == "int")
        #expect(NearMiss.suggestion(for: "local", in: ["live", "local-mock"]) == "local-mock")
        #expect(NearMiss.suggestion(for: "local_mock", in: ["live", "local-mock"]) == "local-mock")
    }

    @Test func editDistance() {
        #expect(NearMiss.editDistance("kitten", "sitting") == 3)
        #expect(NearMiss.editDistance("", "abc") == 3)
        #expect(NearMiss.editDistance("same", "same") == 0)
        #expect(NearMiss.editDistance("ab", "ba") == 1)  // a transposition is one edit
    }
}

import ProfileCore
import Testing

@Suite struct NearMissTests {
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
    }
}

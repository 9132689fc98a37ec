import StubFormats
import Testing

@Suite struct SpellingTests {
    @Test func distanceCountsEdits() {
        #expect(Spelling.distance("kitten", "sitting") == 3)
        #expect(Spelling.distance("", "abc") == 3)
        #expect(Spelling.distance("same", "same") == 0)
        #expect(Spelling.distance([1, 2, 3], [1, 3]) == 1)
    }

    @Test func aLikelyTypoGetsAHint() {
        #expect(Spelling.hint(for: "respones", in: ["responses", "request", "mode"]) == " (did you mean responses?)")
        #expect(Spelling.nearest(to: "METHOD", in: ["method", "path"]) == "method")
    }

    @Test func aFarWordGetsNone() {
        #expect(Spelling.hint(for: "banana", in: ["responses", "request"]) == "")
        #expect(Spelling.closest(to: "banana", in: ["responses", "request"]) == "request")
        #expect(Spelling.closest(to: "x", in: [String]()) == nil)
    }

    @Test func tiesGoToTheFirstAlphabetically() {
        #expect(Spelling.closest(to: "cat", in: ["hat", "bat"]) == "bat")
    }
}

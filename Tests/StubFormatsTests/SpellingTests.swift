import StubFormats
import Testing

@Suite struct SpellingTests {
    @Test func distanceCountsEdits() {
        #expect(Spelling.distance("kitten", "sitting") == 3)
        #expect(Spelling.distance("", "abc") == 3)
        #expect(Spelling.distance("abc", "") == 3, "either side empty is every character")
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

    /// Close enough is at most two edits, or a third of the word when that is more.
    @Test func closeEnoughIsTwoEditsOrAThirdOfTheWord() {
        #expect(Spelling.nearest(to: "mdoe", in: ["mode"]) == "mode", "two edits in four letters")
        #expect(Spelling.nearest(to: "xyoe", in: ["mode"]) == nil, "three edits in four letters")
        #expect(Spelling.nearest(to: "responsexyz", in: ["responses"]) == "responses", "three edits in eleven letters")
        #expect(Spelling.nearest(to: "rexponsexyz", in: ["responses"]) == nil, "four edits in eleven letters")
        #expect(Spelling.nearest(to: "a", in: ["abc"]) == "abc", "two edits always pass")
    }

    @Test func tiesGoToTheFirstAlphabetically() {
        #expect(Spelling.closest(to: "cat", in: ["hat", "bat"]) == "bat")
    }
}

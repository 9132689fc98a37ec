import Testing
@testable import StubEngine
import StubFormats

@Suite struct ValueMatcherTests {
    @Test func equalsComparesTextWithNumbersAndBooleansWrittenInYAML() throws {
        let matcher = try ValueMatcher(.equals(.number(42)))
        #expect(matcher.matches(.string("42")))
        #expect(matcher.matches(.number(42)))
        #expect(!matcher.matches(.string("42.0")))
        #expect(!matcher.matches(nil))
        #expect(try ValueMatcher(.equals(.bool(true))).matches(.string("true")))
    }

    @Test func equalsOnJSONValuesIsStructural() throws {
        let matcher = try ValueMatcher(.equals(.object(["a": .number(1)])))
        #expect(matcher.matches(.object(["a": .number(1)])))
        #expect(!matcher.matches(.object(["a": .number(2)])))
    }

    @Test func matchesMustCoverTheWholeValue() throws {
        let matcher = try ValueMatcher(.matches("[0-9]+"))
        #expect(matcher.matches(.string("123")))
        #expect(!matcher.matches(.string("12a")))
        #expect(!matcher.matches(nil))
        #expect(matcher.mismatch(.string("12a")) == "expected to match /[0-9]+/, got \"12a\"")
        #expect(!matcher.matches(.string("a12")))
        #expect(!matcher.matches(.string("123\n")), "a trailing newline is more than the value")
        #expect(!matcher.matches(.string("12\n34")))
    }

    @Test func anAlternationMustStillCoverTheWholeValue() throws {
        let matcher = try ValueMatcher(.matches("GBP|EUR"))
        #expect(matcher.matches(.string("GBP")) && matcher.matches(.string("EUR")))
        #expect(!matcher.matches(.string("GBPX")))
        #expect(!matcher.matches(.string("XEUR")))
        #expect(!matcher.matches(.string("GBPEUR")))
    }

    @Test func presentAndAbsent() throws {
        #expect(try ValueMatcher(.present).matches(.string("")))
        #expect(!(try ValueMatcher(.present).matches(nil)))
        #expect(try ValueMatcher(.absent).matches(nil))
        #expect(try ValueMatcher(.absent).mismatch(.string("x")) == "must be absent, got \"x\"")
    }

    @Test func badRegexIsRefused() {
        #expect(throws: ValueMatcherError.self) { try ValueMatcher(.matches("([a-z")) }
    }

    @Test func jsonPathWalksKeysIndicesAndQuotedNames() throws {
        let body = JSONValue.object([
            "amount": .object(["currency": .string("EUR")]),
            "items": .array([.object(["id": .string("a")]), .object(["id": .string("b")])]),
            "odd key": .bool(true),
        ])
        #expect(try JSONPath("$.amount.currency").value(in: body) == .string("EUR"))
        #expect(try JSONPath("$.items[1].id").value(in: body) == .string("b"))
        #expect(try JSONPath("$['odd key']").value(in: body) == .bool(true))
        #expect(try JSONPath(#"$["odd key"]"#).value(in: body) == .bool(true), "either quote")
        #expect(try JSONPath("$").value(in: body) == body)
        #expect(try JSONPath("$.items[5].id").value(in: body) == nil)
        #expect(try JSONPath("$.amount.currency.more").value(in: body) == nil)
    }

    @Test(arguments: ["amount", "$.", "$.items[", "$.items[x]", "$...a", "$[odd']", "$['odd\"]", "$[']", "$.a()", "$.items[-"])
    func badJSONPathsAreRefused(_ text: String) {
        #expect(throws: ValueMatcherError.self) { try JSONPath(text) }
    }
}

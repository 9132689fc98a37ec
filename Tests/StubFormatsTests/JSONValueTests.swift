import Foundation
import StubFormats
import Testing

@Suite struct JSONValueTests {
    private func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func booleansAndNumbersStayApart() throws {
        #expect(try decode("true") == .bool(true))
        #expect(try decode("1") == .number(1))
        #expect(try decode(#"[true, 0, "0", null]"#) == .array([.bool(true), .number(0), .string("0"), .null]))
    }

    @Test func wholeNumbersEncodeWithoutAFraction() throws {
        let text = String(decoding: try JSONEncoder().encode(JSONValue.array([.number(3), .number(2.5), .number(-12)])), as: UTF8.self)
        #expect(text == "[3,2.5,-12]")
    }

    @Test func scalarsReadAsText() {
        #expect(JSONValue.number(42).text == "42")
        #expect(JSONValue.number(0.5).text == "0.5")
        // A whole number past what an integer holds is written as the number it is, not trapped.
        #expect(JSONValue.number(1e20).text == String(1e20))
        #expect(JSONValue.number(-1e300).text == String(-1e300))
        #expect(JSONValue.number(999_999_999_999_999).text == "999999999999999")
        #expect(JSONValue.bool(false).text == "false")
        #expect(JSONValue.string("EUR").text == "EUR")
        #expect(JSONValue.null.text == nil)
        #expect(JSONValue.object([:]).text == nil)
    }

    @Test func nullsAreFoundByPath() throws {
        let value = try decode(#"{"amount": {"currency": null}, "tags": [1, null], "name": "x"}"#)
        #expect(value.nullPaths() == ["amount.currency", "tags[1]"])
    }
    /// JSON's number grammar (RFC 8259 §6), against the grammar written as a regular expression,
    /// on random texts of its characters and a few others: leading zeros, lone signs and dots,
    /// exponents without digits, blanks.
    @Test func numberTextIsJSONsGrammar() {
        let pieces = ["0", "1", "9", "00", "-", "+", ".", "e", "E", " ", "x", "12"]
        let grammar = #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0", "012", "1.", ".5", "+1", "1e", "1e+", "2E-3", "-1.5e10", "inf", "NaN", "0x10", " 1", "1 "]
        for _ in 0..<3_000 {
            texts.append((0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            #expect(JSONValue.isNumberText(text) == (text.range(of: grammar, options: .regularExpression) != nil), "\(text.debugDescription)")
        }
    }
}

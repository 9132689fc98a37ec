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
        #expect(JSONValue.bool(false).text == "false")
        #expect(JSONValue.string("EUR").text == "EUR")
        #expect(JSONValue.null.text == nil)
        #expect(JSONValue.object([:]).text == nil)
    }

    @Test func nullsAreFoundByPath() throws {
        let value = try decode(#"{"amount": {"currency": null}, "tags": [1, null], "name": "x"}"#)
        #expect(value.nullPaths() == ["amount.currency", "tags[1]"])
    }
}

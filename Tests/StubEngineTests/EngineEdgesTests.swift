import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

/// The engine's small rules at their edges, each on its own: route hits per session and over
/// all, the list envelope's last page, `Prefer`'s words, and where a decoding error points.
@Suite struct EngineEdgesTests {
    @Test func routeHitsAreCountedPerSessionSummedOverAllAndResetOneOrAll() {
        var hits = RouteHits()
        for (route, session) in [("GET /a", "s1"), ("GET /a", "s2"), ("GET /a", "s2"), ("GET /b", "s1")] {
            hits.count(route, session: session)
        }
        #expect(hits.snapshot(session: "s2") == ["GET /a": 2])
        #expect(hits.snapshot(session: nil) == ["GET /a": 3, "GET /b": 1])
        hits.reset(session: "s1")
        #expect(hits.snapshot(session: nil) == ["GET /a": 2])
        hits.count("GET /b", session: "default")
        hits.reset(session: nil)
        #expect(hits.snapshot(session: nil).isEmpty && hits.snapshot(session: "s2").isEmpty)
    }

    /// The last page says so with `"nextCursor": null`, not by leaving the key out.
    @Test func theLastPageWritesItsCursorAsNull() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let last = String(decoding: try encoder.encode(WireList(data: [1, 2])), as: UTF8.self)
        #expect(last == #"{"data":[1,2],"nextCursor":null}"#)
        let more = String(decoding: try encoder.encode(WireList(data: [1], nextCursor: "c2")), as: UTF8.self)
        #expect(more == #"{"data":[1],"nextCursor":"c2"}"#)
    }

    /// `Prefer`'s `code` and `example`, in any case, quoted or not, with `,` or `;` between them;
    /// a status outside 200–599 or an empty name (`example=`, which was once ignored) is a 400
    /// naming `Prefer`; anything else is ignored.
    @Test func preferReadsItsTwoWordsAndRefusesWhatCannotBeAnswered() throws {
        func prefer(_ value: String) throws(APIError) -> PreferChoice? {
            try PreferChoice([PreferChoice.header: value])
        }
        #expect(try prefer("code=404")?.code == 404)
        #expect(try prefer("Code=404")?.code == 404)
        let both = try prefer("respond-async, EXAMPLE=\"locked\"; code=423")
        #expect(both?.code == 423 && both?.example == "locked")
        #expect(try prefer("example=fraud_hold")?.example == "fraud_hold")
        #expect(try prefer("respond-async, wait=5") == nil)
        #expect(try PreferChoice([:]) == nil)
        for bad in ["code=100", "code=199", "code=600", "code=abc", "code=", "example=", "example=\"\"", "wait=1, example= "] {
            #expect(throws: APIError.self, "\(bad)") { try prefer(bad) }
        }
        #expect(try prefer("code=200")?.code == 200)
        #expect(try prefer("code=599")?.code == 599)
    }

    /// A decoding error names where it happened: keys by name, list items by their index.
    @Test func aDecodingErrorNamesKeysAndIndices() {
        struct Item: Decodable { let amount: Int }
        struct Page: Decodable { let items: [Item] }
        do {
            _ = try JSONDecoder().decode(Page.self, from: Data(#"{"items": [{"amount": 1}, {"amount": "x"}]}"#.utf8))
            Issue.record("decoded")
        } catch let error as DecodingError {
            #expect(DecodingFailure.path(of: error) == ["items", "1", "amount"])
            #expect(DecodingFailure.reason(of: error).hasSuffix("at items.1.amount"), "\(DecodingFailure.reason(of: error))")
        } catch {
            Issue.record("\(error)")
        }
    }
}

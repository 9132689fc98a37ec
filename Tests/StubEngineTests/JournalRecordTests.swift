import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

/// What a journal record becomes when it is read: the path with its query in one order whatever
/// the dictionary's, and `replayed` only when the answer was replayed.
@Suite struct JournalRecordTests {
    private func record(query: [String: [String]], replayed: Bool = false) -> JournalRecord {
        var record = JournalRecord(requestId: "r1", receivedAt: Date(timeIntervalSince1970: 0), method: "GET", path: "/v1/x",
                                   query: query, session: "default", route: "GET /v1/x", status: 200, latencyMs: 1, headers: [:])
        record.replayed = replayed
        return record
    }

    @Test func theQueryIsWrittenWithItsKeysSortedAndEachKeysValuesInOrder() {
        let query = ["zeta": ["1"], "alpha": ["2", "1"], "mid": [""], "beta": ["b"], "omega": ["o"], "delta": ["d"], "kappa": ["k"]]
        #expect(record(query: query).entry(sequence: 1).path == "/v1/x?alpha=2&alpha=1&beta=b&delta=d&kappa=k&mid=&omega=o&zeta=1")
        #expect(record(query: [:]).entry(sequence: 1).path == "/v1/x", "no query, no ?")
    }

    @Test func replayedIsWrittenOnlyWhenTheAnswerWasReplayed() throws {
        func json(_ record: JournalRecord) throws -> [String: Any] {
            let data = try JSONEncoder().encode(record.entry(sequence: 1))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        #expect(try json(record(query: [:]))["replayed"] == nil)
        #expect(try json(record(query: [:], replayed: true))["replayed"] as? Bool == true)
    }
}

import Foundation
import HTTPTypes
import StubEngine
import Testing

/// `JournalTicket`: the entry of an answer that waits on the wire, written once the wait is
/// over, with the time it really took, and with no status at all (list or detail) when the
/// client left first.
@Suite struct JournalTicketTests {
    private func exchange() -> RouteExchange {
        var exchange = RouteExchange(method: "GET", path: "/v1/slow", rawQuery: nil, headers: [:], requestId: "req-1", authority: nil)
        exchange.route = "GET /v1/slow [slow]"
        exchange.response = StubResponse(status: .ok, body: Array(#"{"ok":true}"#.utf8))
        return exchange
    }

    private func ticket(_ journal: RequestJournal, startedAgo milliseconds: Int64) -> JournalTicket {
        var exchange = exchange()
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return journal.ticket(&exchange, receivedAt: Date(), started: ContinuousClock.now - .milliseconds(milliseconds),
                              status: 200, responseHeaders: headers)
    }

    @Test func anAnsweredEntryIsWrittenOnceWithTheTimeTheWaitTook() throws {
        let journal = RequestJournal(capacity: 10)
        let ticket = ticket(journal, startedAgo: 250)
        #expect(journal.entries().isEmpty, "nothing is written before the wait is over")
        #expect(ticket.isPending)
        ticket.commit(answered: true)
        ticket.commit(answered: false)
        #expect(!ticket.isPending)
        let entries = journal.entries()
        #expect(entries.count == 1, "written once")
        let entry = try #require(entries.first)
        #expect(entry.status == 200 && entry.route == "GET /v1/slow [slow]")
        #expect(entry.latencyMs >= 250 && entry.latencyMs < 60_000, "the wait's own time: \(entry.latencyMs) ms")
        let detail = try #require(journal.detail(sequence: entry.sequence))
        #expect(detail.response?.status == 200 && detail.response?.body?.contains(#""ok""#) == true, "\(detail.response?.body ?? "")")
    }

    @Test func aClientThatLeftGetsAnEntryWithNoStatusAnywhere() throws {
        let journal = RequestJournal(capacity: 10)
        ticket(journal, startedAgo: 5).commit(answered: false)
        let entry = try #require(journal.entries().first)
        #expect(entry.status == nil)
        #expect(entry.route == "GET /v1/slow [slow]", "the route that would have answered stays")
        let detail = try #require(journal.detail(sequence: entry.sequence))
        #expect(detail.response?.status == nil, "the detail does not claim an answer went out")
        #expect(detail.request != nil)
    }
}

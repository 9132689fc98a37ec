import Foundation
import HTTPTypes
import Testing
@testable import StubEngine

/// The journal against a plain list: after any mix of requests from three sessions and clears
/// (one session's, or all), what it lists, replays after a `Last-Event-ID`, details and counts is
/// what a list of the newest `capacity` requests, searched plainly, gives.
@Suite struct JournalModelTests {
    private struct Kept: Equatable {
        var sequence: Int
        var session: String
        var route: String
    }

    @Test(arguments: 0..<16) func theJournalIsTheNewestRequestsSearchedPlainly(seed: UInt64) {
        var generator = SeededGenerator(seed: 9_000 + seed)
        let capacity = Int.random(in: 1...9, using: &generator)
        let journal = RequestJournal(capacity: capacity)
        var kept: [Kept] = [], sequence = 0
        var hits: [String: [String: Int]] = [:]
        let sessions = ["alex", "sam", "default"], routes = ["GET /v1/accounts", "POST /v1/transfers"]
        for step in 0..<150 {
            let context = Comment(rawValue: "seed \(seed), capacity \(capacity), step \(step)")
            if Int.random(in: 0..<12, using: &generator) == 0 {
                let session = Bool.random(using: &generator) ? sessions.randomElement(using: &generator)! : nil
                let gone = kept.filter { session == nil || $0.session == session }.count
                kept.removeAll { session == nil || $0.session == session }
                #expect(journal.clear(session: session) == gone, context)
            } else {
                let session = sessions.randomElement(using: &generator)!, route = routes.randomElement(using: &generator)!
                sequence += 1
                journal.record(JournalRecord(requestId: "r\(sequence)", receivedAt: Date(), method: "GET", path: "/x", query: [:],
                                             session: session, route: route, status: 200, latencyMs: 0, headers: [:]))
                kept.append(Kept(sequence: sequence, session: session, route: route))
                if kept.count > capacity { kept.removeFirst() }
                hits[session, default: [:]][route, default: 0] += 1
            }
            let session = Bool.random(using: &generator) ? sessions.randomElement(using: &generator)! : nil
            let mine = kept.filter { session == nil || $0.session == session }
            let limit = Int.random(in: 1...(capacity + 1), using: &generator)
            #expect(journal.entries(session: session, limit: limit).map(\.sequence) == mine.reversed().prefix(limit).map(\.sequence),
                    "the newest of the session, at most the limit; \(context)")
            let after = Int.random(in: 0...max(sequence, 1), using: &generator)
            #expect(journal.entries(after: after, session: session).map(\.sequence) == mine.filter { $0.sequence > after }.map(\.sequence),
                    "what a listener that last saw \(after) missed, oldest first; \(context)")
            let asked = Int.random(in: 1...max(sequence, 1), using: &generator)
            #expect(journal.detail(sequence: asked)?.entry.session == kept.first { $0.sequence == asked }?.session, context)
            let summed = hits.values.reduce(into: [String: Int]()) { total, counts in total.merge(counts, uniquingKeysWith: +) }
            #expect(journal.hits(session: session) == (session.map { hits[$0] ?? [:] } ?? summed), "clears keep hit counts; \(context)")
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting

/// What the console reads: near misses in the journal, one exchange in full with secrets
/// masked, hit counts per route and session, the sessions, and when a switch runs out.
@Suite struct ConsoleDataTests {
    @Test func anUnmatchedRequestIsJournalledWithItsNearMiss() async throws {
        let backend = try makeBackend()
        try await withStub(backend) { client in
            _ = try await client.send(.get, "/v1/acounts")
            _ = try await client.send(.get, "/v1/status")
            let entries = backend.journal.entries()
            #expect(entries[1].nearMiss == #"GET /v1/accounts (built-in bank): path segment 2 is "acounts"; the route has "accounts""#)
            #expect(entries[1].route == nil)
            #expect(entries[0].nearMiss == nil && entries[0].route == "GET /v1/status")
        }
    }

    @Test func oneExchangeInFullHasItsSecretsMasked() async throws {
        try await withStub(try makeBackend()) { client in
            _ = try await client.login()
            let list = try await client.send(.get, "/__stubbank/journal?limit=1").dataList
            let sequence = try #require(list.first?["sequence"] as? Int)
            let detail = try await client.send(.get, "/__stubbank/journal/\(sequence)")
            #expect(detail.status == .ok)
            let request = try #require(detail.json["request"] as? [String: Any])
            let response = try #require(detail.json["response"] as? [String: Any])
            let sent = try #require(request["body"] as? String)
            #expect(sent.contains(#""password" : "[redacted]""#) && sent.contains(#""username" : "alex""#))
            #expect(!sent.contains("pass_good"))
            let answer = try #require(response["body"] as? String)
            #expect(answer.contains(#""access_token" : "[redacted]""#) && answer.contains(#""refresh_token" : "[redacted]""#))
            #expect(answer.contains(#""token_type" : "Bearer""#))
            #expect(response["status"] as? Int == 200)
            #expect((response["headers"] as? [String: String])?["X-Request-Id"] != nil)

            #expect(try await client.send(.get, "/__stubbank/journal/999").status == .notFound)
            #expect(try await client.send(.get, "/__stubbank/journal/abc").status == .notFound)
            #expect(try await client.send(.delete, "/__stubbank/journal/1").status == .methodNotAllowed)
        }
    }

    @Test func onlyTheNewestExchangesKeepTheirBodiesAndLargeOnesAreLeftOut() throws {
        let journal = RequestJournal(capacity: 1000)
        let record = JournalRecord(requestId: "r", receivedAt: Date(), method: "POST", path: "/x", query: [:], session: "default",
                                   route: nil, status: 200, fault: nil, behaviour: nil, latencyMs: 1, headers: [.contentType: "text/plain"])
        journal.record(record, bodies: ExchangeBodies(requestBody: Array(repeating: 65, count: ExchangeBodies.maxBytes + 1),
                                                      responseStatus: 200, responseHeaders: [:], responseBody: Array("ok".utf8)))
        let large = try #require(journal.detail(sequence: 1))
        #expect(large.request?.body == nil && large.request?.bodyBytes == ExchangeBodies.maxBytes + 1)
        #expect(large.request?.bodyOmitted?.contains("64 KiB") == true)
        #expect(large.response?.body == "ok")
        for _ in 0..<RequestJournal.detailCapacity {
            journal.record(record, bodies: ExchangeBodies(requestBody: [], responseStatus: 200, responseHeaders: [:], responseBody: []))
        }
        let old = try #require(journal.detail(sequence: 1))
        #expect(old.request == nil && old.note?.contains("newest 200") == true)
        #expect(journal.detail(sequence: 2)?.request != nil)
        journal.clear()
        #expect(journal.detail(sequence: 2) == nil)
    }

    @Test func routesCountTheirHitsPerSessionUntilAReset() async throws {
        try await withStub(try makeBackend()) { client in
            _ = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/atms","status":503,"times":1}"#)
            for session in ["a", "a", "b"] { _ = try await client.send(.get, "/v1/atms", headers: ["X-Stub-Session": session]) }
            func hits(_ query: String) async throws -> Int? {
                try await client.send(.get, "/__stubbank/routes\(query)").dataList.first { $0["route"] as? String == "GET /v1/atms" }?["hits"] as? Int
            }
            #expect(try await hits("") == 3, "the one a behaviour answered counts too")
            #expect(try await hits("?session=a") == 2)
            let route = try await client.send(.get, "/__stubbank/routes").dataList.first { $0["route"] as? String == "GET /v1/atms" }
            #expect(route?["source"] as? String == "built-in bank" && route?["journalName"] as? String == "GET /v1/atms")
            _ = try await client.send(.post, "/__stubbank/reset?session=a")
            #expect(try await hits("?session=a") == 0)
            #expect(try await hits("") == 1)
        }
    }

    @Test func routeFileRoutesCountUnderTheirOwnName() async throws {
        let stubs = try ScratchStubs(routes: ["routes/offers.yaml": """
            routes:
              - id: offers
                request: { method: GET, path: /v1/offers }
                responses: [{ status: 200, body: { data: [] } }]
            """])
        try await withStub(try makeBackend(stubs: stubs.url)) { client in
            _ = try await client.send(.get, "/v1/offers")
            let route = try #require(try await client.send(.get, "/__stubbank/routes").dataList.first)
            #expect(route["journalName"] as? String == "GET /v1/offers [offers]")
            #expect(route["source"] as? String == "routes/offers.yaml:2")
            #expect(route["hits"] as? Int == 1)
        }
    }

    @Test func sessionsAreListedMostRecentFirst() async throws {
        try await withStub(try makeBackend()) { client in
            for session in ["ios-sim", "android", "ios-sim"] { _ = try await client.send(.get, "/v1/status", headers: ["X-Stub-Session": session]) }
            let names = try await client.send(.get, "/__stubbank/sessions").dataList.compactMap { $0["name"] as? String }
            #expect(names == ["default", "ios-sim", "android"])
        }
    }

    @Test func aSwitchSaysWhenItRunsOut() async throws {
        let clock = TestClock()
        try await withStub(try makeBackend(clock: clock)) { client in
            let created = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/status","status":500,"expiresInSeconds":30}"#)
            #expect(created.json["secondsLeft"] as? Double == 30)
            clock.advance(by: 12)
            let listed = try #require(try await client.send(.get, "/__stubbank/behaviours").dataList.first)
            #expect(listed["secondsLeft"] as? Double == 18)
            #expect(listed["expiresAt"] as? String == UTCTimestamp.dateTime(clock.date.addingTimeInterval(18)))
        }
    }
}

import HTTPTypes
import HummingbirdTesting
@testable import StubServer
import Testing

/// What the stub gives the contract harness: expiring a session's access tokens on demand, and
/// a journal that says when an answer was a replay.
@Suite struct AdminHarnessSupportTests {
    @Test func expiringTokensOfOneSessionMakesItsNextCall401AndLeavesOthersAlone() async throws {
        try await withStub(try makeBackend()) { client in
            let a = try await client.login(session: "a")
            let b = try await client.login(session: "b")
            let expired = try await client.send(.post, "/__stubbank/tokens/expire?session=a")
            #expect(expired.status == .ok)
            #expect(expired.json["expired"] as? Int == 1)
            #expect(expired.json["session"] as? String == "a")
            #expect(try await client.send(.get, "/v1/accounts", token: a, headers: ["X-Stub-Session": "a"]).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/accounts", token: b, headers: ["X-Stub-Session": "b"]).status == .ok)
            // Expiring again finds nothing live; the wrong method is 405 with Allow.
            #expect(try await client.send(.post, "/__stubbank/tokens/expire?session=a").json["expired"] as? Int == 0)
            let wrongMethod = try await client.send(.get, "/__stubbank/tokens/expire")
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.header("Allow") == "POST")
        }
    }

    @Test func theJournalMarksAReplayedAnswer() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            for _ in 0..<2 {
                let response = try await client.send(.post, "/v1/transfers", token: token, json: TransfersAPITests.body(), headers: ["Idempotency-Key": "same"])
                #expect(response.status == .created)
            }
            let entries = try await client.send(.get, "/__stubbank/journal?limit=2").dataList
            #expect(entries.map { $0["replayed"] as? Bool } == [true, nil])
        }
    }
}

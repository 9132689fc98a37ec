import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
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

    @Test func aResetSaysWhatItReset() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login(session: "a")
            _ = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: token, headers: ["X-Stub-Session": "a"])
            _ = try await client.send(.post, "/__stubbank/behaviours?session=a", json: #"{"route":"GET /v1/status","status":500}"#)
            let reset = try await client.send(.post, "/__stubbank/reset?session=a")
            #expect(reset.status == .ok)
            #expect(reset.json["session"] as? String == "a")
            #expect(reset.json["customersRestored"] as? Int == 1)
            #expect(reset.json["tokensRevoked"] as? Int == 1)
            #expect(reset.json["behavioursRemoved"] as? Int == 1)
            #expect(reset.json["journalEntriesCleared"] as? Int == 2, "sign-in and freeze")
            let again = try await client.send(.post, "/__stubbank/reset?session=a")
            #expect(again.json["customersRestored"] as? Int == 0)
            #expect(again.json["tokensRevoked"] as? Int == 0)
        }
    }

    @Test func theBannerNamesIPv6HostsInBracketsAndSaysWhoMayUseTheAdminAPI() {
        #expect(ListeningAddress.baseURL(host: "127.0.0.1", port: 8080) == "http://127.0.0.1:8080")
        #expect(ListeningAddress.baseURL(host: "::1", port: 8080) == "http://[::1]:8080")
        #expect(ListeningAddress.baseURL(host: "[::]", port: 9) == "http://[::]:9")
        #expect(ListeningAddress.adminAccess(hasToken: false).hasPrefix("loopback clients only"))
        #expect(ListeningAddress.adminAccess(hasToken: true).contains("X-Stub-Admin-Token (loopback too)"))
    }
}

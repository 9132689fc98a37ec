import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting

/// Sessions are bounded: a maximum with least-recently-used eviction, and an idle expiry.
@Suite struct SessionBoundsTests {
    @Test func registryEvictsTheLeastRecentlyUsed() {
        // The clock stands still: recency is the order of use, not the time.
        let clock = TestClock()
        var limits = SessionLimits()
        limits.maxSessions = 2
        let registry = SessionRegistry(limits: limits, clock: { clock.date })
        #expect(registry.touch("a").isEmpty)
        #expect(registry.touch("b").isEmpty)
        #expect(registry.touch("a").isEmpty, "a is now the most recent")
        let evicted = registry.touch("c")
        #expect(evicted.map(\.session) == ["b"])
        #expect(evicted.first?.reason == .leastRecentlyUsed)
        #expect(registry.count == 2)
        #expect(registry.touch("default").isEmpty, "default never counts and is never evicted")
    }

    @Test func registryExpiresIdleSessions() {
        let clock = TestClock()
        var limits = SessionLimits()
        limits.idleSeconds = 600
        let registry = SessionRegistry(limits: limits, clock: { clock.date })
        _ = registry.touch("old")
        clock.advance(by: 300)
        _ = registry.touch("young")
        clock.advance(by: 301)
        let evicted = registry.touch("default")
        #expect(evicted.map(\.session) == ["old"])
        #expect(evicted.first?.reason == .idle)
        #expect(registry.count == 1)
    }

    /// The idle sweep a request sets off never takes that request's own session: a test that
    /// paused (a breakpoint, a slow simulator) comes back to its behaviours and state.
    @Test func aSessionsOwnRequestDoesNotEvictIt() {
        let clock = TestClock()
        var limits = SessionLimits()
        limits.idleSeconds = 600
        let registry = SessionRegistry(limits: limits, clock: { clock.date })
        _ = registry.touch("paused")
        _ = registry.touch("other")
        clock.advance(by: 900)
        let evicted = registry.touch("paused")
        #expect(evicted.map(\.session) == ["other"])
        #expect(registry.count == 1)
    }

    @Test func anEvictedSessionLosesItsTokensStateAndBehaviours() async throws {
        let backend = try makeBackend { $0.sessionLimits.maxSessions = 2 }
        try await withStub(backend) { client in
            let first = try await client.login(session: "first")
            let behaviour = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/cards","status":503}"#,
                                                  headers: ["X-Stub-Session": "first"])
            #expect(behaviour.status == .created)
            let still = try await client.send(.get, "/v1/accounts", token: first, headers: ["X-Stub-Session": "first"])
            #expect(still.status == .ok)
            func hits() async throws -> Int? {
                try await client.send(.get, "/__stubbank/routes?session=first").dataList
                    .first { $0["route"] as? String == "GET /v1/accounts" }?["hits"] as? Int
            }
            #expect(try await hits() == 1)
            _ = try await client.login(session: "second")
            _ = try await client.login(session: "third")  // evicts "first", the least recently used
            #expect(try await hits() == 0, "its route hits go with it")
            let gone = try await client.send(.get, "/v1/accounts", token: first, headers: ["X-Stub-Session": "first"])
            #expect(gone.status == .unauthorized)
            #expect(gone.errorBody["code"] as? String == "invalid_token")
            #expect(backend.behaviours.list(session: "first").allSatisfy { $0.behaviour.session != "first" })
        }
    }

    @Test func anIdleSessionIsForgottenAtTheNextRequest() async throws {
        let clock = TestClock()
        let backend = try makeBackend(clock: clock) { $0.sessionLimits.idleSeconds = 60 }
        try await withStub(backend) { client in
            let token = try await client.login(session: "sleepy")
            clock.advance(by: 61)
            // Any request sweeps; the sleepy session's token is gone with it.
            _ = try await client.send(.get, "/v1/status")
            let after = try await client.send(.get, "/v1/accounts", token: token, headers: ["X-Stub-Session": "sleepy"])
            #expect(after.status == .unauthorized)
        }
    }

    @Test func historyIsSharedAndMergedInOrder() {
        func entry(_ id: String, _ createdAt: String) -> WireTransaction {
            WireTransaction(id: id, accountId: "acc", status: "booked", amount: WireMoney(1, currency: "EUR"), description: id,
                            merchant: nil, bookingDate: nil, valueDate: "2026-11-20", createdAt: createdAt,
                            pendingTransactionId: nil, rejectionReason: nil)
        }
        let shared = TransactionOrdering.sorted([entry("t1", "2026-11-20T10:00:00Z"), entry("t3", "2026-11-20T12:00:00Z")])
        var history = TransactionHistory(shared: shared)
        history.insert(entry("n2", "2026-11-20T11:00:00Z"))
        history.insert(entry("n4", "2026-11-20T13:00:00Z"))
        #expect(history.map(\.id) == ["n4", "t3", "n2", "t1"])
        #expect(history.addedCount == 2, "only the session's own entries are stored")
    }
}

import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct AccountsAPITests {
    @Test func listsAccountsWithMoneyAsStrings() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.get, "/v1/accounts", token: token)
            #expect(response.status == .ok)
            #expect(response.dataList.count == 3)
            #expect(response.json.keys.contains("nextCursor"))
            let balance = try #require(response.dataList.first?["balance"] as? [String: Any])
            #expect(balance["amount"] as? String == "2450.75")
            #expect(balance["currency"] as? String == "EUR")
        }
    }

    @Test func requiresAToken() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.get, "/v1/accounts")
            #expect(response.status == .unauthorized)
            #expect(response.errorBody["type"] as? String == "authentication")
        }
    }

    @Test func emptyPersonaHasNoAccounts() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login("empty")
            #expect(try await client.send(.get, "/v1/accounts", token: token).dataList.isEmpty)
        }
    }

    @Test func unknownAccountIs404() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.get, "/v1/accounts/acc_nope/balances", token: token)
            #expect(response.status == .notFound)
            #expect(response.errorBody["code"] as? String == "not_found")
        }
    }

    @Test func balancesCountOnlyUnsettledPendingEntries() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.get, "/v1/accounts/acc_alex_current/balances", token: token)
            #expect((response.json["pending"] as? [String: Any])?["amount"] as? String == "-101.29")
        }
    }

    @Test func paginationWalksTheBusyHistoryOnceInOrder() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login("busy")
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let uri = "/v1/accounts/acc_busy_current/transactions?limit=200" + (cursor.map { "&cursor=\($0)" } ?? "")
                let response = try await client.send(.get, uri, token: token)
                #expect(response.status == .ok)
                seen += response.dataList.compactMap { $0["id"] as? String }
                cursor = response.json["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 100
            #expect(seen.count == 10_000)
            #expect(Set(seen).count == 10_000)
        }
    }

    @Test func filtersByStatusAndDate() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let pending = try await client.send(.get, "/v1/accounts/acc_alex_current/transactions?status=pending", token: token)
            #expect(pending.dataList.allSatisfy { $0["status"] as? String == "pending" })
            #expect(pending.dataList.count == 5)
            let ranged = try await client.send(.get, "/v1/accounts/acc_alex_current/transactions?from=2026-11-01&to=2026-11-10", token: token)
            let days = ranged.dataList.compactMap { $0["valueDate"] as? String }
            #expect(!days.isEmpty && days.allSatisfy { $0 >= "2026-11-01" && $0 <= "2026-11-10" })
        }
    }

    @Test func foreignCursorIs422() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.get, "/v1/accounts/acc_alex_current/transactions?cursor=garbage", token: token)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorBody["code"] as? String == "invalid_cursor")
        }
    }

    @Test(arguments: ["limit=0", "limit=201", "limit=x", "status=settled", "from=2026-13-01", "limit=5&limit=6"])
    func badQueriesAre400WithDetails(_ query: String) async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.get, "/v1/accounts/acc_alex_current/transactions?\(query)", token: token)
            #expect(response.status == .badRequest)
            #expect((response.errorBody["details"] as? [[String: Any]])?.isEmpty == false)
        }
    }

    @Test func atmsAreSortedByDistanceWithinTheRadius() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.get, "/v1/atms?lat=52.52&lon=13.41&radiusKm=5")
            let distances = response.dataList.compactMap { $0["distanceKm"] as? Double }
            #expect(!distances.isEmpty && distances == distances.sorted() && distances.allSatisfy { $0 <= 5 })
            #expect(try await client.send(.get, "/v1/atms?lat=95&lon=0").status == .badRequest)
        }
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct AdminAPITests {
    @Test func installsAndRetiresABehaviour() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let created = try await client.send(.post, "/__stubbank/behaviours",
                                                json: #"{"route":"GET /v1/accounts","status":503,"times":1,"headers":{"Retry-After":"7"}}"#)
            #expect(created.status == .created)
            #expect((created.json["id"] as? String)?.hasPrefix("bhv_") == true)
            let first = try await client.send(.get, "/v1/accounts", token: token)
            #expect(first.status == .serviceUnavailable)
            #expect(first.header("Retry-After") == "7")
            #expect(try await client.send(.get, "/v1/accounts", token: token).status == .ok)
        }
    }

    @Test func listsAndDeletesBehaviours() async throws {
        try await withStub(try makeBackend()) { client in
            let created = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"* /v1/**","latency":{"type":"fixed","ms":5}}"#)
            let id = try #require(created.json["id"] as? String)
            #expect(try await client.send(.get, "/__stubbank/behaviours").dataList.count == 1)
            #expect(try await client.send(.delete, "/__stubbank/behaviours/\(id)").status == .noContent)
            #expect(try await client.send(.delete, "/__stubbank/behaviours/\(id)").status == .notFound)
        }
    }

    @Test func rejectsInvalidBehaviourWithTheField() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/accounts","status":503,"probability":2}"#)
            #expect(response.status == .badRequest)
            #expect((response.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "probability")
            let typo = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/accounts","fault":"explode"}"#)
            #expect(typo.status == .badRequest)
        }
    }

    @Test func sessionScopedBehaviourAffectsOnlyThatSession() async throws {
        try await withStub(try makeBackend()) { client in
            _ = try await client.send(.post, "/__stubbank/behaviours?session=a", json: #"{"route":"GET /v1/status","status":500}"#)
            #expect(try await client.send(.get, "/v1/status", headers: ["X-Stub-Session": "a"]).status == .internalServerError)
            #expect(try await client.send(.get, "/v1/status", headers: ["X-Stub-Session": "b"]).status == .ok)
        }
    }

    /// `X-Stub-Session` narrows an admin call as `?session=` does (README, "Sessions"): a UI test
    /// that sends every request with its header reads and clears its own journal and behaviours.
    @Test func theSessionHeaderNarrowsAnAdminCallAsTheQueryDoes() async throws {
        try await withStub(try makeBackend()) { client in
            _ = try await client.send(.get, "/v1/status", headers: ["X-Stub-Session": "a"])
            _ = try await client.send(.get, "/v1/atms", headers: ["X-Stub-Session": "b"])
            let byHeader = try await client.send(.get, "/__stubbank/journal", headers: ["X-Stub-Session": "a"]).dataList
            #expect(byHeader.map { $0["path"] as? String } == ["/v1/status"])
            let byQuery = try await client.send(.get, "/__stubbank/journal?session=b").dataList
            #expect(byQuery.map { $0["path"] as? String } == ["/v1/atms"])
            let all = try await client.send(.get, "/__stubbank/journal").dataList
            #expect(all.count == 2, "without either, every session")
            _ = try await client.send(.post, "/__stubbank/behaviours", json: #"{"route":"GET /v1/status","status":503}"#,
                                      headers: ["X-Stub-Session": "a"])
            #expect(try await client.send(.get, "/v1/status", headers: ["X-Stub-Session": "a"]).status == .serviceUnavailable)
            #expect(try await client.send(.get, "/v1/status", headers: ["X-Stub-Session": "b"]).status == .ok)
            #expect(try await client.send(.delete, "/__stubbank/journal", headers: ["X-Stub-Session": "a"]).status.code < 300)
            #expect(try await client.send(.get, "/__stubbank/journal?session=a").dataList.isEmpty)
            #expect(try await client.send(.get, "/__stubbank/journal?session=b").dataList.count == 2, "b's journal stays")
        }
    }

    @Test func switchesAndClearsScenarios() async throws {
        try await withStub(try makeBackend()) { client in
            let listed = try await client.send(.get, "/__stubbank/scenarios")
            #expect(listed.dataList.count == 7)
            #expect(try await client.send(.put, "/__stubbank/scenario", json: #"{"name":"rate-limited"}"#).status == .ok)
            #expect(try await client.send(.get, "/v1/cards").status == .tooManyRequests)
            #expect(try await client.send(.delete, "/__stubbank/scenario").status == .noContent)
            #expect(try await client.send(.get, "/v1/cards").status == .unauthorized)
            let unknown = try await client.send(.put, "/__stubbank/scenario", json: #"{"name":"nope"}"#)
            #expect(unknown.status == .badRequest)
            #expect((unknown.errorBody["message"] as? String)?.contains("offline") == true)
        }
    }

    @Test func resetRestoresTheFixtures() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            _ = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: token)
            #expect(try await client.send(.post, "/__stubbank/reset").status == .ok)
            #expect(try await client.send(.get, "/v1/cards", token: token).status == .unauthorized)
            let fresh = try await client.login()
            let card = try await client.send(.get, "/v1/cards", token: fresh).dataList.first { $0["id"] as? String == "card_alex_debit" }
            #expect(card?["status"] as? String == "active")
        }
    }

    @Test func resetOfOneSessionLeavesOthersAlone() async throws {
        try await withStub(try makeBackend()) { client in
            let a = try await client.login(session: "a")
            let b = try await client.login(session: "b")
            _ = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: a, headers: ["X-Stub-Session": "a"])
            _ = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: b, headers: ["X-Stub-Session": "b"])
            #expect(try await client.send(.post, "/__stubbank/reset?session=a").status == .ok)
            let revoked = try await client.send(.get, "/v1/cards", token: a, headers: ["X-Stub-Session": "a"])
            #expect(revoked.status == .unauthorized)
            let untouched = try await client.send(.get, "/v1/cards", token: b, headers: ["X-Stub-Session": "b"])
            #expect(untouched.dataList.first { $0["id"] as? String == "card_alex_debit" }?["status"] as? String == "frozen")
        }
    }

    @Test func journalRecordsRequestsAndRedactsAuthorization() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            _ = try await client.send(.get, "/v1/accounts?x=1", token: token)
            let journal = try await client.send(.get, "/__stubbank/journal?limit=1")
            let entry = try #require(journal.dataList.first)
            #expect(entry["path"] as? String == "/v1/accounts?x=1")
            #expect(entry["route"] as? String == "GET /v1/accounts")
            #expect(entry["status"] as? Int == 200)
            #expect((entry["headers"] as? [String: String])?["Authorization"] == "[redacted]")
        }
    }

    @Test func journalIsBounded() async throws {
        try await withStub(try makeBackend { $0.journalCapacity = 3 }) { client in
            for index in 0..<5 { _ = try await client.send(.get, "/v1/status?n=\(index)") }
            let paths = try await client.send(.get, "/__stubbank/journal").dataList.compactMap { $0["path"] as? String }
            #expect(paths == ["/v1/status?n=4", "/v1/status?n=3", "/v1/status?n=2"])
        }
    }

    @Test func listsRoutes() async throws {
        try await withStub(try makeBackend()) { client in
            let routes = try await client.send(.get, "/__stubbank/routes").dataList.compactMap { $0["route"] as? String }
            #expect(routes.contains("POST /v1/transfers"))
            #expect(routes.count == BankAPI.routes().count)
        }
    }

    @Test func adminTokenIsRequiredWhenConfigured() async throws {
        try await withStub(try makeBackend { $0.adminToken = "s3cret" }) { client in
            let anonymous = try await client.send(.get, "/__stubbank/routes")
            #expect(anonymous.status == .unauthorized)
            let authorised = try await client.send(.get, "/__stubbank/routes", headers: ["X-Stub-Admin-Token": "s3cret"])
            #expect(authorised.status == .ok)
        }
    }

    @Test func brokenReloadKeepsTheLastGoodSet() async throws {
        let scratch = try ScratchStubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { client in
            try scratch.write("personas/alex/accounts.json", "{ not json")
            let failed = try await client.send(.post, "/__stubbank/reload")
            #expect(failed.status == .unprocessableContent)
            #expect((failed.errorBody["details"] as? [[String: Any]])?.first?["path"] as? String == "personas/alex/accounts.json:1")
            let token = try await client.login()
            #expect(try await client.send(.get, "/v1/accounts", token: token).dataList.count == 3)
            try scratch.write("personas/alex/accounts.json", #"{"data": [], "nextCursor": null}"#)
            try scratch.write("personas/alex/cards.json", #"{"data": [], "nextCursor": null}"#)
            try scratch.write("personas/alex/transactions.json", #"{"data": [], "nextCursor": null}"#)
            #expect(try await client.send(.post, "/__stubbank/reload").status == .ok)
            let again = try await client.login()
            #expect(try await client.send(.get, "/v1/accounts", token: again).dataList.isEmpty)
        }
    }

    /// The ATM list is encoded once per fixture set; a reload must bring the new one.
    @Test func reloadReplacesTheCachedATMList() async throws {
        let scratch = try ScratchStubs()
        try await withStub(try makeBackend(stubs: scratch.url)) { client in
            let before = try await client.send(.get, "/v1/atms")
            #expect(before.dataList.count == 6)
            #expect(try await client.send(.get, "/v1/atms").text == before.text)
            let original = try String(contentsOf: scratch.url.appendingPathComponent("common/atms.json"), encoding: .utf8)
            try scratch.write("common/atms.json", original.replacingOccurrences(of: "StubBank Alexanderplatz", with: "Renamed Alexanderplatz"))
            #expect(try await client.send(.post, "/__stubbank/reload").status == .ok)
            let after = try await client.send(.get, "/v1/atms")
            #expect(after.text.contains("Renamed Alexanderplatz"))
            #expect(!after.text.contains("StubBank Alexanderplatz"))
            #expect(after.header("X-Signature") != before.header("X-Signature"))
        }
    }
}

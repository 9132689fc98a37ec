import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct ResourcesAPITests {
    @Test func freezeAndUnfreezeWith409WhenAlreadyInState() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let frozen = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: token)
            #expect(frozen.status == .ok)
            #expect(frozen.json["status"] as? String == "frozen")
            let again = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: token)
            #expect(again.status == .conflict)
            #expect(again.errorBody["code"] as? String == "card_already_frozen")
            #expect(try await client.send(.post, "/v1/cards/card_alex_debit/unfreeze", token: token).status == .ok)
            #expect(try await client.send(.post, "/v1/cards/card_alex_debit/unfreeze", token: token).status == .conflict)
            #expect(try await client.send(.post, "/v1/cards/card_nope/freeze", token: token).status == .notFound)
        }
    }

    @Test func beneficiariesAddValidateAndDelete() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let bad = try await client.send(.post, "/v1/beneficiaries", token: token, json: #"{"name":"Jo","iban":"DE00123"}"#)
            #expect(bad.status == .badRequest)
            let spaced = try await client.send(.post, "/v1/beneficiaries", token: token, json: #"{"name":"Jo","iban":"GB82 WEST 1234 5698 7654 32"}"#)
            #expect(spaced.status == .badRequest)
            let checksum = try await client.send(.post, "/v1/beneficiaries", token: token, json: #"{"name":"Jo","iban":"GB83WEST12345698765432"}"#)
            #expect(checksum.status == .unprocessableContent)
            #expect(checksum.errorBody["code"] as? String == "invalid_iban")
            let added = try await client.send(.post, "/v1/beneficiaries", token: token, json: #"{"name":"Jo Bloggs","iban":"GB82WEST12345698765432"}"#)
            #expect(added.status == .created)
            #expect(added.json["iban"] as? String == "GB82WEST12345698765432")
            let duplicate = try await client.send(.post, "/v1/beneficiaries", token: token, json: #"{"name":"Jo again","iban":"GB82WEST12345698765432"}"#)
            #expect(duplicate.status == .conflict)
            let id = try #require(added.json["id"] as? String)
            #expect(try await client.send(.delete, "/v1/beneficiaries/\(id)", token: token).status == .noContent)
            #expect(try await client.send(.delete, "/v1/beneficiaries/\(id)", token: token).status == .notFound)
        }
    }

    @Test func supportTicketsAreCreatedNewestFirst() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let created = try await client.send(.post, "/v1/support/tickets", token: token,
                                                json: #"{"subject":"Lost card","message":"I lost my card.","category":"card"}"#)
            #expect(created.status == .created)
            let list = try await client.send(.get, "/v1/support/tickets", token: token)
            #expect(list.dataList.first?["id"] as? String == created.json["id"] as? String)
            let bad = try await client.send(.post, "/v1/support/tickets", token: token, json: #"{"subject":"","message":"x","category":"pets"}"#)
            #expect(bad.status == .badRequest)
            #expect((bad.errorBody["details"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test func statusNeedsNoTokenAndReportsMaintenance() async throws {
        try await withStub(try makeBackend()) { client in
            let response = try await client.send(.get, "/v1/status")
            #expect(response.status == .ok)
            #expect(response.json["status"] as? String == "ok")
        }
        try await withStub(try makeBackend { $0.scenario = "maintenance" }) { client in
            let status = try await client.send(.get, "/v1/status")
            #expect(status.json["status"] as? String == "maintenance")
            #expect(status.json["retryAfterSeconds"] as? Int == 120)
            let accounts = try await client.send(.get, "/v1/accounts")
            #expect(accounts.status == .serviceUnavailable)
            #expect(accounts.header("Retry-After") == "120")
            #expect(accounts.errorBody["code"] as? String == "maintenance")
        }
    }

    /// Lists are encoded once and kept (`Bank.encodedRead`): every change must show in the next
    /// read, in its own session only, and a reset must bring the fixtures back.
    @Test func everyChangeShowsInTheNextReadOfAKeptList() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let other = try await client.login(session: "other")
            func read(_ path: String, session: String? = nil) async throws -> [[String: Any]] {
                try await client.send(.get, path, token: session == nil ? token : other,
                                      headers: session.map { ["X-Stub-Session": $0] } ?? [:]).dataList
            }
            func card(_ list: [[String: Any]]) -> String? { list.first { $0["id"] as? String == "card_alex_debit" }?["status"] as? String }
            // Read everything twice first, so each list is kept before it changes.
            for _ in 0..<2 {
                #expect(card(try await read("/v1/cards")) == "active")
                #expect(card(try await read("/v1/cards", session: "other")) == "active")
            }
            let payees = try await read("/v1/beneficiaries").count
            let tickets = try await read("/v1/support/tickets").count
            let account = try await client.send(.get, "/v1/accounts/acc_alex_current", token: token).json["availableBalance"]
            _ = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: token)
            #expect(card(try await read("/v1/cards")) == "frozen")
            #expect(card(try await read("/v1/cards", session: "other")) == "active")
            _ = try await client.send(.post, "/v1/beneficiaries", token: token, json: #"{"name":"Jo Bloggs","iban":"GB82WEST12345698765432"}"#)
            #expect(try await read("/v1/beneficiaries").count == payees + 1)
            _ = try await client.send(.post, "/v1/support/tickets", token: token,
                                      json: #"{"subject":"Lost card","message":"I lost my card.","category":"card"}"#)
            #expect(try await read("/v1/support/tickets").count == tickets + 1)
            let payee = try #require(try await read("/v1/beneficiaries").last?["id"] as? String)
            let transfer = try await client.send(.post, "/v1/transfers", token: token,
                json: #"{"fromAccountId":"acc_alex_current","beneficiaryId":"\#(payee)","amount":{"amount":"10.00","currency":"EUR"}}"#,
                headers: ["Idempotency-Key": "cache-1"])
            #expect(transfer.status == .created)
            let after = try await client.send(.get, "/v1/accounts/acc_alex_current", token: token).json["availableBalance"]
            #expect((after as? [String: Any])?["amount"] as? String != (account as? [String: Any])?["amount"] as? String)
            #expect(try await client.send(.post, "/__stubbank/reset").status == .ok)
            let again = try await client.login()
            #expect(card(try await client.send(.get, "/v1/cards", token: again).dataList) == "active")
        }
    }

    @Test func sessionsIsolateBankState() async throws {
        try await withStub(try makeBackend()) { client in
            let a = try await client.login(session: "case-a")
            let b = try await client.login(session: "case-b")
            _ = try await client.send(.post, "/v1/cards/card_alex_debit/freeze", token: a, headers: ["X-Stub-Session": "case-a"])
            let cardsB = try await client.send(.get, "/v1/cards", token: b, headers: ["X-Stub-Session": "case-b"])
            #expect(cardsB.dataList.first { $0["id"] as? String == "card_alex_debit" }?["status"] as? String == "active")
        }
    }
}

import HTTPTypes
import HummingbirdTesting
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct TransfersAPITests {
    static func body(_ amount: String = "10.00", currency: String = "EUR", from: String = "acc_alex_current",
                     to: String = "ben_sam", reference: String = "Pizza") -> String {
        #"{"fromAccountId":"\#(from)","beneficiaryId":"\#(to)","amount":{"amount":"\#(amount)","currency":"\#(currency)"},"reference":"\#(reference)"}"#
    }

    @Test func missingIdempotencyKeyIs400() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.post, "/v1/transfers", token: token, json: Self.body())
            #expect(response.status == .badRequest)
            #expect(response.errorBody["code"] as? String == "idempotency_key_required")
        }
    }

    @Test func successDebitsAndAddsAPendingEntry() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.post, "/v1/transfers", token: token, json: Self.body("25.50"), headers: ["Idempotency-Key": "k-1"])
            #expect(response.status == .created)
            let transactionId = try #require(response.json["transactionId"] as? String)
            let account = try await client.send(.get, "/v1/accounts/acc_alex_current", token: token)
            #expect((account.json["availableBalance"] as? [String: Any])?["amount"] as? String == "3345.76")
            let list = try await client.send(.get, "/v1/accounts/acc_alex_current/transactions?status=pending", token: token)
            let entry = try #require(list.dataList.first { $0["id"] as? String == transactionId })
            #expect((entry["amount"] as? [String: Any])?["amount"] as? String == "-25.50")
            let id = try #require(response.json["id"] as? String)
            #expect(try await client.send(.get, "/v1/transfers/\(id)", token: token).json["id"] as? String == id)
        }
    }

    @Test func repeatWithSameKeyReplaysAndDebitsOnce() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let first = try await client.send(.post, "/v1/transfers", token: token, json: Self.body(), headers: ["Idempotency-Key": "same"])
            let second = try await client.send(.post, "/v1/transfers", token: token, json: Self.body(), headers: ["Idempotency-Key": "same"])
            #expect(first.text == second.text)
            #expect(second.header("Idempotent-Replayed") == "true")
            let account = try await client.send(.get, "/v1/accounts/acc_alex_current", token: token)
            #expect((account.json["availableBalance"] as? [String: Any])?["amount"] as? String == "3361.26")
        }
    }

    @Test func sameKeyDifferentBodyIs422() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            _ = try await client.send(.post, "/v1/transfers", token: token, json: Self.body("10.00"), headers: ["Idempotency-Key": "k"])
            let response = try await client.send(.post, "/v1/transfers", token: token, json: Self.body("11.00"), headers: ["Idempotency-Key": "k"])
            #expect(response.status == .unprocessableContent)
            #expect(response.errorBody["code"] as? String == "idempotency_key_reused")
        }
    }

    @Test func insufficientFundsAndDailyLimitAre422WithCodes() async throws {
        try await withStub(try makeBackend()) { client in
            let over = try await client.login("overdrawn")
            let broke = try await client.send(.post, "/v1/transfers", token: over,
                                              json: Self.body("1.00", from: "acc_over_current", to: "ben_over_friend"), headers: ["Idempotency-Key": "a"])
            #expect(broke.status == .unprocessableContent)
            #expect(broke.errorBody["code"] as? String == "insufficient_funds")
            let alex = try await client.login()
            let big = try await client.send(.post, "/v1/transfers", token: alex,
                                            json: Self.body("6000.00", from: "acc_alex_savings"), headers: ["Idempotency-Key": "b"])
            #expect(big.errorBody["code"] as? String == "daily_limit_exceeded")
        }
    }

    @Test(arguments: [
        (TransfersAPITests.body("-5.00"), "amount.amount"),
        (TransfersAPITests.body("1.234"), "amount.amount"),
        (TransfersAPITests.body("12,50"), "amount.amount"),
        (TransfersAPITests.body("1.00", currency: "eur"), "amount.currency"),
        (#"{"fromAccountId":"acc_alex_current","beneficiaryId":"ben_sam","amount":{"amount":10,"currency":"EUR"}}"#, "amount.amount"),
    ])
    func invalidBodiesAre400WithTheField(body: String, field: String) async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.post, "/v1/transfers", token: token, json: body, headers: ["Idempotency-Key": "v"])
            #expect(response.status == .badRequest)
            let paths = (response.errorBody["details"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
            #expect(paths.contains(field))
        }
    }

    @Test func zeroAmountIsABusinessRule() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let response = try await client.send(.post, "/v1/transfers", token: token, json: Self.body("0.00"), headers: ["Idempotency-Key": "z"])
            #expect(response.status == .unprocessableContent)
            #expect(response.errorBody["code"] as? String == "amount_not_positive")
        }
    }

    @Test func currencyMismatchAndUnknownPayeeAre422() async throws {
        try await withStub(try makeBackend()) { client in
            let token = try await client.login()
            let usd = try await client.send(.post, "/v1/transfers", token: token, json: Self.body("1.00", currency: "USD"), headers: ["Idempotency-Key": "c"])
            #expect(usd.errorBody["code"] as? String == "currency_mismatch")
            let nobody = try await client.send(.post, "/v1/transfers", token: token, json: Self.body(to: "ben_nobody"), headers: ["Idempotency-Key": "d"])
            #expect(nobody.errorBody["code"] as? String == "unknown_beneficiary")
        }
    }
}

import BankingData
import BankingDomain
import Foundation
import Testing

@Suite struct SignatureAndDecodingTests {
    func client(_ response: @escaping @Sendable () -> HTTPResponseData) async -> BankingClient {
        let vault = TokenVault(session: Session(accessToken: "t", refreshToken: "r", expiresAt: .distantFuture))
        return await BankingClient(transport: ClosureTransport { _ in response() }, signingKey: testKey, vault: vault)
    }

    @Test func aTamperedSignatureIsRefused() async {
        let client = await client {
            var response = FakeBank.signed(200, FakeBank.profile)
            response.headers["x-signature"] = String(repeating: "0", count: 64)
            return response
        }
        await #expect { try await client.profile.profile() } throws: { error in
            guard case BankingError.unexpectedResponse(let reason) = error else { return false }
            return reason.contains("X-Signature")
        }
    }

    @Test func aMissingSignatureIsRefused() async {
        let client = await client { HTTPResponseData(status: 200, headers: ["Content-Type": "application/json"], body: Data(FakeBank.profile.utf8)) }
        await #expect(throws: BankingError.self) { try await client.profile.profile() }
    }

    @Test func malformedJSONAndWrongContentTypeAreUnexpected() async {
        let broken = await client { FakeBank.signed(200, #"{"id": "cus", "#) }
        await #expect { try await broken.profile.profile() } throws: { error in
            if case BankingError.unexpectedResponse = error { return true } else { return false }
        }
        let html = await client { FakeBank.signed(200, "<html></html>", contentType: "text/html") }
        await #expect { try await html.profile.profile() } throws: { error in
            guard case BankingError.unexpectedResponse(let reason) = error else { return false }
            return reason.contains("text/html")
        }
    }

    @Test func moneyAndDatesMapToTheDomain() async throws {
        let client = await client {
            FakeBank.signed(200, #"{"data":[{"id":"t1","accountId":"a","status":"booked","amount":{"amount":"-12.40","currency":"EUR"},"description":"Café","bookingDate":"2026-11-19","valueDate":"2026-11-19","createdAt":"2026-11-19T16:05:00Z","pendingTransactionId":"t0"}],"nextCursor":"abc"}"#)
        }
        let page = try await client.transactions.transactions(accountId: "a", query: TransactionQuery(limit: 1))
        #expect(page.nextCursor == "abc")
        #expect(page.transactions.first?.amount == Money(Decimal(string: "-12.40")!, .eur))
        #expect(page.transactions.first?.bookingDate == Day("2026-11-19"))
        #expect(page.transactions.first?.pendingTransactionId == "t0")
    }

    @Test func floatMoneyIsRefused() async {
        let client = await client {
            FakeBank.signed(200, #"{"id":"trf","status":"pending","fromAccountId":"a","beneficiaryId":"b","amount":{"amount":12.3,"currency":"EUR"},"reference":"","createdAt":"2026-11-19T16:05:00Z","transactionId":"t"}"#)
        }
        await #expect(throws: BankingError.self) { try await client.transfers.transfer(id: "trf") }
    }
}

import BankingDomain
import Foundation
import Testing

@Suite struct SubmitTransferTests {
    let account = Account(id: "acc", name: "Everyday", kind: .current, iban: "DE89370400440532013000", currency: .eur,
                          balance: Money(100, .eur), availableBalance: Money(100, .eur), creditLimit: nil, isActive: true)
    let payee = Beneficiary(id: "ben", name: "Sam", iban: "DE89370400440532013000", bankName: nil, reference: nil, createdAt: Date())

    func draft(_ amount: Decimal, _ currency: CurrencyCode = .eur, to: String = "ben") -> TransferDraft {
        TransferDraft(fromAccountId: "acc", beneficiaryId: to, amount: Money(amount, currency), reference: "Pizza")
    }

    @Test(arguments: [
        (Decimal(0), CurrencyCode.eur, "ben", BankingError.validation(field: "amount", message: "The amount must be greater than zero.")),
        (Decimal(-5), CurrencyCode.eur, "ben", BankingError.validation(field: "amount", message: "The amount must be greater than zero.")),
        (Decimal(5), CurrencyCode.usd, "ben", BankingError.validation(field: "amount", message: "Transfers from Everyday must be in EUR.")),
        (Decimal(100.01), CurrencyCode.eur, "ben", BankingError.businessRule(.insufficientFunds)),
        (Decimal(5), CurrencyCode.eur, "nobody", BankingError.validation(field: "beneficiary", message: "Choose who to pay.")),
    ])
    func validationRefusesBeforeAnyCall(amount: Decimal, currency: CurrencyCode, payeeId: String, expected: BankingError) {
        #expect(throws: expected) { try SubmitTransfer.validate(draft(amount, currency, to: payeeId), from: account, payees: [payee]) }
    }

    @Test func retryReusesTheIdempotencyKeyUntilSuccess() async throws {
        let keys = KeyLog()
        let counter = Counter()
        let repository = FakeTransfers { draft, key in
            await keys.append(key)
            if await counter.next() == 1 { throw BankingError.timeout }
            return Transfer(id: "trf", status: .pending, fromAccountId: draft.fromAccountId, beneficiaryId: draft.beneficiaryId,
                            amount: draft.amount, reference: draft.reference, createdAt: Date(), transactionId: "txn")
        }
        let makeKey = Counter()
        let submit = SubmitTransfer(transfers: repository) { "key-\(makeKey.nextSync())" }
        await #expect(throws: BankingError.timeout) { try await submit(draft(10), from: account, payees: [payee]) }
        _ = try await submit(draft(10), from: account, payees: [payee])
        _ = try await submit(draft(10), from: account, payees: [payee])
        #expect(await keys.all == ["key-1", "key-1", "key-2"])
    }
}

struct FakeTransfers: TransferRepository {
    let handler: @Sendable (TransferDraft, String) async throws -> Transfer

    func submit(_ draft: TransferDraft, idempotencyKey: String) async throws(BankingError) -> Transfer {
        do { return try await handler(draft, idempotencyKey) } catch let error as BankingError { throw error } catch { throw .cancelled }
    }

    func transfer(id: String) async throws(BankingError) -> Transfer { throw .notFound }
}

actor KeyLog {
    var all: [String] = []
    func append(_ key: String) { all.append(key) }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() async -> Int { nextSync() }
    func nextSync() -> Int {
        lock.lock(); defer { lock.unlock() }
        value += 1
        return value
    }
}

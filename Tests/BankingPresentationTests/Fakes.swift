import BankingDomain
import BankingPresentation
import Foundation

/// Closure-backed repositories with presets, in the style of swift-openapi-runtime's fakes.
struct FakeAccounts: AccountRepository {
    var list: @Sendable () throws(BankingError) -> [Account] = { [Fixtures.current] }
    var balanceResult: @Sendable () throws(BankingError) -> Balance = { Fixtures.balance }

    func accounts() async throws(BankingError) -> [Account] { try list() }
    func account(id: String) async throws(BankingError) -> Account {
        guard let account = try list().first(where: { $0.id == id }) else { throw .notFound }
        return account
    }
    func balance(accountId: String) async throws(BankingError) -> Balance { try balanceResult() }

    static func failing(_ error: BankingError) -> FakeAccounts {
        FakeAccounts(list: { () throws(BankingError) in throw error }, balanceResult: { () throws(BankingError) in throw error })
    }
}

struct FakeTransactions: TransactionRepository {
    var pages: @Sendable (TransactionQuery) throws(BankingError) -> TransactionPage

    func transactions(accountId: String, query: TransactionQuery) async throws(BankingError) -> TransactionPage { try pages(query) }
}

struct FakeCards: CardRepository {
    var list: [Card]
    var toggle: @Sendable (String, Bool) throws(BankingError) -> Card

    func cards() async throws(BankingError) -> [Card] { list }
    func freeze(cardId: String) async throws(BankingError) -> Card { try toggle(cardId, true) }
    func unfreeze(cardId: String) async throws(BankingError) -> Card { try toggle(cardId, false) }
}

struct FakeAuth: AuthRepository {
    var result: @Sendable () throws(BankingError) -> Session
    func signIn(username: String, password: String) async throws(BankingError) -> Session { try result() }
    func signOut() async {}
}

struct FakeProfile: ProfileRepository {
    func profile() async throws(BankingError) -> UserProfile {
        UserProfile(id: "cus", username: "alex", firstName: "Alex", lastName: "Morgan", email: "", phone: "", locale: "en-GB",
                    customerSince: Day("2019-04-02")!)
    }
}

struct FakeTransfers: TransferRepository {
    var submitResult: @Sendable (TransferDraft, String) throws(BankingError) -> Transfer

    func submit(_ draft: TransferDraft, idempotencyKey: String) async throws(BankingError) -> Transfer { try submitResult(draft, idempotencyKey) }
    func transfer(id: String) async throws(BankingError) -> Transfer { throw .notFound }
}

enum Fixtures {
    static let current = Account(id: "acc", name: "Everyday", kind: .current, iban: "DE89370400440532013000", currency: .eur,
                                 balance: Money(Decimal(string: "2450.75")!, .eur), availableBalance: Money(Decimal(string: "100.00")!, .eur),
                                 creditLimit: nil, isActive: true)
    static let balance = Balance(accountId: "acc", booked: Money(Decimal(string: "2450.75")!, .eur), available: Money(100, .eur),
                                 pending: Money(Decimal(string: "-79.49")!, .eur), creditLimit: nil, asOf: Date())
    static let sam = Beneficiary(id: "ben_sam", name: "Sam Taylor", iban: "DE89370400440532013000", bankName: nil, reference: nil, createdAt: Date())

    /// 2026-11-20 12:00 in London.
    static let environment = PresentationEnvironment(
        locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!,
        now: { ISO8601DateFormatter().date(from: "2026-11-20T12:00:00Z")! })

    static func entry(_ id: String, _ status: Transaction.Status, _ amount: String, at time: String, booking: String? = nil,
                      settles: String? = nil, merchant: String? = nil) -> Transaction {
        let created = ISO8601DateFormatter().date(from: time)!
        return Transaction(id: id, accountId: "acc", status: status, amount: Money(amount: amount, currency: "EUR")!, description: id,
                           merchant: merchant.map { Merchant(name: $0, category: "x") }, bookingDate: booking.flatMap(Day.init),
                           valueDate: Day(created, in: .gmt), createdAt: created, pendingTransactionId: settles, rejectionReason: nil)
    }
}

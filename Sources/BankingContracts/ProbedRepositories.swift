import BankingDomain
import Foundation

/// Repository decorators that let a real presenter drive the real repositories while the
/// probe records what the domain layer answered.
struct ProbedAccounts: AccountRepository {
    let base: any AccountRepository
    let probe: DomainProbe
    func accounts() async throws(BankingError) -> [Account] {
        try await probe.track(count: { $0.count }) { () throws(BankingError) in try await base.accounts() }
    }
    func account(id: String) async throws(BankingError) -> Account {
        try await probe.track { () throws(BankingError) in try await base.account(id: id) }
    }
    func balance(accountId: String) async throws(BankingError) -> Balance {
        let balance = try await probe.track { () throws(BankingError) in try await base.balance(accountId: accountId) }
        await probe.note("booked", balance.booked)
        await probe.note("available", balance.available)
        await probe.note("pending", balance.pending)
        return balance
    }
}

struct ProbedTransactions: TransactionRepository {
    let base: any TransactionRepository
    let probe: DomainProbe
    func transactions(accountId: String, query: TransactionQuery) async throws(BankingError) -> TransactionPage {
        let page = try await probe.track { () throws(BankingError) in try await base.transactions(accountId: accountId, query: query) }
        await probe.loaded(page.transactions)
        return page
    }
}

struct ProbedATMs: ATMRepository {
    let base: any ATMRepository
    let probe: DomainProbe
    func atms(near: (latitude: Double, longitude: Double)?, radiusKm: Double?) async throws(BankingError) -> [ATM] {
        try await probe.track(count: { $0.count }) { () throws(BankingError) in try await base.atms(near: near, radiusKm: radiusKm) }
    }
}

struct ProbedCards: CardRepository {
    let base: any CardRepository
    let probe: DomainProbe
    func cards() async throws(BankingError) -> [Card] {
        try await probe.track(count: { $0.count }) { () throws(BankingError) in try await base.cards() }
    }
    func freeze(cardId: String) async throws(BankingError) -> Card {
        try await probe.track { () throws(BankingError) in try await base.freeze(cardId: cardId) }
    }
    func unfreeze(cardId: String) async throws(BankingError) -> Card {
        try await probe.track { () throws(BankingError) in try await base.unfreeze(cardId: cardId) }
    }
}

struct ProbedBeneficiaries: BeneficiaryRepository {
    let base: any BeneficiaryRepository
    let probe: DomainProbe
    func beneficiaries() async throws(BankingError) -> [Beneficiary] {
        try await probe.track(count: { $0.count }) { () throws(BankingError) in try await base.beneficiaries() }
    }
    func add(_ beneficiary: NewBeneficiary) async throws(BankingError) -> Beneficiary {
        try await probe.track { () throws(BankingError) in try await base.add(beneficiary) }
    }
    func delete(id: String) async throws(BankingError) { try await probe.track { () throws(BankingError) in try await base.delete(id: id) } }
}

struct ProbedTransfers: TransferRepository {
    let base: any TransferRepository
    let probe: DomainProbe
    func submit(_ draft: TransferDraft, idempotencyKey: String) async throws(BankingError) -> Transfer {
        let transfer = try await probe.track { () throws(BankingError) in try await base.submit(draft, idempotencyKey: idempotencyKey) }
        await probe.note("amount", transfer.amount)
        return transfer
    }
    func transfer(id: String) async throws(BankingError) -> Transfer {
        try await probe.track { () throws(BankingError) in try await base.transfer(id: id) }
    }
}

struct ProbedSupport: SupportRepository {
    let base: any SupportRepository
    let probe: DomainProbe
    func tickets() async throws(BankingError) -> [SupportTicket] {
        try await probe.track(count: { $0.count }) { () throws(BankingError) in try await base.tickets() }
    }
    func create(_ ticket: NewSupportTicket) async throws(BankingError) -> SupportTicket {
        try await probe.track { () throws(BankingError) in try await base.create(ticket) }
    }
}

struct ProbedAuth: AuthRepository {
    let base: any AuthRepository
    let probe: DomainProbe
    func signIn(username: String, password: String) async throws(BankingError) -> Session {
        try await probe.track { () throws(BankingError) in try await base.signIn(username: username, password: password) }
    }
    func signOut() async { await base.signOut() }
}

struct ProbedProfile: ProfileRepository {
    let base: any ProfileRepository
    let probe: DomainProbe
    func profile() async throws(BankingError) -> UserProfile { try await probe.track { () throws(BankingError) in try await base.profile() } }
}

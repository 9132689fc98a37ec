/// Signs in and out. Token storage and refresh are the data layer's business.
public protocol AuthRepository: Sendable {
    /// Password sign-in; stores the session on success.
    func signIn(username: String, password: String) async throws(BankingError) -> Session
    /// Revokes the session on the server (best effort) and forgets it locally.
    func signOut() async
}

public protocol ProfileRepository: Sendable {
    func profile() async throws(BankingError) -> UserProfile
}

public protocol AccountRepository: Sendable {
    func accounts() async throws(BankingError) -> [Account]
    func account(id: String) async throws(BankingError) -> Account
    func balance(accountId: String) async throws(BankingError) -> Balance
}

public protocol TransactionRepository: Sendable {
    func transactions(accountId: String, query: TransactionQuery) async throws(BankingError) -> TransactionPage
}

public protocol ATMRepository: Sendable {
    /// ATMs near a point (nearest first), or all when `near` is nil.
    func atms(near: (latitude: Double, longitude: Double)?, radiusKm: Double?) async throws(BankingError) -> [ATM]
}

public protocol CardRepository: Sendable {
    func cards() async throws(BankingError) -> [Card]
    func freeze(cardId: String) async throws(BankingError) -> Card
    func unfreeze(cardId: String) async throws(BankingError) -> Card
}

public protocol BeneficiaryRepository: Sendable {
    func beneficiaries() async throws(BankingError) -> [Beneficiary]
    func add(_ beneficiary: NewBeneficiary) async throws(BankingError) -> Beneficiary
    func delete(id: String) async throws(BankingError)
}

public protocol TransferRepository: Sendable {
    /// Submits under an idempotency key; the same key must be reused when retrying.
    func submit(_ draft: TransferDraft, idempotencyKey: String) async throws(BankingError) -> Transfer
    func transfer(id: String) async throws(BankingError) -> Transfer
}

public protocol SupportRepository: Sendable {
    func tickets() async throws(BankingError) -> [SupportTicket]
    func create(_ ticket: NewSupportTicket) async throws(BankingError) -> SupportTicket
}

public protocol StatusRepository: Sendable {
    func status() async throws(BankingError) -> ServiceStatus
}

/// Signs in and out. Token storage and refresh are the data layer's business.
public protocol AuthRepository: Sendable {
    /// Password sign-in; stores the session on success.
    func signIn(username: String, password: String) async throws(BankingError) -> Session
    /// Revokes the session on the server (best effort) and forgets it locally.
    func signOut() async
}

/// The signed-in customer's profile.
public protocol ProfileRepository: Sendable {
    /// The profile of whoever is signed in.
    func profile() async throws(BankingError) -> UserProfile
}

/// The customer's accounts and their balances.
public protocol AccountRepository: Sendable {
    /// Every account, in the bank's order.
    func accounts() async throws(BankingError) -> [Account]
    /// One account; `notFound` when it is not the customer's.
    func account(id: String) async throws(BankingError) -> Account
    /// The balances of one account, now.
    func balance(accountId: String) async throws(BankingError) -> Balance
}

/// The entries on an account, a page at a time.
public protocol TransactionRepository: Sendable {
    /// One page of entries matching `query`.
    func transactions(accountId: String, query: TransactionQuery) async throws(BankingError) -> TransactionPage
}

/// Cash machines.
public protocol ATMRepository: Sendable {
    /// ATMs near a point (nearest first), or all when `near` is nil.
    func atms(near: (latitude: Double, longitude: Double)?, radiusKm: Double?) async throws(BankingError) -> [ATM]
}

/// The customer's cards and freezing them.
public protocol CardRepository: Sendable {
    /// Every card.
    func cards() async throws(BankingError) -> [Card]
    /// Freezes a card; `conflict` when it is frozen already.
    func freeze(cardId: String) async throws(BankingError) -> Card
    /// Unfreezes a card; `conflict` when it is not frozen.
    func unfreeze(cardId: String) async throws(BankingError) -> Card
}

/// Saved payees.
public protocol BeneficiaryRepository: Sendable {
    /// Every saved payee.
    func beneficiaries() async throws(BankingError) -> [Beneficiary]
    /// Saves a payee; `businessRule(.invalidIBAN)` for a bad IBAN.
    func add(_ beneficiary: NewBeneficiary) async throws(BankingError) -> Beneficiary
    /// Deletes a saved payee.
    func delete(id: String) async throws(BankingError)
}

/// Sending money.
public protocol TransferRepository: Sendable {
    /// Submits under an idempotency key; the same key must be reused when retrying.
    func submit(_ draft: TransferDraft, idempotencyKey: String) async throws(BankingError) -> Transfer
    /// One transfer, to follow a pending one.
    func transfer(id: String) async throws(BankingError) -> Transfer
}

/// Support tickets.
public protocol SupportRepository: Sendable {
    /// Every ticket, newest first.
    func tickets() async throws(BankingError) -> [SupportTicket]
    /// Opens a ticket.
    func create(_ ticket: NewSupportTicket) async throws(BankingError) -> SupportTicket
}

/// Whether the bank is up.
public protocol StatusRepository: Sendable {
    /// The service status; the app asks before signing in and after a 503.
    func status() async throws(BankingError) -> ServiceStatus
}

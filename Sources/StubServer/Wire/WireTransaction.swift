import StubEngine

/// One account entry. Pending and booked entries share one list, newest first.
struct WireTransaction: Codable, Sendable, Equatable {
    var id: String
    var accountId: String
    /// `pending`, `booked` or `rejected`.
    var status: String
    /// Signed amount: negative for a debit.
    var amount: WireMoney
    var description: String
    var merchant: WireMerchant?
    /// `YYYY-MM-DD`; null while pending or when rejected.
    var bookingDate: String?
    /// `YYYY-MM-DD`.
    var valueDate: String
    /// RFC 3339 timestamp the list is ordered by.
    var createdAt: String
    /// For a booked entry that settles an earlier pending one, that pending entry's id.
    var pendingTransactionId: String?
    /// Why a rejected entry was rejected.
    var rejectionReason: String?
}

/// Who was paid, with a category for icons and budgets.
struct WireMerchant: Codable, Sendable, Equatable {
    var name: String
    var category: String
}

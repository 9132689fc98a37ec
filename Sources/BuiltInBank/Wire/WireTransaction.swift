import StubEngine

/// One account entry. Pending and booked entries share one list, newest first.
package struct WireTransaction: Codable, Sendable, Equatable {
    package var id: String
    package var accountId: String
    /// `pending`, `booked` or `rejected`.
    package var status: String
    /// Signed amount: negative for a debit.
    package var amount: WireMoney
    package var description: String
    package var merchant: WireMerchant?
    /// `YYYY-MM-DD`; null while pending or when rejected.
    package var bookingDate: String?
    /// `YYYY-MM-DD`.
    package var valueDate: String
    /// RFC 3339 timestamp the list is ordered by.
    package var createdAt: String
    /// For a booked entry that settles an earlier pending one, that pending entry's id.
    package var pendingTransactionId: String?
    /// Why a rejected entry was rejected.
    package var rejectionReason: String?
}

/// Who was paid, with a category for icons and budgets.
package struct WireMerchant: Codable, Sendable, Equatable {
    package var name: String
    package var category: String
}

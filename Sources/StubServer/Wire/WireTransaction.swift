/// One account entry. Pending and booked entries share one list, newest first.
public struct WireTransaction: Codable, Sendable, Equatable {
    public var id: String
    public var accountId: String
    /// `pending`, `booked` or `rejected`.
    public var status: String
    /// Signed amount: negative for a debit.
    public var amount: WireMoney
    public var description: String
    public var merchant: WireMerchant?
    /// `YYYY-MM-DD`; null while pending or when rejected.
    public var bookingDate: String?
    /// `YYYY-MM-DD`.
    public var valueDate: String
    /// RFC 3339 timestamp the list is ordered by.
    public var createdAt: String
    /// For a booked entry that settles an earlier pending one, that pending entry's id.
    public var pendingTransactionId: String?
    /// Why a rejected entry was rejected.
    public var rejectionReason: String?
}

/// Who was paid, with a category for icons and budgets.
public struct WireMerchant: Codable, Sendable, Equatable {
    public var name: String
    public var category: String
}

/// A payment card.
public struct Card: Hashable, Sendable, Identifiable {
    /// Whether the card spends the account's own money or credit.
    public enum Kind: String, Sendable {
        /// Spends the linked account's money.
        case debit
        /// Spends credit, repaid later.
        case credit
    }

    /// Whether the card can be used.
    public enum Status: String, Sendable {
        /// Usable.
        case active
        /// Blocked by the customer until unfrozen; payments are declined.
        case frozen
    }

    /// The bank's id for the card.
    public let id: String
    /// The account the card spends from.
    public let accountId: String
    /// Debit or credit.
    public let kind: Kind
    /// The scheme, e.g. `visa`, `mastercard`.
    public let brand: String
    /// The last four digits of the card number, all the app may show.
    public let last4: String
    /// The name on the card.
    public let holderName: String
    /// `YYYY-MM`.
    public let expiry: String
    /// Active or frozen.
    public let status: Status

    /// A card as the bank reports it.
    public init(id: String, accountId: String, kind: Kind, brand: String, last4: String, holderName: String, expiry: String, status: Status) {
        self.id = id
        self.accountId = accountId
        self.kind = kind
        self.brand = brand
        self.last4 = last4
        self.holderName = holderName
        self.expiry = expiry
        self.status = status
    }

    /// Whether payments with the card are declined until it is unfrozen.
    public var isFrozen: Bool { status == .frozen }
}

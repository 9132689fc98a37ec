/// A payment card.
public struct Card: Hashable, Sendable, Identifiable {
    public enum Kind: String, Sendable { case debit, credit }
    public enum Status: String, Sendable { case active, frozen }

    public let id: String
    public let accountId: String
    public let kind: Kind
    public let brand: String
    public let last4: String
    public let holderName: String
    /// `YYYY-MM`.
    public let expiry: String
    public let status: Status

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

    public var isFrozen: Bool { status == .frozen }
}

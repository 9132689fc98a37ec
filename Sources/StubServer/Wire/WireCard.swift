/// A payment card, `GET /v1/cards`.
public struct WireCard: Codable, Sendable, Equatable {
    public var id: String
    public var accountId: String
    /// `debit` or `credit`.
    public var type: String
    public var brand: String
    public var last4: String
    public var holderName: String
    /// `YYYY-MM`.
    public var expiry: String
    /// `active` or `frozen`.
    public var status: String
}

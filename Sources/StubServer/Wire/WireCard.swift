import StubEngine

/// A payment card, `GET /v1/cards`.
struct WireCard: Codable, Sendable, Equatable {
    var id: String
    var accountId: String
    /// `debit` or `credit`.
    var type: String
    var brand: String
    var last4: String
    var holderName: String
    /// `YYYY-MM`.
    var expiry: String
    /// `active` or `frozen`.
    var status: String
}

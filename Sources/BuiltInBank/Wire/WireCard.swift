import StubEngine

/// A payment card, `GET /v1/cards`.
package struct WireCard: Codable, Sendable, Equatable {
    package var id: String
    package var accountId: String
    /// `debit` or `credit`.
    package var type: String
    package var brand: String
    package var last4: String
    package var holderName: String
    /// `YYYY-MM`.
    package var expiry: String
    /// `active` or `frozen`.
    package var status: String
}

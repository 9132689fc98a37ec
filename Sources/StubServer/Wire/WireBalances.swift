import StubEngine

/// The balances of one account, `GET /v1/accounts/{id}/balances`.
struct WireBalances: Codable, Sendable, Equatable {
    var accountId: String
    var booked: WireMoney
    var available: WireMoney
    /// Sum of pending entries (negative for pending debits).
    var pending: WireMoney
    var creditLimit: WireMoney?
    /// RFC 3339 timestamp of the figures.
    var asOf: String
}

import StubEngine

/// The balances of one account, `GET /v1/accounts/{id}/balances`.
package struct WireBalances: Codable, Sendable, Equatable {
    package var accountId: String
    package var booked: WireMoney
    package var available: WireMoney
    /// Sum of pending entries (negative for pending debits).
    package var pending: WireMoney
    package var creditLimit: WireMoney?
    /// RFC 3339 timestamp of the figures.
    package var asOf: String
}

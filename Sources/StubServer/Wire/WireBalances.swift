/// The balances of one account, `GET /v1/accounts/{id}/balances`.
public struct WireBalances: Codable, Sendable, Equatable {
    public var accountId: String
    public var booked: WireMoney
    public var available: WireMoney
    /// Sum of pending entries (negative for pending debits).
    public var pending: WireMoney
    public var creditLimit: WireMoney?
    /// RFC 3339 timestamp of the figures.
    public var asOf: String
}

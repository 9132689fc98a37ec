/// A bank account as served by `GET /v1/accounts`.
public struct WireAccount: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// `current`, `savings` or `credit`.
    public var type: String
    public var iban: String
    public var currency: String
    /// Booked balance.
    public var balance: WireMoney
    /// Booked balance less pending debits, plus any overdraft.
    public var availableBalance: WireMoney
    /// `active` or `blocked`.
    public var status: String
    /// Overdraft or credit limit, when the account has one.
    public var creditLimit: WireMoney?
}

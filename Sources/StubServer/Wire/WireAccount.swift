import StubEngine

/// A bank account as served by `GET /v1/accounts`.
struct WireAccount: Codable, Sendable, Equatable {
    var id: String
    var name: String
    /// `current`, `savings` or `credit`.
    var type: String
    var iban: String
    var currency: String
    /// Booked balance.
    var balance: WireMoney
    /// Booked balance less pending debits, plus any overdraft.
    var availableBalance: WireMoney
    /// `active` or `blocked`.
    var status: String
    /// Overdraft or credit limit, when the account has one.
    var creditLimit: WireMoney?
}

import StubEngine

/// A bank account as served by `GET /v1/accounts`.
package struct WireAccount: Codable, Sendable, Equatable {
    package var id: String
    package var name: String
    /// `current`, `savings` or `credit`.
    package var type: String
    package var iban: String
    package var currency: String
    /// Booked balance.
    package var balance: WireMoney
    /// Booked balance less pending debits, plus any overdraft.
    package var availableBalance: WireMoney
    /// `active` or `blocked`.
    package var status: String
    /// Overdraft or credit limit, when the account has one.
    package var creditLimit: WireMoney?
}

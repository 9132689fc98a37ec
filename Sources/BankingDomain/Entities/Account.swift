public import Foundation

/// A bank account with its balances.
public struct Account: Hashable, Sendable, Identifiable {
    /// What kind of account it is.
    public enum Kind: String, Sendable { case current, savings, credit }

    public let id: String
    public let name: String
    public let kind: Kind
    public let iban: String
    public let currency: CurrencyCode
    /// Booked balance.
    public let balance: Money
    /// What can be spent now, including any overdraft.
    public let availableBalance: Money
    public let creditLimit: Money?
    public let isActive: Bool

    public init(id: String, name: String, kind: Kind, iban: String, currency: CurrencyCode, balance: Money,
                availableBalance: Money, creditLimit: Money?, isActive: Bool) {
        self.id = id
        self.name = name
        self.kind = kind
        self.iban = iban
        self.currency = currency
        self.balance = balance
        self.availableBalance = availableBalance
        self.creditLimit = creditLimit
        self.isActive = isActive
    }
}

/// The balances of one account at a moment.
public struct Balance: Hashable, Sendable {
    public let accountId: String
    public let booked: Money
    public let available: Money
    public let pending: Money
    public let creditLimit: Money?
    public let asOf: Date

    public init(accountId: String, booked: Money, available: Money, pending: Money, creditLimit: Money?, asOf: Date) {
        self.accountId = accountId
        self.booked = booked
        self.available = available
        self.pending = pending
        self.creditLimit = creditLimit
        self.asOf = asOf
    }
}

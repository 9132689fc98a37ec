public import Foundation

/// A bank account with its balances.
public struct Account: Hashable, Sendable, Identifiable {
    /// What kind of account it is.
    public enum Kind: String, Sendable {
        /// An everyday account for payments.
        case current
        /// A savings account.
        case savings
        /// A credit-card account, usually with a negative balance and a `creditLimit`.
        case credit
    }

    /// The bank's id for the account.
    public let id: String
    /// The name the customer sees, e.g. "Everyday".
    public let name: String
    /// Current, savings or credit.
    public let kind: Kind
    /// The account's IBAN, without spaces.
    public let iban: String
    /// The account's currency.
    public let currency: CurrencyCode
    /// Booked balance.
    public let balance: Money
    /// What can be spent now, including any overdraft.
    public let availableBalance: Money
    /// The overdraft or credit limit; nil when the account has none.
    public let creditLimit: Money?
    /// False for a closed or blocked account, which the app shows but cannot pay from.
    public let isActive: Bool

    /// An account as the bank reports it.
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
    /// The account these balances belong to.
    public let accountId: String
    /// Settled money on the account.
    public let booked: Money
    /// What can be spent now: booked, less pending, plus any overdraft.
    public let available: Money
    /// The sum of authorised entries not yet settled.
    public let pending: Money
    /// The overdraft or credit limit; nil when the account has none.
    public let creditLimit: Money?
    /// When the bank computed these balances.
    public let asOf: Date

    /// Balances as the bank reports them.
    public init(accountId: String, booked: Money, available: Money, pending: Money, creditLimit: Money?, asOf: Date) {
        self.accountId = accountId
        self.booked = booked
        self.available = available
        self.pending = pending
        self.creditLimit = creditLimit
        self.asOf = asOf
    }
}

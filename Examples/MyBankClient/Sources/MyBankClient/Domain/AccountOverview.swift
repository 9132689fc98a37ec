public import Foundation

/// The account screen's data after the interactor's business rules.
public struct AccountOverview: Sendable, Equatable {
    /// The account's details.
    public var account: AccountModel
    /// Cleared and pending transactions together, newest day first.
    public var groups: [TransactionGroup]
    /// The cash machines the transactions refer to.
    public var atms: [ATMModel]

    /// Every transaction, in screen order.
    public var transactions: [TransactionModel] { groups.flatMap(\.transactions) }
}

/// The account's details.
public struct AccountModel: Sendable, Equatable {
    /// The account's name, e.g. `Everyday Saver`.
    public var name: String
    /// `BSB accountNumber`.
    public var number: String
    /// Money that can be spent now.
    public var available: Decimal
    /// The ledger balance.
    public var balance: Decimal
}

/// One day's transactions.
public struct TransactionGroup: Sendable, Equatable {
    /// The day.
    public var day: DayStamp
    /// Pending first, then cleared, each in the server's order.
    public var transactions: [TransactionModel]
}

/// One transaction, cleared or pending.
public struct TransactionModel: Sendable, Equatable {
    /// The server's id.
    public var id: String
    /// The day it takes effect.
    public var day: DayStamp
    /// What the bank statement says.
    public var description: String
    /// Negative for money out.
    public var amount: Decimal
    /// Not yet cleared.
    public var isPending: Bool
    /// The cash machine, for withdrawals.
    public var atmId: String?

    /// A transaction.
    public init(id: String, day: DayStamp, description: String, amount: Decimal, isPending: Bool, atmId: String? = nil) {
        self.id = id
        self.day = day
        self.description = description
        self.amount = amount
        self.isPending = isPending
        self.atmId = atmId
    }
}

/// A cash machine on the map.
public struct ATMModel: Sendable, Equatable {
    /// The server's id.
    public var id: String
    /// Its name.
    public var name: String
    /// Its street address.
    public var address: String
    /// Latitude.
    public var latitude: Double
    /// Longitude.
    public var longitude: Double
}

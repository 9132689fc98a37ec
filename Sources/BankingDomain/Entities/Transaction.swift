public import Foundation

/// One entry on an account.
public struct Transaction: Hashable, Sendable, Identifiable {
    /// Where the entry stands: authorised but not settled, settled, or refused by the bank.
    public enum Status: String, Sendable {
        /// Authorised, not yet settled; the amount already counts against the available balance.
        case pending
        /// Settled on the account.
        case booked
        /// Refused; it never moved money (see `rejectionReason`).
        case rejected
    }

    /// The bank's id for the entry.
    public let id: String
    /// The account the entry is on.
    public let accountId: String
    /// Pending, booked or rejected.
    public let status: Status
    /// Negative for money out.
    public let amount: Money
    /// The text the bank shows for the entry, e.g. the card payment's descriptor.
    public let description: String
    /// Who was paid, for card payments; nil for transfers and fees.
    public let merchant: Merchant?
    /// The day the entry was booked; nil while it is pending.
    public let bookingDate: Day?
    /// The day the money counts from, used to group the list by day.
    public let valueDate: Day
    /// When the bank first recorded the entry.
    public let createdAt: Date
    /// For a booked entry: the pending entry it settles.
    public let pendingTransactionId: String?
    /// Why the bank refused it, for a rejected entry.
    public let rejectionReason: String?

    /// An entry as the bank reports it.
    public init(id: String, accountId: String, status: Status, amount: Money, description: String, merchant: Merchant?,
                bookingDate: Day?, valueDate: Day, createdAt: Date, pendingTransactionId: String?, rejectionReason: String?) {
        self.id = id
        self.accountId = accountId
        self.status = status
        self.amount = amount
        self.description = description
        self.merchant = merchant
        self.bookingDate = bookingDate
        self.valueDate = valueDate
        self.createdAt = createdAt
        self.pendingTransactionId = pendingTransactionId
        self.rejectionReason = rejectionReason
    }
}

/// Who was paid.
public struct Merchant: Hashable, Sendable {
    /// The merchant's trading name.
    public let name: String
    /// The bank's category for the merchant, e.g. `groceries`.
    public let category: String

    /// A merchant.
    public init(name: String, category: String) {
        self.name = name
        self.category = category
    }
}

/// A page of entries and the cursor for the next page.
public struct TransactionPage: Hashable, Sendable {
    /// The entries on this page, newest first.
    public let transactions: [Transaction]
    /// The cursor for the next page; nil on the last one.
    public let nextCursor: String?

    /// A page of entries.
    public init(transactions: [Transaction], nextCursor: String?) {
        self.transactions = transactions
        self.nextCursor = nextCursor
    }
}

/// Filters for a transactions request.
public struct TransactionQuery: Hashable, Sendable {
    /// The first day to include.
    public var from: Day?
    /// The last day to include.
    public var to: Day?
    /// Only entries with this status.
    public var status: Transaction.Status?
    /// The page to fetch, from an earlier page's `nextCursor`; nil for the first page.
    public var cursor: String?
    /// At most this many entries per page; nil leaves it to the bank.
    public var limit: Int?

    /// Filters; every one is optional.
    public init(from: Day? = nil, to: Day? = nil, status: Transaction.Status? = nil, cursor: String? = nil, limit: Int? = nil) {
        self.from = from
        self.to = to
        self.status = status
        self.cursor = cursor
        self.limit = limit
    }
}

/// One day of a transactions list and its entries, newest first.
public struct TransactionDay: Hashable, Sendable, Identifiable {
    /// The day the entries' values fall on.
    public let day: Day
    /// That day's entries, newest first.
    public let transactions: [Transaction]

    /// The day, which identifies the group in a list.
    public var id: Day { day }

    /// A day and its entries.
    public init(day: Day, transactions: [Transaction]) {
        self.day = day
        self.transactions = transactions
    }
}

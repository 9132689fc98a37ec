public import Foundation

/// One entry on an account.
public struct Transaction: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable { case pending, booked, rejected }

    public let id: String
    public let accountId: String
    public let status: Status
    /// Negative for money out.
    public let amount: Money
    public let description: String
    public let merchant: Merchant?
    public let bookingDate: Day?
    public let valueDate: Day
    public let createdAt: Date
    /// For a booked entry: the pending entry it settles.
    public let pendingTransactionId: String?
    public let rejectionReason: String?

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
    public let name: String
    public let category: String

    public init(name: String, category: String) {
        self.name = name
        self.category = category
    }
}

/// A page of entries and the cursor for the next page.
public struct TransactionPage: Hashable, Sendable {
    public let transactions: [Transaction]
    public let nextCursor: String?

    public init(transactions: [Transaction], nextCursor: String?) {
        self.transactions = transactions
        self.nextCursor = nextCursor
    }
}

/// Filters for a transactions request.
public struct TransactionQuery: Hashable, Sendable {
    public var from: Day?
    public var to: Day?
    public var status: Transaction.Status?
    public var cursor: String?
    public var limit: Int?

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
    public let day: Day
    public let transactions: [Transaction]

    public var id: Day { day }

    public init(day: Day, transactions: [Transaction]) {
        self.day = day
        self.transactions = transactions
    }
}

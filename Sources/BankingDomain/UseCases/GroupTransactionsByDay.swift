public import Foundation

/// Groups a transactions list into days for display: pending and booked together, newest day
/// first, newest entry first within a day, and a pending entry shown only once after a booked
/// entry has settled it.
public struct GroupTransactionsByDay: Sendable {
    /// The time zone whose days the list is grouped by (the customer's).
    public let timeZone: TimeZone

    /// - Parameter timeZone: the customer's zone; an entry's day is where its time falls there.
    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The entries grouped by value day, newest day first, each day's entries newest first.
    public func callAsFunction(_ transactions: [Transaction]) -> [TransactionDay] {
        let settled = Set(transactions.filter { $0.status == .booked }.compactMap(\.pendingTransactionId))
        var seen: Set<String> = []
        var byDay: [Day: [Transaction]] = [:]
        for transaction in transactions where !settled.contains(transaction.id) && seen.insert(transaction.id).inserted {
            byDay[day(of: transaction), default: []].append(transaction)
        }
        return byDay.keys.sorted(by: >).map { day in
            TransactionDay(day: day, transactions: byDay[day]!.sorted {
                $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : $0.id > $1.id
            })
        }
    }

    /// Booked entries sit on their booking date; pending and rejected ones on when they happened.
    private func day(of transaction: Transaction) -> Day {
        if transaction.status == .booked, let booking = transaction.bookingDate { return booking }
        return Day(transaction.createdAt, in: timeZone)
    }
}

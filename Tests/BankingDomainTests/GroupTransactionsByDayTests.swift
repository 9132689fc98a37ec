import BankingDomain
import Foundation
import Testing

@Suite struct GroupTransactionsByDayTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func entry(_ id: String, _ status: Transaction.Status, at time: String, booking: String? = nil, settles: String? = nil) -> Transaction {
        let created = ISO8601DateFormatter().date(from: time)!
        return Transaction(id: id, accountId: "a", status: status, amount: Money(-1, .eur), description: id, merchant: nil,
                           bookingDate: booking.flatMap(Day.init), valueDate: Day(created, in: .gmt), createdAt: created,
                           pendingTransactionId: settles, rejectionReason: nil)
    }

    @Test func newestDayFirstAndNewestEntryFirst() {
        let days = GroupTransactionsByDay(timeZone: berlin)([
            entry("a", .booked, at: "2026-11-18T10:00:00Z", booking: "2026-11-18"),
            entry("b", .pending, at: "2026-11-20T09:00:00Z"),
            entry("c", .pending, at: "2026-11-20T18:00:00Z"),
        ])
        #expect(days.map(\.day.description) == ["2026-11-20", "2026-11-18"])
        #expect(days[0].transactions.map(\.id) == ["c", "b"])
    }

    @Test func aSettledPendingEntryIsShownOnce() {
        let days = GroupTransactionsByDay(timeZone: berlin)([
            entry("p", .pending, at: "2026-11-19T09:30:00Z"),
            entry("b", .booked, at: "2026-11-19T16:05:00Z", booking: "2026-11-19", settles: "p"),
        ])
        #expect(days.flatMap(\.transactions).map(\.id) == ["b"])
    }

    @Test func midnightFallsOnTheCustomersLocalDay() {
        // 23:30 UTC is already the next day in Berlin (UTC+1 in November).
        let late = entry("late", .pending, at: "2026-11-19T23:30:00Z")
        #expect(GroupTransactionsByDay(timeZone: berlin)([late]).first?.day.description == "2026-11-20")
        #expect(GroupTransactionsByDay(timeZone: .gmt)([late]).first?.day.description == "2026-11-19")
    }

    @Test func bookedEntriesSitOnTheirBookingDate() {
        let booked = entry("b", .booked, at: "2026-11-19T23:30:00Z", booking: "2026-11-21")
        #expect(GroupTransactionsByDay(timeZone: berlin)([booked]).first?.day.description == "2026-11-21")
    }

    @Test func duplicatesAndEmptyInput() {
        let a = entry("a", .pending, at: "2026-11-19T10:00:00Z")
        #expect(GroupTransactionsByDay(timeZone: berlin)([a, a]).flatMap(\.transactions).count == 1)
        #expect(GroupTransactionsByDay(timeZone: berlin)([]).isEmpty)
    }
}

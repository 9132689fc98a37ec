import Foundation
import StubEngine

/// Generates a large, realistic, reproducible history for load personas such as `busy`.
package struct TransactionGenerator {
    package let generation: TransactionGeneration
    package let currency: String

    private static let merchants: [(String, String, ClosedRange<Int>)] = [
        ("Rewe", "groceries", 800...9_500), ("Lidl", "groceries", 500...6_000), ("Aral", "fuel", 3_000...9_000),
        ("Deutsche Bahn", "travel", 1_990...12_900), ("Spotify", "subscriptions", 999...999),
        ("Netflix", "subscriptions", 1_399...1_399), ("Café Einstein", "eating_out", 350...1_800),
        ("Amazon", "shopping", 1_299...18_999), ("Apotheke am Markt", "health", 450...4_200),
        ("BVG", "transport", 320...4_900), ("Zalando", "shopping", 2_995...12_995), ("Uber", "transport", 890...3_400),
    ]

    /// Entries from `endDate` backwards: one salary a month, a few rejected, the newest pending.
    package func generate() -> [WireTransaction] {
        var generator = SeededGenerator(seed: generation.seed)
        let end = UTCTimestamp.parseDay(generation.endDate) ?? Date(timeIntervalSince1970: 1_795_000_000)
        var result: [WireTransaction] = []
        result.reserveCapacity(generation.count)
        var secondsBack = 0.0
        for index in 0..<generation.count {
            secondsBack += Double.random(in: 600...4_000, using: &generator)
            let created = end.addingTimeInterval(20 * 3600 - secondsBack)
            let id = "txn_gen_" + String(index, zeroPaddedTo: 5)
            let calendarFields = UTCTimestamp.fields(created)
            let day = UTCTimestamp.day(calendarFields)
            let isSalary = calendarFields.day == 28 && index % 37 == 0
            let merchant = Self.merchants[Int.random(in: 0..<Self.merchants.count, using: &generator)]
            let cents = isSalary ? 385_000 : Int.random(in: merchant.2, using: &generator)
            let status: String
            if index < 5 { status = "pending" } else if index % 401 == 0 { status = "rejected" } else { status = "booked" }
            result.append(WireTransaction(
                id: id, accountId: generation.accountId, status: status,
                amount: WireMoney(hundredths: isSalary ? cents : -cents, currency: currency),
                description: isSalary ? "Salary ACME GmbH" : merchant.0,
                merchant: isSalary ? nil : WireMerchant(name: merchant.0, category: merchant.1),
                bookingDate: status == "booked" ? day : nil, valueDate: day,
                createdAt: UTCTimestamp.dateTime(calendarFields),
                pendingTransactionId: nil,
                rejectionReason: status == "rejected" ? "card_declined" : nil))
        }
        return result
    }
}

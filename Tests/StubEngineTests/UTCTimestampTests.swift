import Foundation
import Testing
@testable import StubEngine

@Suite struct UTCTimestampTests {
    /// The formatter UTCTimestamp replaced, as the reference.
    static func reference(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    @Test func formatsKnownInstants() {
        #expect(UTCTimestamp.dateTime(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(UTCTimestamp.dateTime(Date(timeIntervalSince1970: 1_795_000_000)) == "2026-11-18T11:06:40Z")
        #expect(UTCTimestamp.dateTime(Date(timeIntervalSince1970: 1_709_164_799.9)) == "2024-02-28T23:59:59Z")
        #expect(UTCTimestamp.day(Date(timeIntervalSince1970: 1_709_164_800)) == "2024-02-29")
        #expect(UTCTimestamp.day(Date(timeIntervalSince1970: 4_102_444_799)) == "2099-12-31")
    }

    @Test func parsesOnlyRealDaysInExactForm() {
        #expect(UTCTimestamp.parseDay("2026-11-20") == Date(timeIntervalSince1970: 1_795_132_800))
        #expect(UTCTimestamp.parseDay("2024-02-29") == Date(timeIntervalSince1970: 1_709_164_800))
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "2026/11/20", "20261120", "",
                    "2026-11-20T00:00:00Z", "２０２６-11-20", "1900-02-29"] {
            #expect(UTCTimestamp.parseDay(bad) == nil, "\(bad)")
        }
        #expect(UTCTimestamp.parseDay("2000-02-29") != nil)
    }

    /// Every day of five years (a leap year, a plain one, and the century rules both ways) is
    /// read as the Gregorian calendar has it: each real day at its midnight UTC, nothing else.
    @Test func acceptsExactlyTheCalendarsDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for year in [1900, 2000, 2023, 2024, 2100] {
            for month in 1...12 {
                for day in 1...31 {
                    let text = String(format: "%04d-%02d-%02d", year, month, day)
                    let components = DateComponents(calendar: calendar, year: year, month: month, day: day)
                    let real = components.isValidDate ? calendar.date(from: components) : nil
                    #expect(UTCTimestamp.parseDay(text) == real, "\(text)")
                }
            }
        }
    }

    @Test func agreesWithDateFormatterOverManyInstants() {
        let dateTime = Self.reference("yyyy-MM-dd'T'HH:mm:ss'Z'"), day = Self.reference("yyyy-MM-dd")
        var generator = SeededGenerator(seed: 20261122)
        for _ in 0..<2_000 {
            // 1990 to 2100, whole and fractional seconds.
            let date = Date(timeIntervalSince1970: Double.random(in: 631_152_000...4_102_444_800, using: &generator).rounded(.down))
            #expect(UTCTimestamp.dateTime(date) == dateTime.string(from: date))
            #expect(UTCTimestamp.day(date) == day.string(from: date))
            #expect(UTCTimestamp.fields(date).day == Calendar.utc.component(.day, from: date))
            #expect(UTCTimestamp.parseDay(day.string(from: date)) == day.date(from: day.string(from: date)))
        }
    }
}

private extension Calendar {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}

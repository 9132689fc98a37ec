public import Foundation

/// A calendar day with no time and no zone, as the server writes it (`dd/MM/yyyy`). Kept as
/// numbers so no time zone can move a transaction to another day.
public struct DayStamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// A day from its parts.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `dd/MM/yyyy`; nil for anything else.
    public init?(serverText text: String) {
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 3, let day = parts[0], let month = parts[1], let year = parts[2],
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    /// Noon of this day in `timeZone`, for formatting.
    public func noon(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date(timeIntervalSince1970: 0)
    }

    /// The day before.
    public func previous(in timeZone: TimeZone) -> DayStamp {
        DayStamp(noon(in: timeZone).addingTimeInterval(-86_400), in: timeZone)
    }

    /// Earlier days sort first.
    public static func < (lhs: DayStamp, rhs: DayStamp) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `yyyy-MM-dd`.
    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }
}

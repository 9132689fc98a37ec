import Foundation
import Testing
@testable import StubEngine

/// A date matcher's truncations, offsets, comparisons and readings, against a model of the
/// proleptic Gregorian calendar written from its arithmetic (days since 1970 to year, month and
/// day), not from `Calendar`: every truncation and unit on random moments from 1901 to 2099,
/// leap days and month ends included. The examples in `DateAndCookieMatchingTests` pin a few
/// cases; this checks each rule over its whole domain.
@Suite struct DateConditionReferenceTests {
    // MARK: The model

    /// Year, month and day of a count of days since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a date; a month past 12 or below 1 rolls into the next or last year.
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let year = year + Int((Double(month - 1) / 12).rounded(.down))
        let month = ((month - 1) % 12 + 12) % 12 + 1
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    static func daysIn(_ year: Int, _ month: Int) -> Int { days(year, month + 1, 1) - days(year, month, 1) }

    static func moment(days: Int, seconds: Int = 0) -> Date { Date(timeIntervalSince1970: Double(days * 86_400 + seconds)) }

    /// Whole seconds since 1970 of a moment, split into the day and the second of that day.
    static func split(_ date: Date) -> (days: Int, second: Int) {
        let whole = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(whole) / 86_400).rounded(.down))
        return (days, whole - days * 86_400)
    }

    /// What each truncation gives, from the calendar's arithmetic.
    static func truncated(_ date: Date, _ truncation: DateCondition.Truncation) -> Date {
        let (day, second) = split(date)
        let (year, month, _) = civil(day)
        switch truncation {
        case .firstSecondOfMinute: return moment(days: day, seconds: second / 60 * 60)
        case .firstMinuteOfHour: return moment(days: day, seconds: second / 3600 * 3600)
        case .firstHourOfDay: return moment(days: day)
        case .firstDayOfMonth: return moment(days: days(year, month, 1))
        case .firstDayOfNextMonth: return moment(days: days(year, month + 1, 1))
        case .lastDayOfMonth: return moment(days: days(year, month, daysIn(year, month)))
        case .firstDayOfYear: return moment(days: days(year, 1, 1))
        case .firstDayOfNextYear: return moment(days: days(year + 1, 1, 1))
        case .lastDayOfYear: return moment(days: days(year, 12, 31))
        }
    }

    /// A moment moved by whole units; months and years keep the day, or take the month's last
    /// when it has fewer (31 January + 1 month is 28 or 29 February), as Java's `plusMonths` does.
    static func moved(_ date: Date, by amount: Int, _ unit: DateCondition.Unit) -> Date {
        switch unit {
        case .seconds: return date.addingTimeInterval(Double(amount))
        case .minutes: return date.addingTimeInterval(Double(amount * 60))
        case .hours: return date.addingTimeInterval(Double(amount * 3600))
        case .days: return date.addingTimeInterval(Double(amount * 86_400))
        case .months, .years:
            let (day, second) = split(date)
            let fraction = date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)
            let (year, month, dayOfMonth) = civil(day)
            let months = unit == .months ? amount : amount * 12
            let target = days(year, month + months, 1)
            let (newYear, newMonth, _) = civil(target)
            let clamped = min(dayOfMonth, daysIn(newYear, newMonth))
            return moment(days: days(newYear, newMonth, clamped), seconds: second).addingTimeInterval(fraction)
        }
    }

    /// A random moment from 1901 to 2099, often on a month's first or last days, where the rules differ.
    static func randomMoment(using generator: inout SeededGenerator) -> Date {
        let year = Int.random(in: 1901...2099, using: &generator)
        let month = Int.random(in: 1...12, using: &generator)
        let length = daysIn(year, month)
        let day = [1, 2, length - 1, length, Int.random(in: 1...length, using: &generator)].randomElement(using: &generator)!
        let second = [0, 59, 3599, 86_399, Int.random(in: 0..<86_400, using: &generator)].randomElement(using: &generator)!
        return moment(days: days(year, month, day), seconds: second)
    }

    /// The moment as ISO 8601 in UTC, written by hand.
    static func iso(_ date: Date, offsetMinutes: Int = 0) -> String {
        let (day, second) = split(date.addingTimeInterval(Double(offsetMinutes * 60)))
        let (year, month, dayOfMonth) = civil(day)
        let zone = offsetMinutes == 0 ? "Z"
            : (offsetMinutes < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, dayOfMonth, second / 3600, second / 60 % 60, second % 60) + zone
    }

    // MARK: The checks

    @Test func theModelAgreesWithTheCalendarItIsCheckedBeside() {
        // The model itself, on days anyone can check: 1970-01-01 is day 0, 2000 is a leap year, 1900 and 2100 are not.
        #expect(Self.days(1970, 1, 1) == 0 && Self.civil(0) == (1970, 1, 1))
        #expect(Self.daysIn(2000, 2) == 29 && Self.daysIn(1900, 2) == 28 && Self.daysIn(2100, 2) == 28 && Self.daysIn(2024, 2) == 29)
        #expect(Self.days(2026, 13, 1) == Self.days(2027, 1, 1) && Self.days(2026, 0, 1) == Self.days(2025, 12, 1))
        #expect(Self.iso(Self.moment(days: Self.days(2026, 11, 20), seconds: 45_296)) == "2026-11-20T12:34:56Z")
    }

    @Test(arguments: 0..<8) func everyTruncationLandsWhereTheCalendarSays(seed: UInt64) {
        var generator = SeededGenerator(seed: 8_300 + seed)
        for _ in 0..<60 {
            let date = Self.randomMoment(using: &generator).addingTimeInterval(Double.random(in: 0..<1, using: &generator))
            for truncation in DateCondition.Truncation.allCases {
                let found = truncation.apply(date)
                let expected = Self.truncated(date, truncation)
                #expect(found == expected, "\(truncation.rawValue) of \(Self.iso(date)): \(Self.iso(found)), expected \(Self.iso(expected))")
            }
        }
    }

    @Test(arguments: 0..<8) func nowMovedByEveryUnitThenTruncatedOrTheOtherWayRound(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 8_400 + seed)
        for _ in 0..<40 {
            let now = Self.randomMoment(using: &generator)
            let unit = DateCondition.Unit.allCases.randomElement(using: &generator)!
            let amount = Int.random(in: -40...40, using: &generator)
            // Written every way the docs allow: `now +3 days`, `now -1 month`, `+3 Days`, `3 days`.
            let word = Bool.random(using: &generator) ? unit.rawValue : String(unit.rawValue.dropLast())
            let number = amount >= 0 && Bool.random(using: &generator) ? "+\(amount)" : "\(amount)"
            let spec = (Bool.random(using: &generator) ? "now " : "") + number + " " + (Bool.random(using: &generator) ? word.uppercased() : word)
            let truncation = Bool.random(using: &generator) ? DateCondition.Truncation.allCases.randomElement(using: &generator) : nil
            let last = Bool.random(using: &generator)
            var options: [String: String] = [:]
            if let truncation { options["truncateExpected"] = truncation.rawValue }
            if last { options["applyTruncationLast"] = "true" }
            let condition = try DateCondition(.equal, expected: spec, options: options)

            let expected: Date = switch (truncation, last) {
            case (nil, _): Self.moved(now, by: amount, unit)
            case (let truncation?, true): Self.truncated(Self.moved(now, by: amount, unit), truncation)
            case (let truncation?, false): Self.moved(Self.truncated(now, truncation), by: amount, unit)
            }
            let found = condition.expectedMoment(now: now)
            #expect(found == expected, "\(spec) \(options) at \(Self.iso(now)): \(Self.iso(found)), expected \(Self.iso(expected))")
        }
    }

    @Test(arguments: 0..<6) func beforeAfterAndEqualCompareTheMomentsRead(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 8_500 + seed)
        for _ in 0..<60 {
            let expected = Self.randomMoment(using: &generator)
            let gap = [0, 1, -1, 59, -59, 3600, -86_400, 86_399, Int.random(in: -5_000_000...5_000_000, using: &generator)]
                .randomElement(using: &generator)!
            let actual = expected.addingTimeInterval(Double(gap))
            let truncation = Int.random(in: 0..<3, using: &generator) == 0 ? DateCondition.Truncation.allCases.randomElement(using: &generator) : nil
            let read = truncation.map { Self.truncated(actual, $0) } ?? actual
            // The actual value written in one of the forms read without a format, in any offset.
            let offset = [0, 60, -300, 330, 840].randomElement(using: &generator)!
            let text = Self.iso(actual, offsetMinutes: offset)
            for comparison in DateCondition.Comparison.allCases {
                var options: [String: String] = [:]
                if let truncation { options["truncateActual"] = truncation.rawValue }
                let condition = try DateCondition(comparison, expected: Self.iso(expected), options: options)
                let holds: Bool = switch comparison {
                case .before: read < expected
                case .after: read > expected
                case .equal: read == expected
                }
                #expect(condition.holds(text, now: Date()) == holds, "\(text) \(comparison.rawValue) \(Self.iso(expected)) \(options)")
            }
        }
    }

    /// `{{#now}}…{{/now}}`: offsets in every unit, summed, then each format, against the model's
    /// own writing of the moment.
    @Test(arguments: 0..<4) func theNowTemplateWritesEveryFormatAtItsOffset(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 8_700 + seed)
        for _ in 0..<60 {
            let now = Self.randomMoment(using: &generator).addingTimeInterval(Double(Int.random(in: 0..<1000, using: &generator)) / 1000)
            var offset = 0, words: [String] = []
            for unit in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where Bool.random(using: &generator) {
                let amount = Int.random(in: -100...100, using: &generator)
                offset += amount * unit.1
                words.append((amount < 0 ? "-" : "+") + "\(abs(amount))" + unit.0)
            }
            let moment = now.addingTimeInterval(Double(offset))
            let (day, second) = Self.split(moment)
            let (year, month, dayOfMonth) = Self.civil(day)
            let whole = Int(moment.timeIntervalSince1970.rounded(.down))
            let formats: [(String?, String)] = [
                (nil, Self.iso(moment)), ("iso", Self.iso(moment)),
                ("date", String(format: "%04d-%02d-%02d", year, month, dayOfMonth)),
                ("epoch", String(whole)), ("epochMillis", String(Int((moment.timeIntervalSince1970 * 1000).rounded(.down)))),
                ("dd/MM/yyyy HH:mm", String(format: "%02d/%02d/%04d %02d:%02d", dayOfMonth, month, year, second / 3600, second / 60 % 60)),
            ]
            for (format, expected) in formats {
                let spec = (words + (format.map { [$0] } ?? [])).joined(separator: " ")
                #expect(try NowSpec(spec).render(now) == expected, "{{#now}}\(spec){{/now}} at \(Self.iso(now))")
            }
        }
    }

    @Test(arguments: 0..<4) func everyWrittenFormReadsAsItsMoment(seed: UInt64) throws {
        var generator = SeededGenerator(seed: 8_600 + seed)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for _ in 0..<50 {
            let date = Self.randomMoment(using: &generator)
            let (day, second) = Self.split(date)
            let (year, month, dayOfMonth) = Self.civil(day)
            let weekday = weekdays[((day % 7) + 7) % 7]
            let clock = String(format: "%02d:%02d:%02d", second / 3600, second / 60 % 60, second % 60)
            let offset = [0, 90, -600, 345].randomElement(using: &generator)!
            let forms: [(String, DateCondition.ActualFormat?, Date)] = [
                (Self.iso(date, offsetMinutes: offset), nil, date),
                (String(Self.iso(date).dropLast()), nil, date),
                (String(Self.iso(date).dropLast()) + ".250Z", nil, date.addingTimeInterval(0.25)),
                (String(format: "%04d-%02d-%02d", year, month, dayOfMonth), nil, Self.moment(days: day)),
                (String(format: "%04d-%02d", year, month), nil, Self.moment(days: Self.days(year, month, 1))),
                (String(format: "%@, %02d %@ %04d ", weekday, dayOfMonth, months[month - 1], year) + clock + " GMT", nil, date),
                (String(Int(date.timeIntervalSince1970)), .unix, date),
                (String(Int(date.timeIntervalSince1970) * 1000 + 500), .epochMillis, date.addingTimeInterval(0.5)),
                (String(format: "%02d/%02d/%04d", dayOfMonth, month, year), .pattern("dd/MM/yyyy"), Self.moment(days: day)),
            ]
            for (text, format, moment) in forms {
                let read = DateCondition.read(text, format: format)
                #expect(read == moment, "\(text) as \(String(describing: format)): \(read.map { Self.iso($0) } ?? "nil"), expected \(Self.iso(moment))")
            }
        }
    }
}

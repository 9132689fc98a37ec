package import Foundation
import NIOConcurrencyHelpers

/// A date matcher on a value (WireMock's `before`, `after` and `equalToDateTime`): the value, read
/// as a date, is before, after or at an expected moment.
///
/// - **Expected:** an ISO 8601 date-time (`2026-12-01T00:00:00Z`; without an offset it is UTC), a
///   date (`2026-12-01`, midnight UTC), or `now` with an optional offset (`now -30 days`,
///   `now +1 months`; units: seconds, minutes, hours, days, months, years). `now` is the stub's
///   clock when the request is matched.
/// - **Actual:** ISO 8601 with or without an offset, a date, a year and month, RFC 1123
///   (`Tue, 01 Dec 2026 10:00:00 GMT`, as HTTP headers carry dates), or, with `actualFormat`, a
///   pattern (`dd/MM/yyyy`, in the letters Java and ICU share) or `unix` (seconds) or `epoch`
///   (milliseconds). A value that does not read as a date fails the matcher.
/// - **Truncation:** `truncateExpected` and `truncateActual` move a moment to the start of its
///   minute, hour, day, month or year (`first minute of hour`, `first hour of day`, `first day of
///   month`, `first day of next month`, `last day of month`, `first day of year`, `first day of
///   next year`, `last day of year`, `first second of minute`); the expected one before its
///   offset, unless `applyTruncationLast`.
///
/// Every moment is read and truncated in UTC: a stub has no user's time zone.
package struct DateCondition: Sendable, Equatable {
    package enum Comparison: String, Sendable, CaseIterable {
        case before, after
        case equal = "equalToDateTime"
    }

    package enum Expected: Sendable, Equatable {
        /// `now` moved by `amount` of `unit`.
        case now(amount: Int, unit: Unit)
        case moment(Date)
    }

    package enum Unit: String, Sendable, CaseIterable {
        case seconds, minutes, hours, days, months, years

        /// `date` moved by `amount` of the unit, in UTC. Months and years keep the day of the
        /// month, or take the month's last when it has fewer (31 January + 1 month is 28 or 29
        /// February), as Java's `plusMonths` does in WireMock. Not `Calendar.date(byAdding:)`:
        /// Foundation on Linux gives 28 February 1980 for 30 May 1982 - 27 months.
        func add(_ amount: Int, to date: Date) -> Date {
            let months: Int
            switch self {
            case .seconds: return date.addingTimeInterval(Double(amount))
            case .minutes: return date.addingTimeInterval(Double(amount) * 60)
            case .hours: return date.addingTimeInterval(Double(amount) * 3600)
            case .days: return date.addingTimeInterval(Double(amount) * 86_400)
            case .months: months = amount
            case .years: months = amount * 12
            }
            let calendar = DateCondition.utc
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            guard let year = parts.year, let month = parts.month, let day = parts.day,
                  let start = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return date }
            let index = year * 12 + (month - 1) + months
            let (newYear, newMonth) = (Int((Double(index) / 12).rounded(.down)), ((index % 12) + 12) % 12 + 1)
            guard let first = calendar.date(from: DateComponents(year: newYear, month: newMonth, day: 1)),
                  let length = calendar.range(of: .day, in: .month, for: first)?.count else { return date }
            let target = first.addingTimeInterval(Double(min(day, length) - 1) * 86_400)
            // The time of day (and any fraction of a second) rides along unchanged.
            return target.addingTimeInterval(date.timeIntervalSince(start))
        }
    }

    package enum Truncation: String, Sendable, CaseIterable {
        case firstSecondOfMinute = "first second of minute"
        case firstMinuteOfHour = "first minute of hour"
        case firstHourOfDay = "first hour of day"
        case firstDayOfMonth = "first day of month"
        case firstDayOfNextMonth = "first day of next month"
        case lastDayOfMonth = "last day of month"
        case firstDayOfYear = "first day of year"
        case firstDayOfNextYear = "first day of next year"
        case lastDayOfYear = "last day of year"

        func apply(_ date: Date) -> Date {
            let calendar = DateCondition.utc
            var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            switch self {
            case .firstSecondOfMinute: break
            case .firstMinuteOfHour: parts.minute = 0
            case .firstHourOfDay: (parts.hour, parts.minute) = (0, 0)
            case .firstDayOfMonth: (parts.day, parts.hour, parts.minute) = (1, 0, 0)
            case .firstDayOfNextMonth: (parts.month, parts.day, parts.hour, parts.minute) = ((parts.month ?? 1) + 1, 1, 0, 0)
            case .lastDayOfMonth:
                let start = calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: 1)) ?? date
                let days = calendar.range(of: .day, in: .month, for: start)?.count ?? 28
                (parts.day, parts.hour, parts.minute) = (days, 0, 0)
            case .firstDayOfYear: (parts.month, parts.day, parts.hour, parts.minute) = (1, 1, 0, 0)
            case .firstDayOfNextYear: (parts.year, parts.month, parts.day, parts.hour, parts.minute) = ((parts.year ?? 0) + 1, 1, 1, 0, 0)
            case .lastDayOfYear: (parts.month, parts.day, parts.hour, parts.minute) = (12, 31, 0, 0)
            }
            return calendar.date(from: parts) ?? date
        }
    }

    /// How the actual value is written.
    package enum ActualFormat: Sendable, Equatable {
        /// Seconds since 1970 (WireMock's `unix`).
        case unix
        /// Milliseconds since 1970 (WireMock's `epoch`).
        case epochMillis
        /// A date pattern (`dd/MM/yyyy`).
        case pattern(String)
    }

    package let comparison: Comparison
    package let expected: Expected
    package var actualFormat: ActualFormat?
    package var truncateExpected: Truncation?
    package var truncateActual: Truncation?
    package var applyTruncationLast = false
    /// As written, for messages and signatures.
    package let spec: String

    /// A condition from its expected text (`now -1 days`, `2026-12-01T00:00:00Z`); throws the reason
    /// when the text is neither.
    package init(_ comparison: Comparison, expected spec: String) throws(ValueMatcherError) {
        self.comparison = comparison
        self.spec = spec
        if let offset = try Self.nowOffset(spec) {
            expected = .now(amount: offset.amount, unit: offset.unit)
        } else if let moment = Self.read(spec, format: nil) {
            expected = .moment(moment)
        } else {
            throw ValueMatcherError(reason: "\"\(spec)\" is neither a date-time (2026-12-01T00:00:00Z), a date (2026-12-01) "
                                    + "nor now with an offset (now -30 days)")
        }
    }

    /// The options a date matcher takes, by WireMock's names.
    package static let optionNames = ["actualFormat", "truncateExpected", "truncateActual", "applyTruncationLast", "expectedOffset",
                                      "expectedOffsetUnit"]

    /// A condition with its options as text (`actualFormat: dd/MM/yyyy`, `truncateActual: first day of
    /// month`, `expectedOffset: -3` with `expectedOffsetUnit: days`, `applyTruncationLast: true`), as
    /// route files and WireMock write them; throws the reason for the first that cannot be read.
    package init(_ comparison: Comparison, expected spec: String, options: [String: String]) throws(ValueMatcherError) {
        var spec = spec
        if let amountText = options["expectedOffset"] {
            // WireMock's expectedOffset/expectedOffsetUnit: an offset from now, written apart.
            guard let amount = Int(amountText), let unit = options["expectedOffsetUnit"] else {
                throw ValueMatcherError(reason: "expectedOffset needs a whole number and expectedOffsetUnit (seconds … years)")
            }
            guard spec.lowercased() == "now" else {
                throw ValueMatcherError(reason: "expectedOffset goes with \(comparison.rawValue): now (write a fixed date already moved)")
            }
            spec = "now \(amount >= 0 ? "+" : "")\(amount) \(unit.lowercased())"
        } else if options["expectedOffsetUnit"] != nil {
            throw ValueMatcherError(reason: "expectedOffsetUnit goes with expectedOffset")
        }
        try self.init(comparison, expected: spec)
        if let format = options["actualFormat"] {
            guard !format.isEmpty else { throw ValueMatcherError(reason: "actualFormat is empty") }
            actualFormat = switch format.lowercased() {
            case "unix": .unix
            case "epoch": .epochMillis
            default: .pattern(format)
            }
        }
        for name in ["truncateExpected", "truncateActual"] {
            guard let text = options[name] else { continue }
            guard let truncation = Truncation(rawValue: text.lowercased().replacingOccurrences(of: "_", with: " ")) else {
                throw ValueMatcherError(reason: "\(name): \"\(text)\" is not one of " + Truncation.allCases.map(\.rawValue).joined(separator: ", "))
            }
            if name == "truncateExpected" { truncateExpected = truncation } else { truncateActual = truncation }
        }
        if let flag = options["applyTruncationLast"] {
            guard let value = ["true": true, "false": false][flag.lowercased()] else {
                throw ValueMatcherError(reason: "applyTruncationLast is true or false, not \(flag)")
            }
            applyTruncationLast = value
        }
    }

    /// `now`, `now +3 days`, `-1 months`, `3 hours`: the offset; nil when the text is no such form.
    static func nowOffset(_ text: String) throws(ValueMatcherError) -> (amount: Int, unit: Unit)? {
        let words = text.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        if words.count == 1, first.lowercased() == "now" { return (0, .seconds) }
        let rest = first.lowercased() == "now" ? Array(words.dropFirst()) : words
        guard rest.count == 2, let amount = Int(rest[0].hasPrefix("+") ? String(rest[0].dropFirst()) : rest[0]) else { return nil }
        let word = rest[1].lowercased()
        guard let unit = Unit(rawValue: word) ?? Unit(rawValue: word + "s") else {
            throw ValueMatcherError(reason: "\"\(text)\": the unit \(rest[1]) is not one of "
                                    + Unit.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return (amount, unit)
    }

    /// The expected moment at `now`.
    package func expectedMoment(now: Date) -> Date {
        switch expected {
        case .moment(let date):
            return truncateExpected?.apply(date) ?? date
        case .now(let amount, let unit):
            let shift = { (date: Date) in unit.add(amount, to: date) }
            if applyTruncationLast { return truncateExpected.map { $0.apply(shift(now)) } ?? shift(now) }
            return shift(truncateExpected?.apply(now) ?? now)
        }
    }

    /// Whether `text` read as a date stands as the comparison asks to the expected moment.
    package func holds(_ text: String, now: Date) -> Bool {
        guard var actual = Self.read(text, format: actualFormat) else { return false }
        if let truncateActual { actual = truncateActual.apply(actual) }
        let expected = expectedMoment(now: now)
        switch comparison {
        case .before: return actual < expected
        case .after: return actual > expected
        case .equal: return actual == expected
        }
    }

    /// `before 2026-12-01T00:00:00Z`, for messages and signatures.
    package var description: String {
        var text = "\(comparison.rawValue) \(spec)"
        if let actualFormat {
            switch actualFormat {
            case .unix: text += " (unix seconds)"
            case .epochMillis: text += " (epoch milliseconds)"
            case .pattern(let pattern): text += " (as \(pattern))"
            }
        }
        if let truncateExpected { text += ", expected at the \(truncateExpected.rawValue)" }
        if let truncateActual { text += ", actual at the \(truncateActual.rawValue)" }
        return text
    }

    /// A value that holds at `now`, written as `actualFormat` asks (for a replay).
    package func sample(now: Date) -> String {
        let expected = expectedMoment(now: now)
        // A day either side: past any truncation of the actual value to its minute, hour or day.
        let moment: Date = switch comparison {
        case .before: Self.utc.date(byAdding: .day, value: truncateActual == nil ? -1 : -400, to: expected) ?? expected
        case .after: Self.utc.date(byAdding: .day, value: truncateActual == nil ? 1 : 400, to: expected) ?? expected
        case .equal: expected
        }
        switch actualFormat {
        case .unix?: return String(Int(moment.timeIntervalSince1970))
        case .epochMillis?: return String(Int(moment.timeIntervalSince1970 * 1000))
        case .pattern(let pattern)?: return Self.string(moment, pattern: pattern)
        case nil: return Self.string(moment, pattern: Self.isoPattern)
        }
    }

    /// `moment` as ISO 8601 in UTC, for messages.
    package static func utcText(_ moment: Date) -> String { string(moment, pattern: isoPattern) }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Date formatters, made once each and used under one lock (Foundation does not promise
    /// that one formatter may be used from two threads at once on every platform).
    private static let formatters = NIOLockedValueBox<[String: DateFormatter]>([:])

    private static let isoPattern = "yyyy-MM-dd'T'HH:mm:ssXXXXX"

    /// `date` written by `pattern` (a `SimpleDateFormat`-style pattern), in UTC.
    package static func string(_ date: Date, pattern: String) -> String {
        formatters.withLockedValue { formatter(pattern, in: &$0).string(from: date) }
    }

    /// `text` read by the first of `patterns` that reads it, in UTC.
    package static func date(_ text: String, patterns: [String]) -> Date? {
        formatters.withLockedValue { cache in
            for pattern in patterns {
                if let date = formatter(pattern, in: &cache).date(from: text) { return date }
            }
            return nil
        }
    }

    private static func formatter(_ pattern: String, in cache: inout [String: DateFormatter]) -> DateFormatter {
        if let known = cache[pattern] { return known }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        if cache.count < 256 { cache[pattern] = formatter }
        return formatter
    }

    /// The forms a date is read in without `actualFormat`, most common first.
    private static let patterns = [
        "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS",
        "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd", "yyyy-MM", "yyyy", "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz",
        "EEE MMM d HH:mm:ss yyyy",
    ]

    /// `text` as a moment, or nil.
    static func read(_ text: String, format: ActualFormat?) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch format {
        case .unix?: return Double(text).map { Date(timeIntervalSince1970: $0) }
        case .epochMillis?: return Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .pattern(let pattern)?: return date(text, patterns: [pattern])
        case nil:
            // Fractional seconds of any length: read them apart from the rest.
            let trimmed = text.replacing(#/\.[0-9]+/#, with: "", maxReplacements: 1)
            if trimmed != text, let date = read(trimmed, format: nil) {
                let fraction = text.firstMatch(of: #/\.([0-9]+)/#).flatMap { Double("0." + $0.output.1) } ?? 0
                return date.addingTimeInterval(fraction)
            }
            return date(text, patterns: patterns)
        }
    }
}

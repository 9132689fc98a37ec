public import Foundation

/// Locale, time zone and clock for formatting, injected so tests and contract runs are stable.
public struct PresentationEnvironment: Sendable {
    /// The customer's locale, for numbers, money and dates.
    public let locale: Locale
    /// The customer's time zone, for "Today" and grouping by day.
    public let timeZone: TimeZone
    /// The clock.
    public let now: @Sendable () -> Date

    /// An environment; the clock defaults to the real one.
    public init(locale: Locale, timeZone: TimeZone, now: @escaping @Sendable () -> Date = Date.init) {
        self.locale = locale
        self.timeZone = timeZone
        self.now = now
    }

    /// English (UK) in London; what the contract suite uses unless a case says otherwise.
    public static let reference = PresentationEnvironment(locale: Locale(identifier: "en_GB"),
                                                          timeZone: TimeZone(identifier: "Europe/London")!)
}

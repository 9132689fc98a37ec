public import Foundation

/// Locale, time zone and clock for formatting, injected so tests and contract runs are stable.
public struct PresentationEnvironment: Sendable {
    public let locale: Locale
    public let timeZone: TimeZone
    public let now: @Sendable () -> Date

    public init(locale: Locale, timeZone: TimeZone, now: @escaping @Sendable () -> Date = Date.init) {
        self.locale = locale
        self.timeZone = timeZone
        self.now = now
    }

    /// English (UK) in London; what the contract suite uses unless a case says otherwise.
    public static let reference = PresentationEnvironment(locale: Locale(identifier: "en_GB"),
                                                          timeZone: TimeZone(identifier: "Europe/London")!)
}

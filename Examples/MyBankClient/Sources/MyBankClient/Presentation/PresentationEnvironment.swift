public import Foundation

/// The locale, zone and clock the transformers format with; injected so tests and contract
/// runs format the same on every machine and day.
public struct MyBankEnvironment: Sendable {
    /// The customer's locale, e.g. en_AU.
    public var locale: Locale
    /// The customer's zone, which decides what "Today" is.
    public var timeZone: TimeZone
    /// The clock.
    public var now: @Sendable () -> Date

    /// An environment.
    public init(locale: Locale, timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
        self.locale = locale
        self.timeZone = timeZone
        self.now = now
    }

    /// The device's own settings.
    public static let device = MyBankEnvironment(locale: .current, timeZone: .current, now: { Date() })
}

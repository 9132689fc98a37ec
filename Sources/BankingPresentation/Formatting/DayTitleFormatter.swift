public import BankingDomain
import Foundation

/// Section titles for transaction days: "Today", "Yesterday", then a date in the customer's locale.
public struct DayTitleFormatter: Sendable {
    /// The locale, time zone and clock the titles are made for.
    public let environment: PresentationEnvironment

    /// A formatter for `environment`.
    public init(environment: PresentationEnvironment) { self.environment = environment }

    /// "Today", "Yesterday" or the date in the customer's locale.
    public func title(for day: Day) -> String {
        let today = Day(environment.now(), in: environment.timeZone)
        if day == today { return "Today" }
        if day == today.previous(in: environment.timeZone) { return "Yesterday" }
        let formatter = DateFormatter()
        formatter.locale = environment.locale
        formatter.timeZone = environment.timeZone
        formatter.setLocalizedDateFormatFromTemplate(day.year == today.year ? "EEEEdMMMM" : "dMMMMyyyy")
        return formatter.string(from: day.start(in: environment.timeZone).addingTimeInterval(12 * 3600))
    }
}

public import BankingDomain
import Foundation

/// Section titles for transaction days: "Today", "Yesterday", then a date in the customer's locale.
public struct DayTitleFormatter: Sendable {
    public let environment: PresentationEnvironment

    public init(environment: PresentationEnvironment) { self.environment = environment }

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

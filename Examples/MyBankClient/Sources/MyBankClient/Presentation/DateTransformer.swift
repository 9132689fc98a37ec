import Foundation

/// Section titles for days: `Today`, `Yesterday`, or `Thursday 19 November`.
public struct DateTransformer: Sendable {
    let environment: MyBankEnvironment

    /// A transformer in the customer's locale, zone and clock.
    public init(environment: MyBankEnvironment) {
        self.environment = environment
    }

    /// The title of the section for `day`.
    public func sectionTitle(_ day: DayStamp) -> String {
        let today = DayStamp(environment.now(), in: environment.timeZone)
        if day == today { return "Today" }
        if day == today.previous(in: environment.timeZone) { return "Yesterday" }
        let formatter = DateFormatter()
        formatter.locale = environment.locale
        formatter.timeZone = environment.timeZone
        formatter.setLocalizedDateFormatFromTemplate(day.year == today.year ? "EEEEdMMMM" : "EEEEdMMMMyyyy")
        return formatter.string(from: day.noon(in: environment.timeZone))
    }
}

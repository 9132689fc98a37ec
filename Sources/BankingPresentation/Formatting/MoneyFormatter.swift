public import BankingDomain
public import Foundation

/// Formats money for people, in the customer's locale, never through `Double`.
public struct MoneyFormatter: Sendable {
    /// The locale amounts are written for.
    public let locale: Locale

    /// A formatter for `locale`.
    public init(locale: Locale) { self.locale = locale }

    /// e.g. `€1,234.50` in en_GB, `1.234,50 €` in de_DE, `-€12.30` for a debit.
    public func string(_ money: Money) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = money.currency.code
        formatter.minimumFractionDigits = money.currency.minorUnits
        formatter.maximumFractionDigits = money.currency.minorUnits
        return formatter.string(from: money.amount as NSDecimalNumber) ?? "\(money.plainAmount) \(money.currency.code)"
    }

    /// What VoiceOver should say for an amount: the sign as a word, never a bare symbol
    /// (`minus £32.00`, or `plus £3,850.00` for a credit when `signed`).
    public func spoken(_ money: Money, signed: Bool = false) -> String {
        let magnitude = string(Money(money.isNegative ? -money.amount : money.amount, money.currency))
        if money.isNegative { return "minus " + magnitude }
        return signed && money.isPositive ? "plus " + magnitude : magnitude
    }

    /// With an explicit sign for credits: `+€3,850.00`.
    public func signed(_ money: Money) -> String {
        money.isPositive ? "+" + string(money) : string(money)
    }
}

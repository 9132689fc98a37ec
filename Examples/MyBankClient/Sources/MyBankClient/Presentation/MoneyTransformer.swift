public import Foundation

/// Formats amounts as the customer reads them: `$1,523.67`, `-$60.00`.
public struct MoneyTransformer: Sendable {
    let locale: Locale

    /// A transformer for `locale` (Australian dollars).
    public init(locale: Locale) {
        self.locale = locale
    }

    /// The amount with its currency symbol, two decimals and a leading minus for money out.
    public func string(_ amount: Decimal) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = "AUD"
        formatter.currencySymbol = "$"
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        formatter.negativePrefix = "-$"
        formatter.negativeSuffix = ""
        return formatter.string(from: amount as NSDecimalNumber) ?? "\(amount)"
    }
}

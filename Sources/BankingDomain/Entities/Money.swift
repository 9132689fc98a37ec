public import Foundation

/// An amount of money: an exact `Decimal` and its ISO 4217 currency. Never a `Double`.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    /// The exact amount; negative for money out.
    public let amount: Decimal
    /// The amount's currency.
    public let currency: CurrencyCode

    /// An amount in a currency.
    public init(_ amount: Decimal, _ currency: CurrencyCode) {
        self.amount = amount
        self.currency = currency
    }

    /// Parses the wire's strict decimal text (`-?digits(.digits)?`); nil for anything else.
    public init?(amount text: String, currency code: String) {
        guard let currency = CurrencyCode(code), let amount = Money.parseDecimal(text) else { return nil }
        self.init(amount, currency)
    }

    /// Whether money comes in.
    public var isPositive: Bool { amount > 0 }
    /// Whether money goes out.
    public var isNegative: Bool { amount < 0 }

    /// The amount as plain text with the currency's minor units, e.g. `"12.30"`.
    public var plainAmount: String {
        var input = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, currency.minorUnits, .bankers)
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = false
        formatter.minimumFractionDigits = currency.minorUnits
        formatter.maximumFractionDigits = currency.minorUnits
        return formatter.string(from: rounded as NSDecimalNumber) ?? "\(rounded)"
    }

    /// `12.30 EUR`: the plain amount and the code, for logs and tests, not for display.
    public var description: String { "\(plainAmount) \(currency.code)" }

    /// Strict decimal parsing: no exponent, no grouping, no locale.
    public static func parseDecimal(_ text: String) -> Decimal? {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2,
              parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } })
        else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The sum of two amounts in the same currency; adding different currencies is a programming error.
    public static func + (a: Money, b: Money) -> Money {
        precondition(a.currency == b.currency, "adding \(a.currency) to \(b.currency)")
        return Money(a.amount + b.amount, a.currency)
    }
}

/// An ISO 4217 currency code: three upper-case letters.
public struct CurrencyCode: Hashable, Sendable, CustomStringConvertible {
    /// The three letters, e.g. `EUR`.
    public let code: String

    /// A currency from its code; nil unless it is three upper-case letters.
    public init?(_ code: String) {
        guard code.unicodeScalars.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        self.code = code
    }

    /// Digits after the decimal point (0 for JPY and friends).
    public var minorUnits: Int { ["JPY", "KRW", "ISK", "CLP", "VND"].contains(code) ? 0 : 2 }

    /// The code.
    public var description: String { code }

    /// The euro.
    public static let eur = CurrencyCode("EUR")!
    /// The US dollar.
    public static let usd = CurrencyCode("USD")!
    /// The pound sterling.
    public static let gbp = CurrencyCode("GBP")!
}

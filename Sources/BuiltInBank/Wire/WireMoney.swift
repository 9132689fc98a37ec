package import Foundation
import StubEngine

/// Money as it travels on the wire: a decimal string and an ISO 4217 code, never a float.
package struct WireMoney: Codable, Sendable, Equatable {
    /// The amount as a plain decimal string, e.g. `"-12.30"`.
    package var amount: String
    /// ISO 4217 currency code, e.g. `"EUR"`.
    package var currency: String

    /// Creates money from its wire strings.
    package init(amount: String, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    /// Creates money from a decimal, rendered with the currency's minor units.
    package init(_ value: Decimal, currency: String) {
        self.amount = DecimalText.format(value, scale: Self.minorUnits(of: currency))
        self.currency = currency
    }

    /// Creates money from a whole number of hundredths (cents), without Decimal arithmetic,
    /// which is most of the cost of generating a long history.
    package init(hundredths: Int, currency: String) {
        if Self.minorUnits(of: currency) == 2 {
            let magnitude = hundredths.magnitude
            self.init(amount: (hundredths < 0 ? "-" : "") + String(magnitude / 100) + "." + String(magnitude % 100, zeroPaddedTo: 2),
                      currency: currency)
        } else {
            self.init(Decimal(hundredths) / 100, currency: currency)
        }
    }

    /// The amount parsed as a `Decimal`, or nil when the string is not a plain decimal.
    package var decimal: Decimal? { DecimalText.parse(amount) }

    /// Number of minor units of a currency (0 for JPY and friends, 2 otherwise).
    package static func minorUnits(of currency: String) -> Int {
        ["JPY", "KRW", "ISK", "CLP", "VND"].contains(currency) ? 0 : 2
    }
}

/// Parses and prints decimals in the wire's strict form (`-?digits(.digits)?`).
package enum DecimalText {
    /// Parses a strict decimal string; rejects exponents, spaces, and locale separators.
    package static func parse(_ text: String) -> Decimal? {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, parts.count <= 2,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        // No locale: "." is the separator, and no ICU locale data is loaded.
        return Decimal(string: text)
    }

    /// Formats with exactly `scale` fraction digits, rounding half to even like a bank.
    package static func format(_ value: Decimal, scale: Int) -> String {
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, scale, .bankers)
        let negative = rounded < 0
        let magnitude = negative ? -rounded : rounded
        var text = NSDecimalNumber(decimal: magnitude).stringValue
        if scale > 0 {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            let whole = parts[0]
            var fraction = parts.count > 1 ? String(parts[1]) : ""
            fraction += String(repeating: "0", count: max(0, scale - fraction.count))
            text = "\(whole).\(fraction)"
        }
        return negative && magnitude != 0 ? "-" + text : text
    }
}

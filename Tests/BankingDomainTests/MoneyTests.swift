import BankingDomain
import Foundation
import Testing

@Suite struct MoneyTests {
    @Test func parsesOnlyStrictDecimals() {
        #expect(Money(amount: "-12.30", currency: "EUR")?.amount == Decimal(string: "-12.30"))
        for bad in ["1e3", "12,30", " 1", "1.", "", "abc"] { #expect(Money(amount: bad, currency: "EUR") == nil, "\(bad)") }
        #expect(Money(amount: "1.00", currency: "eur") == nil)
    }

    @Test func plainAmountUsesMinorUnits() {
        #expect(Money(Decimal(string: "12.3")!, .eur).plainAmount == "12.30")
        #expect(Money(Decimal(1500), CurrencyCode("JPY")!).plainAmount == "1500")
    }

    @Test func daysParseAndOrder() {
        #expect(Day("2026-11-20")! > Day("2026-11-19")!)
        #expect(Day("2026-13-01") == nil)
        #expect(Day("2026-03-01")!.previous(in: .gmt).description == "2026-02-28")
    }
}

import Foundation
import Testing
@testable import BuiltInBank
@testable import StubEngine

@Suite struct WireMoneyTests {
    @Test func formatsWithTheCurrencysMinorUnits() {
        #expect(WireMoney(Decimal(string: "12.3")!, currency: "EUR").amount == "12.30")
        #expect(WireMoney(Decimal(string: "-0.005")!, currency: "EUR").amount == "0.00")
        #expect(WireMoney(Decimal(string: "-1234.565")!, currency: "EUR").amount == "-1234.56")
        #expect(WireMoney(Decimal(1500), currency: "JPY").amount == "1500")
    }

    @Test(arguments: ["1e3", " 1.00", "1,00", "1.", ".5", "--1", "", "NaN"])
    func rejectsNonPlainDecimals(_ text: String) { #expect(DecimalText.parse(text) == nil) }

    @Test func parsesPlainDecimals() {
        #expect(DecimalText.parse("-12.34") == Decimal(string: "-12.34"))
        #expect(DecimalText.parse("0") == 0)
    }

    @Test func hundredthsAgreeWithDecimalFormatting() {
        var generator = SeededGenerator(seed: 7)
        let samples = [0, 1, -1, 9, -9, 10, 99, -100, 385_000, Int.random(in: -10_000_000...10_000_000, using: &generator)]
            + (0..<500).map { _ in Int.random(in: -1_000_000...1_000_000, using: &generator) }
        for cents in samples {
            for currency in ["EUR", "JPY"] {
                #expect(WireMoney(hundredths: cents, currency: currency) == WireMoney(Decimal(cents) / 100, currency: currency), "\(cents) \(currency)")
            }
        }
        #expect(WireMoney(hundredths: -1205, currency: "EUR").amount == "-12.05")
    }
}

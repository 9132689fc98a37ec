import BankingDomain
import BankingPresentation
import Foundation
import Testing

@Suite struct FormattingTests {
    @Test func moneyFollowsTheLocale() {
        let amount = Money(Decimal(string: "-1234.5")!, .eur)
        #expect(MoneyFormatter(locale: Locale(identifier: "en_GB")).string(amount) == "-€1,234.50")
        let german = MoneyFormatter(locale: Locale(identifier: "de_DE")).string(amount)
        #expect(german.contains("1.234,50") && german.contains("€"))
        #expect(MoneyFormatter(locale: Locale(identifier: "en_GB")).signed(Money(3850, .eur)) == "+€3,850.00")
    }

    @Test func dayTitlesAreRelativeThenDates() {
        let titles = DayTitleFormatter(environment: Fixtures.environment)
        #expect(titles.title(for: Day("2026-11-20")!) == "Today")
        #expect(titles.title(for: Day("2026-11-19")!) == "Yesterday")
        let older = titles.title(for: Day("2026-11-16")!)
        #expect(older.contains("16") && older.contains("November"))
        #expect(titles.title(for: Day("2025-12-24")!).contains("2025"))
    }
}

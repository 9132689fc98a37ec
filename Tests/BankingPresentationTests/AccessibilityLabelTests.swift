import BankingDomain
import BankingPresentation
import Foundation
import Testing

/// What VoiceOver reads for each row and alert: a status and a sign are words, never a bare symbol.
@MainActor
@Suite struct AccessibilityLabelTests {
    @Test func amountsAreReadWithTheirSignAsAWord() {
        let money = MoneyFormatter(locale: Locale(identifier: "en_GB"))
        #expect(money.spoken(Money(Decimal(string: "-32.00")!, .eur)) == "minus €32.00")
        #expect(money.spoken(Money(Decimal(string: "3850")!, .eur), signed: true) == "plus €3,850.00")
        #expect(money.spoken(Money(Decimal(string: "3850")!, .eur)) == "€3,850.00")
        #expect(money.spoken(Money(0, .eur), signed: true) == "€0.00")
    }

    @Test func pendingAndDeclinedEntriesAreReadAsSuch() async throws {
        let transactions = FakeTransactions { _ in
            TransactionPage(transactions: [
                Fixtures.entry("p1", .pending, "-42.50", at: "2026-11-20T10:00:00Z", merchant: "Rewe"),
                Fixtures.entry("r1", .rejected, "-899.00", at: "2026-11-18T21:14:00Z", merchant: "Electronics Online"),
                Fixtures.entry("b1", .booked, "3850.00", at: "2026-11-18T08:00:00Z", booking: "2026-11-18", merchant: "Salary"),
            ], nextCursor: nil)
        }
        let presenter = AccountDetailPresenter(accountId: "acc", accounts: FakeAccounts(), transactions: transactions,
                                               environment: Fixtures.environment)
        await presenter.load()
        let rows = try #require(presenter.state.content).sections.flatMap(\.rows)
        #expect(rows.map(\.accessibilityLabel) == ["Pending. Rewe, minus €42.50", "Declined. Electronics Online, minus €899.00",
                                                   "Salary, plus €3,850.00"])
    }

    @Test func aFrozenCardAndAnOverdrawnAccountAreReadOut() async throws {
        let frozen = Card(id: "c1", accountId: "acc", kind: .debit, brand: "visa", last4: "4242", holderName: "A", expiry: "2029-08", status: .frozen)
        let cards = CardsPresenter(cards: FakeCards(list: [frozen]) { (_: String, _: Bool) throws(BankingError) -> Card in frozen })
        await cards.load()
        #expect(cards.state.content?.first?.accessibilityLabel == "Visa card ending 4242, frozen")
        let accounts = AccountsOverviewPresenter(accounts: FakeAccounts(), environment: Fixtures.environment)
        await accounts.load()
        let label = try #require(accounts.state.content?.first?.accessibilityLabel)
        #expect(label.hasPrefix("Everyday, account ending 3000, balance €2,450.75"))
        #expect(!label.contains("overdrawn"))
    }

    @Test func anAlertIsReadTitleThenMessage() throws {
        let alert = try #require(ErrorPresenter().alert(for: .offline))
        #expect(alert.accessibilityLabel == "You're offline. Check your internet connection and try again.")
    }
}

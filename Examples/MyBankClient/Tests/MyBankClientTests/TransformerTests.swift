import Foundation
import MyBankClient
import MyBankContracts
import Testing

@Suite struct TransformerTests {
    let environment = MyBankContracts.pinnedEnvironment

    @Test func moneyHasItsSignSymbolAndTwoDecimals() {
        let money = MoneyTransformer(locale: environment.locale)
        #expect(money.string(Decimal(string: "1523.67")!) == "$1,523.67")
        #expect(money.string(Decimal(string: "-60")!) == "-$60.00")
        #expect(money.string(Decimal(string: "0.5")!) == "$0.50")
    }

    @Test func sectionTitlesFollowTheCustomersDayNotUTC() {
        let dates = DateTransformer(environment: environment)
        // 10:00 in Sydney on the 21st is still the 20th in UTC.
        #expect(dates.sectionTitle(DayStamp(year: 2026, month: 11, day: 21)) == "Today")
        #expect(dates.sectionTitle(DayStamp(year: 2026, month: 11, day: 20)) == "Yesterday")
        #expect(dates.sectionTitle(DayStamp(year: 2026, month: 11, day: 19)) == "Thursday 19 November")
        #expect(dates.sectionTitle(DayStamp(year: 2025, month: 12, day: 31)).contains("2025"))
    }

    @Test func pendingRowsAreMarkedForSightAndForVoiceOver() {
        let row = TransactionTransformer(environment: environment).row(
            TransactionModel(id: "P", day: DayStamp(year: 2026, month: 11, day: 21), description: "Cinema", amount: -32, isPending: true, atmId: nil))
        #expect(row.title == "PENDING: Cinema")
        #expect(row.accessibilityLabel == "Pending. Cinema, -$32.00")
        #expect(!row.showsLocation)
    }

    @Test func offlineHasItsOwnMessageAndEverythingElseIsGeneric() {
        let errors = ErrorTransformer()
        #expect(errors.alert(for: .offline).kind == .offline)
        #expect(errors.alert(for: .offline).actions == [.retry])
        for error in [NetworkError.timeout, .connectionLost, .notFound, .server(status: 500), .invalidData, .maintenance(retryAfter: 120)] {
            #expect(errors.alert(for: error).kind == .generic)
        }
        #expect(errors.alert(for: .maintenance(retryAfter: 120)).message.contains("in 2 minutes"))
    }
}

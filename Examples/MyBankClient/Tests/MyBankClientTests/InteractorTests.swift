import Foundation
import MyBankClient
import Testing

@Suite struct InteractorTests {
    func transaction(_ id: String, _ date: String, _ amount: Decimal = -1, atm: String? = nil) -> AccountDataDTO.Transaction {
        AccountDataDTO.Transaction(id: id, effectiveDate: date, description: id, amount: amount, atmId: atm)
    }

    func document(cleared: [AccountDataDTO.Transaction], pending: [AccountDataDTO.Transaction]) -> AccountDataDTO {
        AccountDataDTO(account: .init(bsb: "062-914", accountName: "Saver", accountNumber: "1", available: 1, balance: 1),
                       transactions: cleared, pending: pending, atms: [])
    }

    @Test func mergesPendingAndClearedByDayNewestFirstWithPendingOnTop() throws {
        let overview = try TransactionsInteractor.overview(from: document(
            cleared: [transaction("C2", "20/11/2026"), transaction("C1", "19/11/2026"), transaction("C0", "31/12/2025")],
            pending: [transaction("P2", "21/11/2026"), transaction("P1", "20/11/2026")]))
        #expect(overview.groups.map(\.day.description) == ["2026-11-21", "2026-11-20", "2026-11-19", "2025-12-31"])
        #expect(overview.groups[1].transactions.map(\.id) == ["P1", "C2"])
        #expect(overview.transactions.map(\.isPending) == [true, true, false, false, false])
    }

    @Test func anUnreadableDateIsInvalidDataNotADroppedEntry() {
        #expect(throws: NetworkError.invalidData) {
            try TransactionsInteractor.overview(from: document(cleared: [transaction("C", "2026-11-20")], pending: []))
        }
    }

    @Test func knownStatusesAreMapped() {
        #expect(NetworkError.from(status: 404, retryAfter: nil) == .notFound)
        #expect(NetworkError.from(status: 503, retryAfter: " 120") == .maintenance(retryAfter: 120))
        #expect(NetworkError.from(status: 502, retryAfter: nil) == .server(status: 502))
        #expect(NetworkError.from(status: 401, retryAfter: nil) == .unauthorized)
        #expect(NetworkError.from(status: 418, retryAfter: nil) == .unexpectedStatus(418))
        #expect(NetworkError.from(URLError(.notConnectedToInternet)) == .offline)
        #expect(NetworkError.from(URLError(.timedOut)) == .timeout)
    }
}

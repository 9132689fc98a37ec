import BankingDomain
import ContractKit
import Foundation

/// Remembers what the domain layer returned while a presenter drives it: the last error, how
/// many items, and exact values (entry ids and amounts, balances, a transfer's amount) as
/// `Decimal` text, so a case sees an amount that is wrong in its last digit.
actor DomainProbe {
    private(set) var error: BankingError?
    private(set) var count: Int?
    private var values: [String: ReportValue] = [:]
    private var entryIds: [String] = []
    private var entryAmounts: [String] = []

    func succeeded(count: Int?) {
        error = nil
        if let count { self.count = count }
    }

    func failed(_ error: BankingError) { self.error = error }

    /// A page of entries arrived: their ids and amounts are added to what was loaded so far.
    func loaded(_ transactions: [Transaction]) {
        entryIds += transactions.map(\.id)
        entryAmounts += transactions.map { Self.exact($0.amount) }
        values["ids"] = .list(entryIds.map(ReportValue.string))
        values["amounts"] = .list(entryAmounts.map(ReportValue.string))
        succeeded(count: entryIds.count)
    }

    /// Records an exact amount under `key`.
    func note(_ key: String, _ money: Money) { values[key] = .string(Self.exact(money)) }

    var report: DomainReport {
        DomainReport(error: error.map(DomainNames.name(of:)), retryAfter: error.flatMap(DomainNames.retryAfter(of:)), count: count, values: values)
    }

    /// The amount exactly as the domain holds it, e.g. `-42.5 EUR` (no rounding, no locale).
    static func exact(_ money: Money) -> String { "\(money.amount) \(money.currency.code)" }

    /// Runs a domain call and records its outcome, passing the result or error through.
    func track<T: Sendable>(count: (T) -> Int? = { _ in nil }, _ body: () async throws(BankingError) -> T) async throws(BankingError) -> T {
        do {
            let value = try await body()
            succeeded(count: count(value))
            return value
        } catch {
            failed(error)
            throw error
        }
    }
}

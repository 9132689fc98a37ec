import BankingDomain
import ContractKit
import Foundation

/// Remembers what the domain layer returned while a presenter drives it.
actor DomainProbe {
    private(set) var error: BankingError?
    private(set) var count: Int?

    func succeeded(count: Int?) {
        error = nil
        if let count { self.count = count }
    }

    func failed(_ error: BankingError) { self.error = error }

    var report: DomainReport {
        DomainReport(error: error.map(DomainNames.name(of:)), retryAfter: error.flatMap(DomainNames.retryAfter(of:)), count: count)
    }

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

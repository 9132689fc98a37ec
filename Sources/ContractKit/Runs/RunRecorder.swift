public import Foundation

/// Where a runner records a run as its cases finish: a run store. `ContractStore.RunStore` (SQLite)
/// is the one the package ships; a team's test target that records nothing needs none, and so
/// builds no database library.
public protocol RunRecorder: Sendable {
    /// Starts a run of `client`'s cases and returns its record.
    func begin(client: String, baseURL: String, gitCommit: String?, total: Int, filter: String?, now: Date) throws -> RunRecord

    /// Records one result and refreshes the run's totals; the run finishes with the last of its
    /// cases. For runners, such as a test suite, that have no end of their own.
    @discardableResult
    func recordAndUpdateTotals(_ result: CaseResult, runId: String, now: Date) async throws -> RunRecord
}

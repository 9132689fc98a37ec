public import Foundation

/// Where a run is recorded: a run store. `ContractStore.RunStore` (SQLite) is the one the package
/// ships; a team's test target that records nothing needs none, and so builds no database
/// library. Runners do not call it directly: they record through `RecordedRun`.
public protocol RunRecorder: Sendable {
    /// Starts a run of `client`'s cases and returns its record.
    func begin(client: String, baseURL: String, gitCommit: String?, total: Int, filter: String?,
               identity: RunIdentity, now: Date) throws -> RunRecord

    /// Writes one result at once, so that it survives a killed run; waits for the store without
    /// blocking a thread of Swift's concurrency pool.
    func write(_ result: CaseResult, runId: String) async throws

    /// Closes a run with its totals and returns it.
    func finish(runId: String, now: Date) throws -> RunRecord
}

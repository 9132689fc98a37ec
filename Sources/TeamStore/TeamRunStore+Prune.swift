import Foundation
import PostgresNIO

extension TeamRunStore {
    /// What a prune removed (or, dry, would remove).
    public struct PruneResult: Sendable, Equatable {
        /// Runs whose case rows went; the runs themselves and the counters stay.
        public var runs: Int
        /// Case result rows deleted.
        public var caseResults: Int
    }

    /// The advisory lock one prune at a time holds ("SBTP").
    static let pruneLockKey: Int64 = 0x5342_5450

    /// Pins a run, so prune never removes its case rows (or unpins it); false when no such run.
    public func pin(_ runId: String, pinned: Bool = true) async throws -> Bool {
        try await run("pin \(runId)") {
            let rows = try await self.client.query("UPDATE team_run SET pinned = \(pinned) WHERE id = \(runId) RETURNING id", logger: logger)
            for try await _ in rows.decode(String.self) { return true }
            return false
        }
    }

    /// Deletes the case rows of runs older than `keepDays`, in batches of `batch` runs, one
    /// transaction each, so that a large prune never holds long locks. Kept whatever their age:
    /// pinned runs, runs of a recorded release, and the latest run of each client on each
    /// branch. The runs and the daily counters stay, so flaky, drift and environment questions
    /// about old days still answer. Only one prune runs at a time.
    public func prune(keepDays: Int = 90, batch: Int = 500, dryRun: Bool = false) async throws -> PruneResult {
        try await run("prune") {
            try await self.client.withConnection { connection in
                let logger = self.logger
                var locked = false
                for try await got in try await connection.query("SELECT pg_try_advisory_lock(\(Self.pruneLockKey))", logger: logger)
                    .decode(Bool.self) { locked = got }
                guard locked else { throw TeamStoreError.queryFailed("prune", "another prune is running; try again when it ends") }
                do {
                    let result = try await Self.prune(on: connection, keepDays: keepDays, batch: batch, dryRun: dryRun, logger: logger)
                    _ = try await connection.query("SELECT pg_advisory_unlock(\(Self.pruneLockKey))", logger: logger)
                    return result
                } catch {
                    _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.pruneLockKey))", logger: logger)
                    throw error
                }
            }
        }
    }

    /// The prune itself, on a connection that holds the prune lock.
    private static func prune(on connection: PostgresConnection, keepDays: Int, batch: Int, dryRun: Bool,
                              logger: Logger) async throws -> PruneResult {
        let doomed: PostgresQuery = """
            WITH keep AS (
                SELECT id FROM team_run WHERE pinned
                UNION SELECT t.id FROM team_run t JOIN team_release r ON r.client = t.client AND r.client_commit = t.client_commit
                UNION SELECT id FROM (SELECT DISTINCT ON (client, coalesce(branch, '')) id FROM team_run
                                      ORDER BY client, coalesce(branch, ''), started_at DESC, id DESC) latest)
            SELECT t.id FROM team_run t
            WHERE t.started_at < now() - make_interval(days => \(keepDays)::int)
                AND t.id NOT IN (SELECT id FROM keep)
                AND EXISTS (SELECT 1 FROM team_case_result c WHERE c.run_id = t.id)
            """
        if dryRun {
            var query = doomed
            query.sql = "SELECT count(DISTINCT d.id)::int8, count(c.case_id)::int8 FROM (" + doomed.sql
                + ") d JOIN team_case_result c ON c.run_id = d.id"
            for try await (runs, rows) in try await connection.query(query, logger: logger).decode((Int, Int).self) {
                return PruneResult(runs: runs, caseResults: rows)
            }
            return PruneResult(runs: 0, caseResults: 0)
        }
        var total = PruneResult(runs: 0, caseResults: 0)
        while true {
            var query = doomed
            query.sql = "WITH doomed AS (" + doomed.sql + " ORDER BY t.started_at LIMIT \(batch)) "
                + "DELETE FROM team_case_result WHERE run_id IN (SELECT id FROM doomed) RETURNING run_id"
            var runs = Set<String>(), rows = 0
            for try await runId in try await connection.query(query, logger: logger).decode(String.self) {
                runs.insert(runId)
                rows += 1
            }
            guard rows > 0 else { return total }
            total.runs += runs.count
            total.caseResults += rows
        }
    }
}

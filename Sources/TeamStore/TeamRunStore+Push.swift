public import ContractKit
import Crypto
import Foundation
import PostgresNIO
import StubFormats

extension TeamRunStore {
    /// What a push did with one run.
    public enum PushResult: Sendable, Equatable {
        /// Written, with its case results and counters, in one transaction.
        case pushed
        /// Already there with the same content: nothing written (pushing twice is harmless).
        case alreadyThere
    }

    /// Pushes one finished run and its results, in one transaction: the run, its case results,
    /// the inputs each case ran on, and the daily counters. A run already there with the same
    /// content is left alone; one with different content is refused (`conflictingRun`).
    public func push(_ run: RunRecord, results: [CaseResultRecord]) async throws -> PushResult {
        let content = Self.contentHash(run, results)
        do {
            return try await pushOnce(run, results: results, content: content)
        } catch is UniqueViolation {
            // Another machine pushed the same run at the same moment: compare with what it wrote.
            return try await pushOnce(run, results: results, content: content)
        }
    }

    private func pushOnce(_ run: RunRecord, results: [CaseResultRecord], content: String) async throws -> PushResult {
        try await transaction("push \(run.id)") { connection in
            let logger = self.logger
            let existing = try await connection.query("SELECT content_hash FROM team_run WHERE id = \(run.id)", logger: logger)
            for try await hash in existing.decode(String.self) {
                guard hash == content else { throw TeamStoreError.conflictingRun(run.id) }
                return .alreadyThere
            }
            let machineClass = run.machineClass
            try await connection.query("""
                INSERT INTO team_run (id, client, started_at, ended_at, status, client_commit, branch, stub_commit, contract_hash,
                    contractkit_version, machine, machine_class, total, passed, failed, errored, not_covered, content_hash)
                VALUES (\(run.id), \(run.client), \(run.startedAt), \(run.endedAt), \(run.status.rawValue), \(run.gitCommit),
                    \(run.branch), \(run.stubCommit), \(run.contractHash), \(run.contractKitVersion), \(run.host), \(machineClass),
                    \(run.total), \(run.passed), \(run.failed), \(run.errored), \(run.notCovered), \(content))
                """, logger: logger)
            guard !results.isEmpty else { return .pushed }
            let inputs = results.map { Self.inputsHash(definition: $0.definitionHash, run: run) }
            try await connection.query("""
                INSERT INTO team_case_result (run_id, case_id, operation, outcome, failing_layer, message, fingerprint, duration_ms,
                    requests, inputs_hash, uses)
                SELECT \(run.id), c, o, r, NULLIF(l, ''), NULLIF(m, ''), NULLIF(f, ''), d, q, i, NULLIF(u, '')
                FROM UNNEST(\(results.map(\.caseId))::text[], \(results.map(\.operation))::text[],
                    \(results.map(\.outcome.rawValue))::text[], \(results.map { $0.failingLayer?.rawValue ?? "" })::text[],
                    \(results.map { $0.message ?? "" })::text[], \(results.map { $0.fingerprint ?? "" })::text[],
                    \(results.map(\.durationMs))::float8[], \(results.map(\.requests))::int8[], \(inputs)::text[],
                    \(results.map { $0.uses ?? "" })::text[])
                    AS t(c, o, r, l, m, f, d, q, i, u)
                """, logger: logger)
            let unique = Dictionary(zip(inputs, results.map { $0.definitionHash ?? "" }), uniquingKeysWith: { first, _ in first })
            try await connection.query("""
                INSERT INTO team_inputs (inputs_hash, definition_hash, client_commit, stub_commit, contract_hash)
                SELECT i, NULLIF(d, ''), \(run.gitCommit), \(run.stubCommit), \(run.contractHash)
                FROM UNNEST(\(Array(unique.keys))::text[], \(Array(unique.values))::text[]) AS t(i, d)
                ON CONFLICT (inputs_hash) DO NOTHING
                """, logger: logger)
            // Counters: cases the client does not cover neither pass nor fail.
            let counted = zip(results, inputs).filter { $0.0.outcome != .notCovered }
            let day = Self.day(of: run.startedAt)
            try await connection.query("""
                INSERT INTO team_case_day (client, case_id, inputs_hash, machine_class, day, passed, failed)
                SELECT \(run.client), c, i, \(machineClass), \(day)::date, p, f
                FROM UNNEST(\(counted.map(\.0.caseId))::text[], \(counted.map(\.1))::text[],
                    \(counted.map { $0.0.outcome == .passed ? 1 : 0 })::int8[], \(counted.map { $0.0.outcome == .passed ? 0 : 1 })::int8[])
                    AS t(c, i, p, f)
                ON CONFLICT (client, case_id, inputs_hash, machine_class, day)
                DO UPDATE SET passed = team_case_day.passed + EXCLUDED.passed, failed = team_case_day.failed + EXCLUDED.failed
                """, logger: logger)
            let printed = zip(results, inputs).filter { $0.0.outcome == .passed && $0.0.fingerprint != nil }
            try await connection.query("""
                INSERT INTO team_fingerprint_day (client, case_id, inputs_hash, fingerprint, day, runs)
                SELECT \(run.client), c, i, f, \(day)::date, 1
                FROM UNNEST(\(printed.map(\.0.caseId))::text[], \(printed.map(\.1))::text[],
                    \(printed.map { $0.0.fingerprint ?? "" })::text[]) AS t(c, i, f)
                ON CONFLICT (client, case_id, inputs_hash, fingerprint, day)
                DO UPDATE SET runs = team_fingerprint_day.runs + 1
                """, logger: logger)
            return .pushed
        }
    }

    /// The inputs a case ran on: its definition, the client commit, the stub commit and the
    /// contract hash. Two results with the same inputs hash should agree; when they do not, the
    /// case is flaky (or environment-dependent).
    static func inputsHash(definition: String?, run: RunRecord) -> String {
        let parts = [definition ?? "-", run.gitCommit ?? "-", run.stubCommit ?? "-", run.contractHash ?? "-"]
        return Hex.string(SHA256.hash(data: Data(parts.joined(separator: "\n").utf8))).prefix(16).description
    }

    /// A hash of everything a run says, except its local label: the same run pushed twice has
    /// the same hash, and a run whose results were changed does not.
    static func contentHash(_ run: RunRecord, _ results: [CaseResultRecord]) -> String {
        struct Content: Encodable {
            var run: RunRecord
            var results: [CaseResultRecord]
        }
        var unlabelled = run
        unlabelled.label = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let data = (try? encoder.encode(Content(run: unlabelled, results: results.sorted { $0.caseId < $1.caseId }))) ?? Data()
        return Hex.string(SHA256.hash(data: data))
    }

    /// The UTC day a run started, as `yyyy-MM-dd`.
    static func day(of date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}

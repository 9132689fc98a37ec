public import Foundation
import PostgresNIO

extension TeamRunStore {
    /// A case on one set of inputs, with what the team's machines saw.
    public struct CaseOnInputs: Sendable, Equatable {
        /// The client that ran it.
        public var client: String
        /// The case.
        public var caseId: String
        /// The inputs: the case definition, client commit, stub commit and contract hash, hashed.
        public var inputsHash: String
        /// The client commit of those inputs (nil when runs did not record one).
        public var clientCommit: String?
        /// The stub commit of those inputs.
        public var stubCommit: String?
        /// Runs that passed, and runs that failed or errored, in the window.
        public var passed: Int
        /// Runs that failed or errored, in the window.
        public var failed: Int
        /// Machine classes (OS/architecture/toolchain) that passed every time, failed every
        /// time, or did both.
        public var passingClasses: [String]
        /// Machine classes that failed every time.
        public var failingClasses: [String]
        /// Machine classes that both passed and failed.
        public var mixedClasses: [String]
        /// Distinct observation fingerprints of passing runs (drift only; 0 otherwise).
        public var fingerprints: Int
    }

    /// Flaky: the same case on the same inputs both passed and failed on one machine class, in
    /// the last `days` days (UTC). A case whose classes each agree with themselves is not flaky
    /// but environment-dependent (`environmentSplit`).
    public func flaky(days: Int, client: String? = nil) async throws -> [CaseOnInputs] {
        try await outcomes(days: days, client: client, having: "bool_or(p > 0 AND f > 0)")
    }

    /// Environment-dependent: each machine class agrees with itself (always passed or always
    /// failed), but the classes disagree.
    public func environmentSplit(days: Int, client: String? = nil) async throws -> [CaseOnInputs] {
        try await outcomes(days: days, client: client,
                           having: "NOT bool_or(p > 0 AND f > 0) AND bool_or(p > 0 AND f = 0) AND bool_or(f > 0 AND p = 0)")
    }

    /// Drift: the same case on the same inputs always passed, on every machine, yet its
    /// observation (statuses, requests, layers' reports) differed: two or more fingerprints.
    public func drift(days: Int, client: String? = nil) async throws -> [CaseOnInputs] {
        try await run("drift") {
            let since = Self.since(days: days)
            let rows = try await rows("""
                WITH outcome AS (
                    SELECT client, case_id, inputs_hash, sum(passed)::int8 AS p, sum(failed)::int8 AS f
                    FROM team_case_day WHERE day >= \(since)::date AND (\(client)::text IS NULL OR client = \(client))
                    GROUP BY client, case_id, inputs_hash),
                prints AS (
                    SELECT client, case_id, inputs_hash, count(DISTINCT fingerprint)::int8 AS n
                    FROM team_fingerprint_day WHERE day >= \(since)::date GROUP BY client, case_id, inputs_hash)
                SELECT o.client, o.case_id, o.inputs_hash, i.client_commit, i.stub_commit, o.p, o.f, pr.n
                FROM outcome o JOIN prints pr USING (client, case_id, inputs_hash)
                LEFT JOIN team_inputs i ON i.inputs_hash = o.inputs_hash
                WHERE o.f = 0 AND pr.n >= 2
                ORDER BY pr.n DESC, o.case_id
                """)
            var found: [CaseOnInputs] = []
            for try await (clientName, caseId, inputs, clientCommit, stubCommit, passed, failed, prints)
                in rows.decode((String, String, String, String?, String?, Int, Int, Int).self) {
                found.append(CaseOnInputs(client: clientName, caseId: caseId, inputsHash: inputs, clientCommit: clientCommit,
                                          stubCommit: stubCommit, passed: passed, failed: failed, passingClasses: [],
                                          failingClasses: [], mixedClasses: [], fingerprints: prints))
            }
            return found
        }
    }

    /// One run of a case, for its history.
    public struct CaseRun: Sendable, Equatable {
        /// When the run started.
        public var startedAt: Date
        /// The run.
        public var runId: String
        /// Its branch, when recorded.
        public var branch: String?
        /// Its client commit.
        public var clientCommit: String?
        /// OS/architecture/toolchain.
        public var machineClass: String
        /// passed, failed, error or notCovered.
        public var outcome: String
        /// The observation's fingerprint.
        public var fingerprint: String?
    }

    /// The case's runs, newest first, at most `limit`.
    public func history(of caseId: String, client: String? = nil, limit: Int = 50) async throws -> [CaseRun] {
        try await run("history of \(caseId)") {
            let rows = try await self.client.query("""
                SELECT r.started_at, r.id, r.branch, r.client_commit, r.machine_class, c.outcome, c.fingerprint
                FROM team_case_result c JOIN team_run r ON r.id = c.run_id
                WHERE c.case_id = \(caseId) AND (\(client)::text IS NULL OR r.client = \(client))
                ORDER BY r.started_at DESC, r.id DESC LIMIT \(limit)
                """, logger: logger)
            var runs: [CaseRun] = []
            for try await (started, id, branch, commit, machine, outcome, fingerprint)
                in rows.decode((Date, String, String?, String?, String, String, String?).self) {
                runs.append(CaseRun(startedAt: started, runId: id, branch: branch, clientCommit: commit, machineClass: machine,
                                    outcome: outcome, fingerprint: fingerprint))
            }
            return runs
        }
    }

    /// Runs in the store, for `--dry-run` messages and tests.
    public func runCount() async throws -> Int {
        try await run("count runs") {
            for try await count in try await self.client.query("SELECT count(*)::int8 FROM team_run", logger: logger).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    // MARK: helpers

    private func rows(_ query: PostgresQuery) async throws -> PostgresRowSequence {
        try await client.query(query, logger: logger)
    }

    /// Per machine class, then per inputs, keeping the inputs that `having` selects.
    private func outcomes(days: Int, client: String?, having: String) async throws -> [CaseOnInputs] {
        try await run("outcomes") {
            let since = Self.since(days: days)
            var query: PostgresQuery = """
                WITH per_class AS (
                    SELECT client, case_id, inputs_hash, machine_class, sum(passed)::int8 AS p, sum(failed)::int8 AS f
                    FROM team_case_day WHERE day >= \(since)::date AND (\(client)::text IS NULL OR client = \(client))
                    GROUP BY client, case_id, inputs_hash, machine_class)
                SELECT pc.client, pc.case_id, pc.inputs_hash, i.client_commit, i.stub_commit, sum(p)::int8, sum(f)::int8,
                    coalesce(string_agg(machine_class, ',' ORDER BY machine_class) FILTER (WHERE f = 0), ''),
                    coalesce(string_agg(machine_class, ',' ORDER BY machine_class) FILTER (WHERE p = 0), ''),
                    coalesce(string_agg(machine_class, ',' ORDER BY machine_class) FILTER (WHERE p > 0 AND f > 0), '')
                FROM per_class pc LEFT JOIN team_inputs i ON i.inputs_hash = pc.inputs_hash
                GROUP BY pc.client, pc.case_id, pc.inputs_hash, i.client_commit, i.stub_commit
                """
            query.sql += " HAVING " + having + " ORDER BY sum(f) DESC, pc.case_id"
            let rows = try await self.client.query(query, logger: logger)
            var found: [CaseOnInputs] = []
            for try await (clientName, caseId, inputs, clientCommit, stubCommit, passed, failed, passing, failing, mixed)
                in rows.decode((String, String, String, String?, String?, Int, Int, String, String, String).self) {
                func list(_ text: String) -> [String] { text.split(separator: ",").map(String.init) }
                found.append(CaseOnInputs(client: clientName, caseId: caseId, inputsHash: inputs, clientCommit: clientCommit,
                                          stubCommit: stubCommit, passed: passed, failed: failed, passingClasses: list(passing),
                                          failingClasses: list(failing), mixedClasses: list(mixed), fingerprints: 0))
            }
            return found
        }
    }

    /// The first UTC day of a window of `days` days ending today, as `yyyy-MM-dd`.
    static func since(days: Int) -> String {
        day(of: Date().addingTimeInterval(-Double(max(1, days) - 1) * 86_400))
    }

    /// `14d`, `36h` (rounded up to days) or `2w`, as days.
    public static func days(in window: String) throws(TeamStoreError) -> Int {
        let text = window.trimmingCharacters(in: .whitespaces).lowercased()
        guard let unit = text.last, let number = Int(text.dropLast()), number > 0 else { throw .badWindow(window) }
        switch unit {
        case "d": return number
        case "w": return number * 7
        case "h": return (number + 23) / 24
        default: throw .badWindow(window)
        }
    }
}

public import ContractKit
public import Foundation
package import GRDB

/// The run history in SQLite: every run and every case result, written as they happen so a
/// killed run keeps what it had. WAL mode lets two runs write the same file at once.
public struct RunStore: RunRecorder {
    private let writer: any DatabaseWriter

    /// Opens (creating if needed) a store at `path` in WAL mode, migrates it, and marks runs
    /// left `running` by a process that is gone as `aborted`. Openers of the same file take
    /// turns through `<path>-lock` while they open it (`OpenLock`).
    public init(path: String) throws {
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let pool = try OpenLock.holding(path + "-lock") {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
            return pool
        }
        try self.init(writer: pool)
    }

    /// A store over any GRDB writer; tests pass an in-memory `DatabaseQueue()`.
    package init(writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.migrator.migrate(writer)
        try markAbandonedRunsAborted()
    }

    /// Named, append-only migrations; they never depend on app types.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: runs and case results") { db in
            try db.create(table: "run") { table in
                table.primaryKey("id", .text)
                table.column("startedAt", .datetime).notNull()
                table.column("endedAt", .datetime)
                table.column("gitCommit", .text)
                table.column("host", .text).notNull()
                table.column("pid", .integer).notNull()
                table.column("baseURL", .text).notNull()
                table.column("total", .integer).notNull()
                table.column("passed", .integer).notNull()
                table.column("failed", .integer).notNull()
                table.column("errored", .integer).notNull()
                table.column("status", .text).notNull()
                table.column("label", .text)
            }
            try db.create(table: "caseResult") { table in
                table.column("runId", .text).notNull().references("run", onDelete: .cascade)
                table.column("caseId", .text).notNull()
                table.column("operation", .text).notNull()
                table.column("outcome", .text).notNull()
                table.column("failingLayer", .text)
                table.column("message", .text)
                table.column("observation", .text)
                table.column("fingerprint", .text)
                table.column("durationMs", .double).notNull()
                table.column("requests", .integer).notNull()
                table.primaryKey(["runId", "caseId"])
            }
            try db.create(index: "run_startedAt", on: "run", columns: ["startedAt"])
        }
        migrator.registerMigration("v2: the client that ran, and cases it does not cover") { db in
            // Runs recorded before clients existed were all the reference client's.
            try db.alter(table: "run") { table in
                table.add(column: "client", .text).notNull().defaults(to: "reference")
                table.add(column: "notCovered", .integer).notNull().defaults(to: 0)
            }
            try db.create(index: "run_client_startedAt", on: "run", columns: ["client", "startedAt"])
        }
        migrator.registerMigration("v3: the case filter a run used") { db in
            try db.alter(table: "run") { table in table.add(column: "filter", .text) }
        }
        migrator.registerMigration("v4: what a run ran on, and the outbox of runs to push") { db in
            try db.alter(table: "run") { table in
                for column in ["branch", "stubCommit", "contractHash", "contractKitVersion", "os", "arch", "toolchain"] {
                    table.add(column: column, .text)
                }
            }
            try db.alter(table: "caseResult") { table in table.add(column: "definitionHash", .text) }
            // Runs recorded before the team store existed are not queued: they lack the inputs
            // that make them comparable across machines.
            try db.create(table: "outbox") { table in
                table.primaryKey("runId", .text).references("run", onDelete: .cascade)
                table.column("queuedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v5: what each case used of the API") { db in
            try db.alter(table: "caseResult") { table in table.add(column: "uses", .text) }
        }
        return migrator
    }

    /// Starts a run of `client`'s cases and returns its record.
    public func begin(client: String, baseURL: String, gitCommit: String?, total: Int, filter: String? = nil,
                      now: Date = Date()) throws -> RunRecord {
        try begin(client: client, baseURL: baseURL, gitCommit: gitCommit, total: total, filter: filter, identity: RunIdentity(), now: now)
    }

    /// Starts a run that records what it ran on (`identity`). Its id is unique across machines:
    /// the UTC time and 48 random bits.
    public func begin(client: String, baseURL: String, gitCommit: String?, total: Int, filter: String? = nil,
                      identity: RunIdentity, now: Date = Date()) throws -> RunRecord {
        let random = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let id = "run-" + Self.idFormatter.string(from: now) + "-" + random
        var run = RunRecord(id: id, startedAt: now, endedAt: nil, gitCommit: gitCommit, host: MachineName.current,
                            pid: Int(ProcessInfo.processInfo.processIdentifier), baseURL: baseURL, total: total,
                            passed: 0, failed: 0, errored: 0, status: .running, label: nil, client: client, filter: filter)
        run.adopt(identity)
        try writer.write { db in try RunRow(run).insert(db) }
        return run
    }

    /// Records one case result at once, so it survives if the run is killed.
    public func record(_ result: CaseResult, runId: String) throws {
        try writer.write { db in try CaseResultRow(CaseResultRecord(runId: runId, result: result)).upsert(db) }
    }

    /// `record`, waiting for the database without blocking a thread of Swift's concurrency pool
    /// (another run writing the same file can hold the lock for a while).
    public func write(_ result: CaseResult, runId: String) async throws {
        try await writer.write { db in try CaseResultRow(CaseResultRecord(runId: runId, result: result)).upsert(db) }
    }

    /// Closes a run with its totals. A run is passed when every case ran and none failed or
    /// errored; cases the client does not cover neither pass nor fail it.
    @discardableResult
    public func finish(runId: String, now: Date = Date()) throws -> RunRecord {
        try writer.write { db in
            guard var run = try RunRow.fetchOne(db, key: runId)?.record else { throw StoreError.unknownRun(runId) }
            let results = try CaseResultRow.filter(CaseResultColumns.runId == runId).fetchAll(db).map(\.record)
            Self.count(results, into: &run)
            run.endedAt = now
            run.status = run.failed + run.errored == 0 && results.count == run.total ? .passed : .failed
            try RunRow(run).update(db)
            try Self.queue(run, db: db)
            return run
        }
    }

    static func count(_ results: [CaseResultRecord], into run: inout RunRecord) {
        run.passed = results.filter { $0.outcome == .passed }.count
        run.failed = results.filter { $0.outcome == .failed }.count
        run.errored = results.filter { $0.outcome == .error }.count
        run.notCovered = results.filter { $0.outcome == .notCovered }.count
    }

    /// Puts a finished run in the outbox, once.
    static func queue(_ run: RunRecord, db: Database) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO outbox (runId, queuedAt) VALUES (?, ?)", arguments: [run.id, run.endedAt ?? Date()])
    }

    /// Finished runs waiting to be pushed to the team store, oldest first.
    public func outbox() throws -> [RunRecord] {
        try writer.read { db in
            try RunRow.fetchAll(db, sql: "SELECT run.* FROM run JOIN outbox ON outbox.runId = run.id ORDER BY run.startedAt, run.id")
                .map(\.record)
        }
    }

    /// Takes a pushed run out of the outbox.
    public func markPushed(runId: String) throws {
        try writer.write { db in try db.execute(sql: "DELETE FROM outbox WHERE runId = ?", arguments: [runId]) }
    }

    /// Names a run as a baseline.
    public func label(runId: String, as name: String) throws {
        try writer.write { db in
            try db.execute(sql: "UPDATE run SET label = NULL WHERE label = ?", arguments: [name])
            guard var run = try RunRow.fetchOne(db, key: runId)?.record else { throw StoreError.unknownRun(runId) }
            run.label = name
            try RunRow(run).update(db)
        }
    }

    /// Recent runs, newest first; only `client`'s when given.
    public func runs(limit: Int = 20, client: String? = nil) throws -> [RunRecord] {
        try writer.read { db in
            var request = RunRow.order(RunColumns.startedAt.desc, RunColumns.id.desc)
            if let client { request = request.filter(RunColumns.client == client) }
            return try request.limit(limit).fetchAll(db).map(\.record)
        }
    }

    /// The run with this id.
    public func run(id: String) throws -> RunRecord? {
        try writer.read { db in try RunRow.fetchOne(db, key: id)?.record }
    }

    /// The run labelled `name` (of `client`, when given).
    public func run(labelled name: String, client: String? = nil) throws -> RunRecord? {
        try writer.read { db in
            var request = RunRow.filter(RunColumns.label == name)
            if let client { request = request.filter(RunColumns.client == client) }
            return try request.fetchOne(db)?.record
        }
    }

    /// A run's results, by case id.
    public func results(runId: String) throws -> [CaseResultRecord] {
        try writer.read { db in
            try CaseResultRow.filter(CaseResultColumns.runId == runId).order(CaseResultColumns.caseId).fetchAll(db).map(\.record)
        }
    }

    /// Compares two runs of one client. The `window` finished runs of that client before `head`
    /// (oldest first) are the history in which flaky cases are counted.
    /// Compares two runs. Runs of different clients, or with different filters, are compared on
    /// the cases both ran, and the diff says so (`RunDiff.scope`); flakiness looks back over the
    /// head client's recent runs.
    public func diff(base: RunRecord, head: RunRecord, window: Int = 5, thresholds: RunDiff.Thresholds = .init()) throws -> RunDiff {
        let earlier = try writer.read { db in
            try RunRow
                .filter(RunColumns.status != RunRecord.Status.running.rawValue)
                .filter(RunColumns.client == head.client)
                .filter(RunColumns.startedAt <= head.startedAt && RunColumns.id != head.id)
                .order(RunColumns.startedAt.desc, RunColumns.id.desc)
                .limit(window)
                .fetchAll(db)
                .map(\.record)
        }
        var diff = RunDiff.compare(base: (base.id, try results(runId: base.id)), head: (head.id, try results(runId: head.id)),
                                   history: try earlier.reversed().map { try results(runId: $0.id) }, thresholds: thresholds)
        diff.scope = RunDiff.Scope(base: base, head: head, diff: diff)
        return diff
    }

    /// Marks `running` runs whose process on this host is gone as `aborted`, with the totals of
    /// the results they wrote.
    func markAbandonedRunsAborted() throws {
        let host = MachineName.current
        try writer.write { db in
            for var run in try RunRow.filter(RunColumns.status == RunRecord.Status.running.rawValue).fetchAll(db).map(\.record)
            where run.host == host && !Self.isAlive(pid: run.pid) {
                let results = try CaseResultRow.filter(CaseResultColumns.runId == run.id).fetchAll(db).map(\.record)
                Self.count(results, into: &run)
                run.status = .aborted
                try RunRow(run).update(db)
            }
        }
    }

    static func isAlive(pid: Int) -> Bool {
        kill(pid_t(pid), 0) == 0 || errno == EPERM
    }

    static let idFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }()
}

/// Store failures a person can act on.
public enum StoreError: Error, CustomStringConvertible {
    /// No run has this id or label.
    case unknownRun(String)
    /// A diff needs two finished runs.
    case notEnoughRuns
    /// The lock beside the store file, which one opener at a time holds, could not be taken.
    case lockUnavailable(String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .unknownRun(let id): "no run \(id); see `runs list`"
        case .notEnoughRuns: "need two finished runs to diff; run `contracts run` again"
        case .lockUnavailable(let path, let reason): "cannot take the store's open lock \(path): \(reason)"
        }
    }
}

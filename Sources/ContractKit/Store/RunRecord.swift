public import Foundation
public import GRDB

/// One contract run, as stored in the `run` table.
public struct RunRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "run"

    public enum Status: String, Codable, Sendable { case running, passed, failed, aborted }

    public var id: String
    public var startedAt: Date
    public var endedAt: Date?
    public var gitCommit: String?
    public var host: String
    public var pid: Int
    public var baseURL: String
    public var total: Int
    public var passed: Int
    public var failed: Int
    public var errored: Int
    public var status: Status
    /// A name that marks this run as a baseline for `runs diff --baseline`.
    public var label: String?
    /// The client (driver) that ran the cases, e.g. `reference`; diffs compare runs of one client.
    public var client: String
    /// Cases whose operation the client does not register.
    public var notCovered: Int

    /// A run record.
    public init(id: String, startedAt: Date, endedAt: Date?, gitCommit: String?, host: String, pid: Int, baseURL: String,
                total: Int, passed: Int, failed: Int, errored: Int, status: Status, label: String?,
                client: String = "reference", notCovered: Int = 0) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.gitCommit = gitCommit
        self.host = host
        self.pid = pid
        self.baseURL = baseURL
        self.total = total
        self.passed = passed
        self.failed = failed
        self.errored = errored
        self.status = status
        self.label = label
        self.client = client
        self.notCovered = notCovered
    }

    /// Column names for queries inside ContractKit.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let startedAt = Column(CodingKeys.startedAt)
        static let status = Column(CodingKeys.status)
        static let label = Column(CodingKeys.label)
        static let host = Column(CodingKeys.host)
        static let client = Column(CodingKeys.client)
    }
}

/// One case's result within a run, as stored in the `caseResult` table.
public struct CaseResultRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "caseResult"

    public var runId: String
    public var caseId: String
    public var operation: String
    public var outcome: CaseResult.Outcome
    public var failingLayer: CaseResult.Layer?
    public var message: String?
    /// The observation as JSON.
    public var observation: String?
    public var fingerprint: String?
    public var durationMs: Double
    public var requests: Int

    /// Column names for queries inside ContractKit.
    public enum Columns {
        static let runId = Column(CodingKeys.runId)
        static let caseId = Column(CodingKeys.caseId)
    }

    init(runId: String, result: CaseResult) {
        self.runId = runId
        self.caseId = result.caseId
        self.operation = result.operation
        self.outcome = result.outcome
        self.failingLayer = result.failingLayer
        self.message = result.message
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        self.observation = result.observation.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        self.fingerprint = result.fingerprint
        self.durationMs = result.durationMs
        self.requests = result.requests
    }
}

public import Foundation

/// One contract run, as a run store keeps it (`ContractStore` keeps it in SQLite's `run` table).
public struct RunRecord: Codable, Sendable, Equatable {
    /// Running until finished; passed or failed; aborted when its process died.
    public enum Status: String, Codable, Sendable {
        /// Started, not finished yet.
        case running
        /// Finished with every case passing.
        case passed
        /// Finished with at least one case failing.
        case failed
        /// Its process died before it finished.
        case aborted
    }

    /// `run-<UTC time>-<random>`.
    public var id: String
    /// When the run began.
    public var startedAt: Date
    /// When it finished; nil while running or when aborted.
    public var endedAt: Date?
    /// The checked-out commit, when run in a git work tree.
    public var gitCommit: String?
    /// The machine that ran it.
    public var host: String
    /// The process that ran it, to tell a live run from a killed one.
    public var pid: Int
    /// The stub the cases ran against.
    public var baseURL: String
    /// How many cases the run set out to run.
    public var total: Int
    /// Cases that passed.
    public var passed: Int
    /// Cases whose expectations did not hold.
    public var failed: Int
    /// Cases that could not be run.
    public var errored: Int
    /// Where the run stands.
    public var status: Status
    /// A name that marks this run as a baseline for `runs diff --baseline`.
    public var label: String?
    /// The client (driver) that ran the cases, e.g. `reference`; diffs compare runs of one client.
    public var client: String
    /// Cases whose operation the client does not register.
    public var notCovered: Int
    /// The `--filter` the run used; nil for every case.
    public var filter: String?
    /// The branch (see `RunIdentity`).
    public var branch: String?
    /// The commit that last changed the stub (see `RunIdentity`).
    public var stubCommit: String?
    /// SHA-256 of the contract's files.
    public var contractHash: String?
    /// The ContractKit that ran it.
    public var contractKitVersion: String?
    /// `linux`, `macos`…
    public var os: String?
    /// `x86_64`, `arm64`…
    public var arch: String?
    /// The Swift toolchain, e.g. `swift-6.3`.
    public var toolchain: String?

    /// `os/arch/toolchain`, e.g. `linux/x86_64/swift-6.3`; `?` for parts an older store lacks.
    public var machineClass: String { "\(os ?? "?")/\(arch ?? "?")/\(toolchain ?? "?")" }

    /// Fills the identity fields from `identity`.
    public mutating func adopt(_ identity: RunIdentity) {
        branch = identity.branch
        stubCommit = identity.stubCommit
        contractHash = identity.contractHash
        contractKitVersion = identity.contractKitVersion
        os = identity.os
        arch = identity.arch
        toolchain = identity.toolchain
    }

    /// A run record.
    public init(id: String, startedAt: Date, endedAt: Date?, gitCommit: String?, host: String, pid: Int, baseURL: String,
                total: Int, passed: Int, failed: Int, errored: Int, status: Status, label: String?,
                client: String = "reference", notCovered: Int = 0, filter: String? = nil) {
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
        self.filter = filter
    }
}

/// One case's result within a run, as a run store keeps it (SQLite's `caseResult` table).
public struct CaseResultRecord: Codable, Sendable, Equatable {
    /// The run it belongs to.
    public var runId: String
    /// The case.
    public var caseId: String
    /// The operation the case ran.
    public var operation: String
    /// How it ended.
    public var outcome: CaseResult.Outcome
    /// The layer that broke.
    public var failingLayer: CaseResult.Layer?
    /// What was expected and what was seen.
    public var message: String?
    /// The observation as JSON.
    public var observation: String?
    /// SHA-256 of the observation.
    public var fingerprint: String?
    /// How long it took.
    public var durationMs: Double
    /// Requests of the operation that reached the stub.
    public var requests: Int
    /// SHA-256 of the case definition.
    public var definitionHash: String?
    /// What the case used of the API (`[OperationUse]` as sorted-key JSON); nil in runs
    /// recorded before it was kept.
    public var uses: String?

    /// The record of `result` within run `runId`; the observation is kept as sorted-key JSON.
    package init(runId: String, result: CaseResult) {
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
        self.definitionHash = result.definitionHash
        self.uses = result.uses.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}

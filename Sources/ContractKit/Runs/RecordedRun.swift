public import Foundation

/// A run as it is recorded: the one write path for both runners, `stubbank contracts run`
/// (`CommandRun`) and a Swift Testing suite (`ContractTestSuite`).
///
/// Begun once; each result is written as it lands, so a killed run keeps what it had; and the
/// run finishes with the last of its cases, or earlier when the runner calls `finish()` (a
/// command that stops). A suite has no end of its own, so for it the last case is the end.
public actor RecordedRun {
    /// The run's id in the store.
    public nonisolated let id: String
    private let recorder: any RunRecorder
    private let total: Int
    private var written = 0
    private var finished: RunRecord?

    /// Begins a run of `total` cases of `client` in `recorder`.
    public init(recorder: any RunRecorder, client: String, baseURL: String, gitCommit: String?, total: Int,
                filter: String? = nil, identity: RunIdentity = RunIdentity(), now: Date = Date()) throws {
        let run = try recorder.begin(client: client, baseURL: baseURL, gitCommit: gitCommit, total: total, filter: filter,
                                     identity: identity, now: now)
        self.id = run.id
        self.recorder = recorder
        self.total = total
    }

    /// Writes one result; with the last of the run's cases, finishes the run.
    public func add(_ result: CaseResult, now: Date = Date()) async throws {
        try await recorder.write(result, runId: id)
        written += 1
        if written >= total, finished == nil {
            finished = try recorder.finish(runId: id, now: now)
        }
    }

    /// The finished run with its totals, finishing it now if its last case has not.
    @discardableResult
    public func finish(now: Date = Date()) throws -> RunRecord {
        if let finished { return finished }
        let run = try recorder.finish(runId: id, now: now)
        finished = run
        return run
    }
}

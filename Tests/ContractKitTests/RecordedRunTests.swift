import ContractKit
import Foundation
import NIOConcurrencyHelpers
import Testing

/// The one write path both runners use: begun once, every result written, finished once.
@Suite struct RecordedRunTests {
    /// A store in memory that remembers every call.
    final class MemoryRecorder: RunRecorder {
        let calls = NIOLockedValueBox<[String]>([])

        func begin(client: String, baseURL: String, gitCommit: String?, total: Int, filter: String?,
                   identity: RunIdentity, now: Date) throws -> RunRecord {
            calls.withLockedValue { $0.append("begin \(client) \(total)") }
            return RunRecord(id: "run-1", startedAt: now, endedAt: nil, gitCommit: gitCommit, host: "h", pid: 1, baseURL: baseURL,
                             total: total, passed: 0, failed: 0, errored: 0, status: .running, label: nil, client: client)
        }

        func write(_ result: CaseResult, runId: String) async throws {
            calls.withLockedValue { $0.append("write \(result.caseId)") }
        }

        func finish(runId: String, now: Date) throws -> RunRecord {
            calls.withLockedValue { $0.append("finish") }
            return RunRecord(id: runId, startedAt: now, endedAt: now, gitCommit: nil, host: "h", pid: 1, baseURL: "x",
                             total: 2, passed: 2, failed: 0, errored: 0, status: .passed, label: nil)
        }
    }

    private func result(_ id: String) -> CaseResult {
        CaseResult(caseId: id, operation: "accounts.list", outcome: .passed, failingLayer: nil, message: nil, observation: nil,
                   fingerprint: nil, durationMs: 1, requests: 1)
    }

    @Test func theLastCaseFinishesTheRunOnce() async throws {
        let recorder = MemoryRecorder()
        let run = try RecordedRun(recorder: recorder, client: "reference", baseURL: "x", gitCommit: nil, total: 2)
        try await run.add(result("a"))
        #expect(recorder.calls.withLockedValue { $0 } == ["begin reference 2", "write a"])
        try await run.add(result("b"))
        try await run.finish()
        #expect(recorder.calls.withLockedValue { $0 } == ["begin reference 2", "write a", "write b", "finish"])
    }

    @Test func aRunnerThatStopsEarlyFinishesWithWhatItHas() async throws {
        let recorder = MemoryRecorder()
        let run = try RecordedRun(recorder: recorder, client: "reference", baseURL: "x", gitCommit: nil, total: 5)
        try await run.add(result("a"))
        let finished = try await run.finish()
        #expect(finished.id == run.id)
        #expect(recorder.calls.withLockedValue { $0 } == ["begin reference 5", "write a", "finish"])
    }

    @Test func resultsWrittenAtOnceAllLand() async throws {
        let recorder = MemoryRecorder()
        let run = try RecordedRun(recorder: recorder, client: "reference", baseURL: "x", gitCommit: nil, total: 20)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 { group.addTask { try await run.add(self.result("c\(index)")) } }
            try await group.waitForAll()
        }
        let calls = recorder.calls.withLockedValue { $0 }
        #expect(calls.filter { $0.hasPrefix("write") }.count == 20)
        #expect(calls.filter { $0 == "finish" }.count == 1)
        #expect(calls.last == "finish")
    }
}

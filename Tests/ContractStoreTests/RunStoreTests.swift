@testable import ContractKit
@testable import ContractStore
import Foundation
import GRDB
import Testing

@Suite struct RunStoreTests {
    func result(_ id: String, _ outcome: CaseResult.Outcome = .passed, fingerprint: String = "f", ms: Double = 10) -> CaseResult {
        CaseResult(caseId: id, operation: "accounts.list", outcome: outcome, failingLayer: outcome == .passed ? nil : .domain,
                   message: nil, observation: nil, fingerprint: fingerprint, durationMs: ms, requests: 1)
    }

    @Test func recordsAndFinishesARunInMemory() throws {
        let store = try RunStore(writer: DatabaseQueue())
        let run = try store.begin(client: "reference", baseURL: "http://127.0.0.1:1", gitCommit: "abc", total: 2)
        #expect(run.status == .running)
        try store.record(result("a"), runId: run.id)
        try store.record(result("b", .failed), runId: run.id)
        let finished = try store.finish(runId: run.id)
        #expect(finished.status == .failed)
        #expect(finished.passed == 1 && finished.failed == 1)
        #expect(try store.results(runId: run.id).map(\.caseId) == ["a", "b"])
        try store.label(runId: run.id, as: "main")
        #expect(try store.run(labelled: "main")?.id == run.id)
    }

    @Test func diffUsesTheRunsBeforeTheHeadAsHistory() throws {
        let store = try RunStore(writer: DatabaseQueue())
        var runs: [RunRecord] = []
        for (index, outcome) in [CaseResult.Outcome.passed, .failed, .passed].enumerated() {
            let run = try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 1, now: Date(timeIntervalSince1970: Double(index)))
            try store.record(result("wobbly", outcome), runId: run.id)
            runs.append(try store.finish(runId: run.id))
        }
        let diff = try store.diff(base: runs[1], head: runs[2])
        #expect(diff.fixed == ["wobbly"])
        #expect(diff.flaky == ["wobbly"])
        #expect(!diff.isRegression)
        #expect(try store.diff(base: runs[1], head: runs[2], window: 1).flaky.isEmpty)
    }

    @Test func aRunLeftRunningByADeadProcessIsMarkedAbortedOnNextOpen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pool = try DatabasePool(path: path)
        _ = try RunStore(writer: pool)
        // A run whose process (pid 2^22 - 1, beyond Linux's default pid_max) can no longer exist.
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO run (id, startedAt, host, pid, baseURL, total, passed, failed, errored, status)
                VALUES ('killed', CURRENT_TIMESTAMP, ?, 4194303, 'x', 10, 0, 0, 0, 'running')
                """, arguments: [MachineName.current])
            try db.execute(sql: "INSERT INTO caseResult (runId, caseId, operation, outcome, durationMs, requests) VALUES ('killed', 'a', 'x', 'passed', 1, 1)")
        }
        let reopened = try RunStore(path: path)
        let run = try #require(try reopened.run(id: "killed"))
        #expect(run.status == .aborted)
        #expect(try reopened.results(runId: "killed").count == 1)
    }

    @Test func twoRunsWritingTheSameFileAtOnceBothLand() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try RunStore(path: path), second = try RunStore(path: path)
        let runA = try first.begin(client: "reference", baseURL: "a", gitCommit: nil, total: 100)
        let runB = try second.begin(client: "reference", baseURL: "b", gitCommit: nil, total: 100)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { try? first.record(result("case-\(index)"), runId: runA.id) }
                group.addTask { try? second.record(result("case-\(index)"), runId: runB.id) }
            }
        }
        #expect(try first.finish(runId: runA.id).passed == 100)
        #expect(try second.finish(runId: runB.id).passed == 100)
    }
}

@Suite struct RunStoreClientTests {
    func result(_ id: String, _ outcome: CaseResult.Outcome) -> CaseResult {
        CaseResult(caseId: id, operation: "op", outcome: outcome, failingLayer: outcome.isFailure ? .domain : nil,
                   message: nil, observation: nil, fingerprint: "f", durationMs: 1, requests: 1)
    }

    @Test func twoClientsHistoriesNeverMix() throws {
        let store = try RunStore(writer: DatabaseQueue())
        let reference = try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 1, now: Date(timeIntervalSince1970: 1))
        try store.record(result("a", .passed), runId: reference.id)
        let referenceDone = try store.finish(runId: reference.id)
        let mybank = try store.begin(client: "mybank", baseURL: "x", gitCommit: nil, total: 1, now: Date(timeIntervalSince1970: 2))
        try store.record(result("a", .failed), runId: mybank.id)
        let mybankDone = try store.finish(runId: mybank.id)
        #expect(try store.runs(client: "reference").map(\.id) == [reference.id])
        #expect(try store.runs().count == 2)
        // Different clients: only the cases both ran are compared, and the diff says so.
        let across = try store.diff(base: referenceDone, head: mybankDone)
        #expect(across.scope?.clients == ["reference", "mybank"])
        #expect(across.compared == 1)
        #expect(across.newFailures == ["a"])
        #expect(RunReport.describe(across).contains("client reference vs mybank): compared only the 1 cases both ran"))
    }

    @Test func runsWithDifferentFiltersCompareTheCommonCases() throws {
        let store = try RunStore(writer: DatabaseQueue())
        let all = try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 3, now: Date(timeIntervalSince1970: 1))
        for id in ["transfers.a", "transfers.b", "accounts.c"] { try store.record(result(id, .passed), runId: all.id) }
        let allDone = try store.finish(runId: all.id)
        let some = try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 1, filter: "transfers",
                                   now: Date(timeIntervalSince1970: 2))
        try store.record(result("transfers.a", .passed), runId: some.id)
        let someDone = try store.finish(runId: some.id)
        #expect(someDone.filter == "transfers")
        let diff = try store.diff(base: allDone, head: someDone)
        #expect(diff.scope?.filters == ["all", "transfers"])
        #expect(diff.scope?.onlyInBase == 2)
        #expect(diff.compared == 1)
        let text = RunReport.describe(diff)
        #expect(text.contains("filter all vs transfers"))
        #expect(text.contains("only in the base (not compared) (2)"))
        // Same client and filter: no scope line.
        #expect(try store.diff(base: someDone, head: someDone).scope == nil)
    }

    @Test func notCoveredCasesNeitherFailARunNorCountAsNewFailures() async throws {
        let store = try RunStore(writer: DatabaseQueue())
        let first = try RecordedRun(recorder: store, client: "c", baseURL: "x", gitCommit: nil, total: 2, now: Date(timeIntervalSince1970: 1))
        try await first.add(result("a", .passed))
        let running = try store.run(id: first.id)
        #expect(running?.status == .running)
        try await first.add(result("b", .notCovered))
        let done = try await first.finish()
        #expect(done.status == .passed)
        #expect(done.notCovered == 1 && done.passed == 1)
        let second = try RecordedRun(recorder: store, client: "c", baseURL: "x", gitCommit: nil, total: 2, now: Date(timeIntervalSince1970: 2))
        try await second.add(result("a", .notCovered))
        try await second.add(result("b", .error))
        let head = try await second.finish()
        #expect(head.status == .failed)
        let diff = try store.diff(base: done, head: head)
        #expect(diff.newFailures == ["b"])
        #expect(diff.fixed.isEmpty)
    }
}

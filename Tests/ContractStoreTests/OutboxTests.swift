import ContractKit
@testable import ContractStore
import Foundation
import GRDB
import Testing

/// What a run records for the team store, and the outbox that waits for `runs push`.
@Suite struct OutboxTests {
    func result(_ id: String, _ outcome: CaseResult.Outcome = .passed) -> CaseResult {
        var result = CaseResult(caseId: id, operation: "accounts.list", outcome: outcome, failingLayer: nil, message: nil,
                                observation: nil, fingerprint: "f", durationMs: 1, requests: 1)
        result.definitionHash = "def-\(id)"
        return result
    }

    @Test func aFinishedRunWaitsInTheOutboxUntilPushed() throws {
        let store = try RunStore(writer: DatabaseQueue())
        let identity = RunIdentity(branch: "main", stubCommit: "s1", contractHash: "h1")
        let run = try store.begin(client: "reference", baseURL: "x", gitCommit: "c1", total: 1, identity: identity)
        #expect(try store.outbox().isEmpty)
        try store.record(result("a"), runId: run.id)
        try store.finish(runId: run.id)
        let waiting = try store.outbox()
        #expect(waiting.map(\.id) == [run.id])
        #expect(waiting.first?.branch == "main" && waiting.first?.stubCommit == "s1" && waiting.first?.contractHash == "h1")
        #expect(waiting.first?.machineClass == "\(MachineClass.os)/\(MachineClass.arch)/\(MachineClass.toolchain)")
        #expect(try store.results(runId: run.id).first?.definitionHash == "def-a")
        try store.finish(runId: run.id)
        #expect(try store.outbox().count == 1)
        try store.markPushed(runId: run.id)
        #expect(try store.outbox().isEmpty)
    }

    @Test func aRecordedRunIsQueuedWithItsLastCase() async throws {
        let store = try RunStore(writer: DatabaseQueue())
        let run = try RecordedRun(recorder: store, client: "reference", baseURL: "x", gitCommit: nil, total: 2)
        try await run.add(result("a"))
        #expect(try store.outbox().isEmpty)
        try await run.add(result("b"))
        #expect(try store.outbox().map(\.id) == [run.id])
    }

    @Test func runIdsAreUniqueAcrossMachinesStartingAtTheSameSecond() throws {
        let store = try RunStore(writer: DatabaseQueue())
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let ids = try (0..<500).map { _ in try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 0, now: now).id }
        #expect(Set(ids).count == 500)
        #expect(ids.allSatisfy { $0.range(of: #"^run-\d{8}-\d{6}-[0-9a-f]{12}$"#, options: .regularExpression) != nil })
    }

    @Test func aStoreFromBeforeTheTeamStoreStillOpensAndQueuesNothingOld() throws {
        let queue = try DatabaseQueue()
        try RunStore.migrator.migrate(queue, upTo: "v3: the case filter a run used")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO run (id, startedAt, endedAt, gitCommit, host, pid, baseURL, total, passed, failed, errored, status, label,
                    client, notCovered)
                VALUES ('run-old', '2026-11-01 10:00:00', '2026-11-01 10:01:00', 'c0', 'old-mac', 1, 'x', 1, 1, 0, 0, 'passed', NULL, 'reference', 0)
                """)
        }
        let store = try RunStore(writer: queue)
        let old = try #require(try store.run(id: "run-old"))
        #expect(old.branch == nil && old.contractHash == nil)
        #expect(old.machineClass == "?/?/?")
        #expect(try store.outbox().isEmpty)
    }
}

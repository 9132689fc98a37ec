import ContractKit
@testable import ContractTesting
import Foundation
import NIOConcurrencyHelpers
import Testing

/// The Swift Testing suite's side of a run: it records through `RecordedRun`, begun with its
/// first case and finished with its last. Cases no operation covers end before the stub is
/// asked anything, so no stub runs here.
@Suite struct SuiteStateTests {
    final class MemoryRecorder: RunRecorder {
        let calls = NIOLockedValueBox<[String]>([])
        var log: [String] { calls.withLockedValue { $0 } }

        func begin(client: String, baseURL: String, gitCommit: String?, total: Int, filter: String?,
                   identity: RunIdentity, now: Date) throws -> RunRecord {
            calls.withLockedValue { $0.append("begin \(client) \(baseURL) \(total)") }
            return RunRecord(id: "run-suite", startedAt: now, endedAt: nil, gitCommit: gitCommit, host: "h", pid: 1, baseURL: baseURL,
                             total: total, passed: 0, failed: 0, errored: 0, status: .running, label: nil, client: client)
        }

        func write(_ result: CaseResult, runId: String) async throws {
            calls.withLockedValue { $0.append("write \(result.caseId) \(result.outcome.rawValue)") }
        }

        func finish(runId: String, now: Date) throws -> RunRecord {
            calls.withLockedValue { $0.append("finish") }
            return RunRecord(id: runId, startedAt: now, endedAt: now, gitCommit: nil, host: "h", pid: 1, baseURL: "x",
                             total: 0, passed: 0, failed: 0, errored: 0, status: .passed, label: nil)
        }
    }

    private func host(total: Int, recorder: MemoryRecorder?) -> SuiteState {
        let opener: (@Sendable () throws -> any RunRecorder)? = recorder.map { recorder in { @Sendable in recorder } }
        return SuiteState(client: ContractClient(name: "probe"), stub: .remote(URL(string: "http://127.0.0.1:9")!), recorder: opener,
                         screens: ScreenRecorder(casesDirectory: FileManager.default.temporaryDirectory, recording: false),
                         total: total, concurrency: 2)
    }

    private func uncovered(_ id: String) -> ContractCase {
        ContractCase(id: id, when: "nobody.covers.this", expect: Expectation())
    }

    @Test func theRunBeginsWithTheFirstCaseAndFinishesWithTheLast() async throws {
        let recorder = MemoryRecorder()
        let suite = host(total: 3, recorder: recorder)
        for id in ["a", "b", "c"] {
            let result = try await suite.run(uncovered(id))
            #expect(result.outcome == .notCovered)
        }
        #expect(recorder.log == ["begin probe http://127.0.0.1:9 3", "write a not-covered", "write b not-covered",
                                 "write c not-covered", "finish"])
    }

    @Test func casesRunTogetherAreAllRecordedAndTheRunFinishesOnce() async throws {
        let recorder = MemoryRecorder()
        let suite = host(total: 8, recorder: recorder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 { group.addTask { _ = try await suite.run(self.uncovered("c\(index)")) } }
            try await group.waitForAll()
        }
        #expect(recorder.log.filter { $0.hasPrefix("begin") }.count == 1)
        #expect(recorder.log.filter { $0.hasPrefix("write") }.count == 8)
        #expect(recorder.log.filter { $0 == "finish" } == ["finish"])
    }

    @Test func withoutARecorderNothingIsWritten() async throws {
        let suite = host(total: 1, recorder: nil)
        #expect(try await suite.run(uncovered("a")).outcome == .notCovered)
    }
}

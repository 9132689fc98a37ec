import ContractKit
import Foundation
import GRDB
import Testing

@Suite struct RunDiffTests {
    func record(_ id: String, _ outcome: CaseResult.Outcome, fingerprint: String = "f", ms: Double = 10) throws -> CaseResultRecord {
        let store = try RunStore(writer: DatabaseQueue())
        let run = try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 1)
        try store.record(CaseResult(caseId: id, operation: "op", outcome: outcome, failingLayer: nil, message: nil, observation: nil,
                                    fingerprint: fingerprint, durationMs: ms, requests: 1), runId: run.id)
        return try store.results(runId: run.id)[0]
    }

    @Test func classifiesEveryKindOfChange() throws {
        let base = [try record("broke", .passed), try record("mended", .failed), try record("drifted", .passed, fingerprint: "a"),
                    try record("slowed", .passed, ms: 100), try record("gone", .passed)]
        let head = [try record("broke", .failed), try record("mended", .passed), try record("drifted", .passed, fingerprint: "b"),
                    try record("slowed", .passed, ms: 400), try record("new", .passed)]
        let diff = RunDiff.compare(base: ("A", base), head: ("B", head))
        #expect(diff.newFailures == ["broke"])
        #expect(diff.fixed == ["mended"])
        #expect(diff.drift == ["drifted"])
        #expect(diff.timingRegressions.map(\.caseId) == ["slowed"])
        #expect(diff.added == ["new"] && diff.removed == ["gone"])
        #expect(diff.isRegression)
    }

    @Test func flakyNeedsTwoFlipsInTheWindow() throws {
        let history = [[try record("x", .passed)], [try record("x", .failed)]]
        let base = [try record("x", .failed)]
        let head = [try record("x", .passed)]
        let diff = RunDiff.compare(base: ("A", base), head: ("B", head), history: history)
        #expect(diff.flaky == ["x"])
        #expect(!diff.isRegression)
        let steady = RunDiff.compare(base: ("A", base), head: ("B", head), history: [[try record("x", .failed)]])
        #expect(steady.flaky.isEmpty)
    }

    @Test func smallTimingNoiseIsIgnored() throws {
        let diff = RunDiff.compare(base: ("A", [try record("x", .passed, ms: 10)]), head: ("B", [try record("x", .passed, ms: 40)]))
        #expect(diff.timingRegressions.isEmpty)
    }
}

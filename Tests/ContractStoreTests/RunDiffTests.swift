import ContractKit
import ContractStore
import Foundation
import GRDB
import Testing

@Suite struct RunDiffTests {
    func record(_ id: String, _ outcome: CaseResult.Outcome, fingerprint: String = "f", ms: Double = 10,
                layer: CaseResult.Layer? = nil) throws -> CaseResultRecord {
        let store = try RunStore(writer: DatabaseQueue())
        let run = try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 1)
        try store.record(CaseResult(caseId: id, operation: "op", outcome: outcome, failingLayer: layer, message: nil, observation: nil,
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

    @Test func setupErrorsAreNeitherFlakyNorSlower() throws {
        // The stub was down in two runs: the case errored in setup, slowly, between passes.
        let history = [[try record("x", .passed)], [try record("x", .error, ms: 5000, layer: .setup)]]
        let base = [try record("x", .passed, ms: 10)]
        let head = [try record("x", .error, ms: 5000, layer: .setup)]
        let diff = RunDiff.compare(base: ("A", base), head: ("B", head), history: history + [base])
        #expect(diff.flaky.isEmpty)
        #expect(diff.timingRegressions.isEmpty)
        #expect(diff.newFailures == ["x"], "a run that could not set up is still red")
        // The same flips in the domain layer are flakiness.
        let real = [[try record("x", .passed)], [try record("x", .failed, layer: .domain)]]
        #expect(RunDiff.compare(base: ("A", base), head: ("B", [try record("x", .failed, layer: .domain)]),
                                history: real + [base]).flaky == ["x"])
    }

    @Test func slowerNeedsBothTheRatioAndTheAbsoluteThreshold() throws {
        let base = [try record("quick", .passed, ms: 2), try record("long", .passed, ms: 10_000), try record("slowed", .passed, ms: 100)]
        let head = [try record("quick", .passed, ms: 8), try record("long", .passed, ms: 10_300), try record("slowed", .passed, ms: 300)]
        let defaults = RunDiff.compare(base: ("A", base), head: ("B", head))
        #expect(defaults.timingRegressions.map(\.caseId) == ["slowed"], "4x but 6 ms, and 300 ms but 1.03x, are not slower")
        let strict = RunDiff.compare(base: ("A", base), head: ("B", head), thresholds: .init(ratio: 1.02, minimumMs: 5))
        #expect(strict.timingRegressions.map(\.caseId) == ["long", "quick", "slowed"])
        let loose = RunDiff.compare(base: ("A", base), head: ("B", head), thresholds: .init(ratio: 4, minimumMs: 0))
        #expect(loose.timingRegressions.isEmpty)
    }
}

/// `runs diff` names what changed on a drifting case's screen.
@Suite struct ScreenDriftTests {
    static func record(_ screen: ScreenReport, fingerprint: String) throws -> CaseResultRecord {
        let observation = Observation(data: DataObservation(exchanges: []), domain: DomainReport(),
                                      presentation: PresentationReport(state: "content", screen: screen))
        let store = try RunStore(writer: DatabaseQueue())
        let run = try store.begin(client: "reference", baseURL: "x", gitCommit: nil, total: 1)
        try store.record(CaseResult(caseId: "tx.screen", operation: "transactions.list", outcome: .passed, failingLayer: nil, message: nil,
                                    observation: observation, fingerprint: fingerprint, durationMs: 1, requests: 1), runId: run.id)
        return try #require(try store.results(runId: run.id).first)
    }

    @Test func aMovedRowIsDriftAndTheScreenChangeSaysWhere() throws {
        let before = ScreenReport(sections: [ScreenSection("Today", rows: [ScreenRow("Rewe", flags: ["pending"]), ScreenRow("BVG")])])
        var after = before
        after.sections[0].rows.reverse()
        let diff = RunDiff.compare(base: ("a", [try Self.record(before, fingerprint: "1")]), head: ("b", [try Self.record(after, fingerprint: "2")]))
        #expect(diff.drift == ["tx.screen"])
        #expect(diff.screenChanges == [RunDiff.ScreenChange(caseId: "tx.screen",
                                                              change: #"section "Today": row 1 ("BVG"), title: expected "Rewe", saw "BVG""#)])
        #expect(RunReport.describe(diff).contains(#"screen of tx.screen: section "Today": row 1 ("BVG")"#))
        let same = RunDiff.compare(base: ("a", [try Self.record(before, fingerprint: "1")]), head: ("b", [try Self.record(before, fingerprint: "1")]))
        #expect(same.drift.isEmpty && same.screenChanges.isEmpty)
    }
}

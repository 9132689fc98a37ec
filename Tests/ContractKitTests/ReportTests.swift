import ContractKit
import Foundation
import Testing

@Suite struct ReportTests {
    let run = RunRecord(id: "run-1", startedAt: Date(timeIntervalSince1970: 0), endedAt: nil, gitCommit: nil, host: "h", pid: 1,
                        baseURL: "x", total: 2, passed: 1, failed: 1, errored: 0, status: .failed, label: nil)
    let results = [
        CaseResult(caseId: "accounts.list.ok", operation: "accounts.list", outcome: .passed, failingLayer: nil, message: nil,
                   observation: nil, fingerprint: "a", durationMs: 12, requests: 1),
        CaseResult(caseId: "accounts.list.maintenance", operation: "accounts.list", outcome: .failed, failingLayer: .domain,
                   message: "expected serviceUnavailable, saw <success> & more", observation: nil, fingerprint: "b", durationMs: 15, requests: 1),
    ]

    @Test func junitMarksFailuresWithTheirLayerAndEscapes() {
        let xml = RunReport(run: run, results: results, cases: [], diff: nil).junit()
        #expect(xml.contains(#"<testsuites name="stubbank contracts" tests="2" failures="1" errors="0">"#))
        #expect(xml.contains(#"<failure message="expected serviceUnavailable, saw &lt;success&gt; &amp; more" type="domain"/>"#))
        #expect(xml.contains(#"<testcase classname="accounts.list" name="accounts.list.ok" time="0.012"/>"#))
    }

    @Test func markdownAndJSON() throws {
        let report = RunReport(run: run, results: results, cases: [], diff: nil)
        let markdown = report.markdown()
        #expect(markdown.hasPrefix("## StubBank contracts: ❌ failed"))
        #expect(markdown.contains("| `accounts.list.maintenance` | domain |"))
        let object = try JSONSerialization.jsonObject(with: try report.json()) as? [String: Any]
        #expect((object?["results"] as? [Any])?.count == 2)
    }

    @Test func theConsoleEndsWithTheFailuresTheirLayerAndTheTotals() {
        let text = RunReport(run: run, results: results, cases: [], diff: nil).console()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        #expect(lines.suffix(3) == ["Failures (1):", "  ✗ accounts.list.maintenance [domain] expected serviceUnavailable, saw <success> & more",
                                    "Run run-1 (client reference): 1 passed, 1 failed, 0 errored of 2 (failed)"])
        #expect(!text.contains("\u{1B}["), "plain by default")
        let coloured = RunReport(run: run, results: results, cases: [], diff: nil).console(style: ConsoleStyle(colour: true))
        #expect(coloured.contains("\u{1B}[31m✗\u{1B}[0m accounts.list.maintenance \u{1B}[33m[domain]\u{1B}[0m"))
    }
}

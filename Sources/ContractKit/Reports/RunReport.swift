public import Foundation

/// A finished run and what it means, rendered for people and machines.
public struct RunReport: Sendable {
    /// The run as stored.
    public let run: RunRecord
    /// Every result, in case order.
    public let results: [CaseResult]
    /// The cases that ran.
    public let cases: [ContractCase]
    /// The comparison with the previous run or the baseline.
    public let diff: RunDiff?
    /// The client's operations: the coverage matrix's rows.
    public let operations: [String]

    /// A report; `operations` defaults to those the cases name.
    public init(run: RunRecord, results: [CaseResult], cases: [ContractCase], diff: RunDiff?, operations: [String] = []) {
        self.run = run
        self.results = results
        self.cases = cases
        self.diff = diff
        self.operations = operations.isEmpty ? Set(cases.map(\.when)).sorted() : operations
    }

    var failures: [CaseResult] { results.filter { $0.outcome.isFailure } }
    var notCovered: [CaseResult] { results.filter { $0.outcome == .notCovered } }

    /// The console summary: coverage, the diff, then the failures with their layer and the totals
    /// last, where the eye lands; `style` colours it on a terminal.
    public func console(style: ConsoleStyle = .plain) -> String {
        let summary = "Run \(run.id) (client \(run.client)): \(run.passed) passed, \(run.failed) failed, \(run.errored) errored"
            + (run.notCovered > 0 ? ", \(run.notCovered) not covered" : "") + " of \(run.total) (\(run.status.rawValue))"
        var lines = [""]
        if !notCovered.isEmpty {
            let operations = Set(notCovered.map(\.operation)).sorted()
            lines.append(style.dim("Not covered by this client: \(notCovered.count) cases of \(operations.joined(separator: ", "))"))
        }
        lines.append(style.bold("Coverage (operation × fault):"))
        lines.append(CoverageMatrix(operations: operations, cases: cases, results: results).text())
        if let diff {
            lines.append("")
            lines.append(Self.describe(diff, style: style))
        }
        // Last, where the eye lands: what failed, in which layer, then the totals.
        if !failures.isEmpty {
            lines.append("")
            lines.append(style.bold("Failures (\(failures.count)):"))
            for failure in failures {
                lines.append("  " + style.red("✗") + " \(failure.caseId) " + style.yellow("[\(failure.failingLayer?.rawValue ?? "-")]")
                             + " \(failure.message ?? "")")
            }
        }
        lines.append("")
        lines.append(run.status == .passed ? style.green(summary) : style.red(summary))
        return lines.joined(separator: "\n")
    }

    /// The diff as lines for a terminal.
    public static func describe(_ diff: RunDiff, style: ConsoleStyle = .plain) -> String {
        var lines = ["Diff \(diff.baseRunId) → \(diff.headRunId): " + (diff.isRegression ? style.red("REGRESSION") : style.green("no regression"))]
        if let scope = diff.scope { lines.append("  " + scope.summary) }
        func list(_ title: String, _ ids: [String]) { if !ids.isEmpty { lines.append("  \(title) (\(ids.count)): \(ids.joined(separator: ", "))") } }
        list("new failures", diff.newFailures)
        list("fixed", diff.fixed)
        list("behaviour drift", diff.drift)
        for change in diff.screenChanges { lines.append("    screen of \(change.caseId): \(change.change)") }
        list("flaky", diff.flaky)
        list(diff.scope == nil ? "added" : "only in the head (not compared)", diff.added)
        list(diff.scope == nil ? "removed" : "only in the base (not compared)", diff.removed)
        for change in diff.timingRegressions {
            lines.append(String(format: "  slower: %@ %.0f ms → %.0f ms", change.caseId, change.beforeMs, change.afterMs))
        }
        return lines.joined(separator: "\n")
    }

    /// JUnit XML: one testcase per case, grouped by operation.
    public func junit() -> String {
        let byOperation = Dictionary(grouping: results, by: \.operation)
        var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#,
                   #"<testsuites name="stubbank contracts" tests="\#(results.count)" failures="\#(run.failed)" errors="\#(run.errored)">"#]
        for (operation, cases) in byOperation.sorted(by: { $0.key < $1.key }) {
            let failed = cases.filter { $0.outcome == .failed }.count, errored = cases.filter { $0.outcome == .error }.count
            let seconds = cases.reduce(0) { $0 + $1.durationMs } / 1000
            let time = String(format: "%.3f", seconds)
            xml.append(#"  <testsuite name="\#(Self.escape(operation))" tests="\#(cases.count)""#
                       + #" failures="\#(failed)" errors="\#(errored)" time="\#(time)">"#)
            for result in cases {
                let time = String(format: "%.3f", result.durationMs / 1000)
                let open = #"    <testcase classname="\#(Self.escape(operation))" name="\#(Self.escape(result.caseId))" time="\#(time)""#
                switch result.outcome {
                case .passed: xml.append(open + "/>")
                case .notCovered:
                    xml.append(open + ">")
                    xml.append(#"      <skipped message="\#(Self.escape(result.message ?? "not covered by this client"))"/>"#)
                    xml.append("    </testcase>")
                case .failed, .error:
                    let tag = result.outcome == .failed ? "failure" : "error"
                    xml.append(open + ">")
                    let type = result.failingLayer?.rawValue ?? "unknown"
                    xml.append(#"      <\#(tag) message="\#(Self.escape(result.message ?? ""))" type="\#(type)"/>"#)
                    xml.append("    </testcase>")
                }
            }
            xml.append("  </testsuite>")
        }
        xml.append("</testsuites>")
        return xml.joined(separator: "\n") + "\n"
    }

    /// JSON: the run, every result with its observation, and the diff.
    public func json() throws -> Data {
        struct Document: Encodable {
            let run: RunRecord
            let results: [CaseResult]
            let diff: RunDiff?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(Document(run: run, results: results, diff: diff))
    }

    /// Markdown for a CI step summary or a PR comment.
    public func markdown() -> String {
        var lines = ["## StubBank contracts: \(run.status == .passed ? "✅ passed" : "❌ \(run.status.rawValue)")", "",
                     "Client `\(run.client)`", "",
                     "| passed | failed | errored | not covered | total |", "|---:|---:|---:|---:|---:|",
                     "| \(run.passed) | \(run.failed) | \(run.errored) | \(run.notCovered) | \(run.total) |", ""]
        if !failures.isEmpty {
            lines += ["### Failures", "", "| case | layer | what happened |", "|---|---|---|"]
            for failure in failures {
                let message = (failure.message ?? "").replacingOccurrences(of: "|", with: "\\|")
                lines.append("| `\(failure.caseId)` | \(failure.failingLayer?.rawValue ?? "-") | \(message) |")
            }
            lines.append("")
        }
        if let diff { lines += ["### Compared with `\(diff.baseRunId)`", "", "```", Self.describe(diff), "```", ""] }
        let coverage = CoverageMatrix(operations: operations, cases: cases, results: results).markdown()
        lines += ["<details><summary>Coverage (operation × fault)</summary>", "", coverage, "", "</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

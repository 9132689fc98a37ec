import ContractKit
@testable import ContractKitCommand
import Foundation
import NIOConcurrencyHelpers
import Testing

/// `contracts run` on a terminal: one updating line with counts and colour; in a log, a line
/// per case and no escapes; `NO_COLOR` turns colour off.
@Suite struct ProgressLineTests {
    private func result(_ id: String, _ outcome: CaseResult.Outcome) -> CaseResult {
        CaseResult(caseId: id, operation: "op", outcome: outcome, failingLayer: outcome.isFailure ? .domain : nil,
                   message: outcome.isFailure ? "expected 1, saw 2" : nil, observation: nil, fingerprint: "f", durationMs: 1, requests: 1)
    }

    private func capture(style: ConsoleStyle, rewrites: Bool) -> (ProgressLine, NIOLockedValueBox<String>) {
        let written = NIOLockedValueBox("")
        let line = ProgressLine(style: style, rewrites: rewrites) { text in written.withLockedValue { $0 += text } }
        return (line, written)
    }

    @Test func aTerminalGetsOneUpdatingLineWithCounts() {
        let (line, written) = capture(style: ConsoleStyle(colour: true), rewrites: true)
        line.show(result("a", .passed), done: 1, total: 3)
        line.show(result("b", .failed), done: 2, total: 3)
        line.show(result("c", .passed), done: 3, total: 3)
        line.finish()
        let text = written.withLockedValue { $0 }
        #expect(!text.contains("\n"), "no new lines: the line is rewritten")
        #expect(text.components(separatedBy: "\r\u{1B}[2K").count == 5, "cleared before each of 3 updates and at the end")
        #expect(text.contains("[3/3] \u{1B}[32m2 passed\u{1B}[0m, \u{1B}[31m1 failed\u{1B}[0m"))
    }

    @Test func aLogGetsALinePerCaseWithoutEscapes() {
        let (line, written) = capture(style: .plain, rewrites: false)
        line.show(result("a", .passed), done: 1, total: 2)
        line.show(result("b", .error), done: 2, total: 2)
        line.finish()
        #expect(written.withLockedValue { $0 } == "[1/2] ✓ a\n[2/2] ✗ b\n")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(ConsoleStyle.detect(isTerminal: true, environment: [:]).colour)
        #expect(!ConsoleStyle.detect(isTerminal: false, environment: [:]).colour)
        #expect(!ConsoleStyle.detect(isTerminal: true, environment: ["NO_COLOR": "1"]).colour)
        #expect(ConsoleStyle.detect(isTerminal: true, environment: ["NO_COLOR": ""]).colour, "an empty NO_COLOR does not count")
        #expect(!ConsoleStyle.detect(isTerminal: true, environment: ["TERM": "dumb"]).colour)
        #expect(ConsoleStyle.plain.red("x") == "x")
    }
}

import ContractKit
import Foundation
import NIOConcurrencyHelpers

/// What `contracts run` shows while cases run. On a terminal: one line, rewritten in place,
/// with the counts so far and the case just finished. Elsewhere (a CI log, a pipe): a line per
/// case, so the log keeps the order.
final class ProgressLine: Sendable {
    private struct Counts {
        var passed = 0
        var failed = 0
        var notCovered = 0
    }

    private let style: ConsoleStyle
    private let rewrites: Bool
    private let counts = NIOLockedValueBox(Counts())
    private let write: @Sendable (String) -> Void

    /// - Parameters:
    ///   - rewrites: rewrite one line in place (a terminal) rather than print a line per case
    ///   - write: where the text goes (standard error by default)
    init(style: ConsoleStyle, rewrites: Bool,
         write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.style = style
        self.rewrites = rewrites
        self.write = write
    }

    /// For the process: rewrites and colours only when standard error is a terminal.
    static func forStandardError() -> ProgressLine {
        let terminal = isatty(STDERR_FILENO) == 1
        return ProgressLine(style: .detect(isTerminal: terminal, environment: ProcessInfo.processInfo.environment), rewrites: terminal)
    }

    /// Records one finished case and shows it.
    func show(_ result: CaseResult, done: Int, total: Int) {
        let counts = counts.withLockedValue { counts -> Counts in
            switch result.outcome {
            case .passed: counts.passed += 1
            case .notCovered: counts.notCovered += 1
            case .failed, .error: counts.failed += 1
            }
            return counts
        }
        let mark = switch result.outcome {
        case .passed: style.green("✓")
        case .notCovered: style.dim("–")
        case .failed, .error: style.red("✗")
        }
        guard rewrites else {
            write("[\(done)/\(total)] \(mark) \(result.caseId)\n")
            return
        }
        var line = "[\(done)/\(total)] " + style.green("\(counts.passed) passed")
        line += ", " + (counts.failed > 0 ? style.red("\(counts.failed) failed") : "0 failed")
        if counts.notCovered > 0 { line += ", " + style.dim("\(counts.notCovered) not covered") }
        line += "  " + mark + " " + style.dim(String(result.caseId.prefix(60)))
        // Carriage return, clear the line, write: the terminal shows one line that updates.
        write("\r\u{1B}[2K" + line)
    }

    /// Ends the progress display before the report is printed.
    func finish() {
        if rewrites { write("\r\u{1B}[2K") }
    }

    /// The style the report should use, matching the progress line.
    var reportStyle: ConsoleStyle { style }
}

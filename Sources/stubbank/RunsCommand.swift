import ArgumentParser
import ContractKit
import Foundation

/// `stubbank runs list|show|diff`: the run history.
struct RunsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "Inspect and compare recorded contract runs.",
        subcommands: [List.self, Show.self, Diff.self]
    )

    struct Store: ParsableArguments {
        @Option(help: "Run store (SQLite).") var db: String = ".stubbank/runs.sqlite"

        func open() throws -> RunStore {
            guard FileManager.default.fileExists(atPath: db) else {
                throw ValidationError("No run store at \(db). Run `stubbank contracts run` first, or pass --db.")
            }
            return try RunStore(path: db)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Recent runs, newest first.")
        @OptionGroup var store: Store
        @Option(help: "How many runs.") var limit: Int = 20

        func run() async throws {
            for run in try store.open().runs(limit: limit) {
                let label = run.label.map { " [\($0)]" } ?? ""
                print("\(run.id)  \(run.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(run.passed)/\(run.total) passed  \(run.gitCommit.map { String($0.prefix(8)) } ?? "-")\(label)")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One run's results; failures first.")
        @OptionGroup var store: Store
        @Argument(help: "Run id (from `runs list`).") var id: String

        func run() async throws {
            let opened = try store.open()
            guard let run = try opened.run(id: id) else { throw ValidationError("No run \(id). See `stubbank runs list`.") }
            print("\(run.id): \(run.status.rawValue), \(run.passed) passed, \(run.failed) failed, \(run.errored) errored of \(run.total); \(run.baseURL)")
            for result in try opened.results(runId: id).sorted(by: { ($0.outcome == .passed ? 1 : 0, $0.caseId) < ($1.outcome == .passed ? 1 : 0, $1.caseId) }) {
                let detail = result.outcome == .passed ? "" : " [\(result.failingLayer?.rawValue ?? "-")] \(result.message ?? "")"
                print(String(format: "  %@ %@ %.0f ms%@", result.outcome == .passed ? "✓" : "✗", result.caseId, result.durationMs, detail))
            }
        }
    }

    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two runs: new failures, fixes, drift, slower cases, flaky cases.",
            discussion: "With no ids: the latest finished run against the one before (or --baseline). Exits 1 on a new failure."
        )
        @OptionGroup var store: Store
        @Argument(help: "Base run id.") var base: String?
        @Argument(help: "Head run id.") var head: String?
        @Option(help: "Compare the latest run with the run labelled NAME.") var baseline: String?
        @Option(name: .customLong("flaky-window"), help: "Runs to look back over for flaky cases.") var flakyWindow: Int = 5

        func run() async throws {
            let opened = try store.open()
            let finished = try opened.runs(limit: 10).filter { $0.status != .running }
            let headRun: RunRecord?
            if let head {
                guard let found = try opened.run(id: head) else { throw ValidationError("No run \(head). See `stubbank runs list`.") }
                headRun = found
            } else {
                headRun = finished.first
            }
            let baseRun: RunRecord? = try {
                if let base { return try opened.run(id: base) }
                if let baseline { return try opened.run(labelled: baseline) }
                return finished.dropFirst().first
            }()
            guard let headRun, let baseRun else { throw ValidationError("Need two finished runs to diff; run `stubbank contracts run` again.") }
            let diff = try opened.diff(base: baseRun, head: headRun, window: flakyWindow)
            print(RunReport.describe(diff))
            if diff.isRegression { throw ExitCode.failure }
        }
    }
}

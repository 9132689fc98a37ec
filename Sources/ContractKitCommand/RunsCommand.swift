public import ArgumentParser
import ContractKit
import Foundation

/// `runs list|show|diff`: the installed client's run history (see `ContractCommandSettings`).
public struct RunsCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "Inspect and compare recorded contract runs.",
        subcommands: [List.self, Show.self, Diff.self]
    )

    /// Parsed by ArgumentParser.
    public init() {}

    struct Store: ParsableArguments {
        @Option(help: ArgumentHelp("Run store (SQLite; default \(ContractCommandSettings.current.database)).", valueName: "path"))
        var db: String?

        func open() throws -> RunStore {
            let path = db ?? ContractCommandSettings.current.database
            guard FileManager.default.fileExists(atPath: path) else {
                throw ValidationError("No run store at \(path). Run `\(ContractCommandSettings.current.commandName) contracts run` first, or pass --db.")
            }
            return try RunStore(path: path)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Recent runs of this client, newest first.")
        @OptionGroup var store: Store
        @Option(help: "How many runs.") var limit: Int = 20
        @Flag(name: .customLong("all-clients"), help: "Show every client's runs, not only this one's.") var allClients = false

        func run() async throws {
            let client = allClients ? nil : ContractCommandSettings.current.client.name
            for run in try store.open().runs(limit: limit, client: client) {
                let label = run.label.map { " [\($0)]" } ?? ""
                let clientColumn = allClients ? run.client.padding(toLength: 12, withPad: " ", startingAt: 0) + " " : ""
                print("\(run.id)  \(clientColumn)\(run.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(run.passed)/\(run.total) passed  \(run.gitCommit.map { String($0.prefix(8)) } ?? "-")\(label)")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One run's results; failures first.")
        @OptionGroup var store: Store
        @Argument(help: "Run id (from `runs list`).") var id: String

        func run() async throws {
            let opened = try store.open()
            guard let run = try opened.run(id: id) else { throw ValidationError("No run \(id). See `runs list`.") }
            print("\(run.id) (client \(run.client)): \(run.status.rawValue), \(run.passed) passed, \(run.failed) failed, \(run.errored) errored, \(run.notCovered) not covered of \(run.total); \(run.baseURL)")
            func rank(_ outcome: CaseResult.Outcome) -> Int { outcome.isFailure ? 0 : outcome == .notCovered ? 1 : 2 }
            for result in try opened.results(runId: id).sorted(by: { (rank($0.outcome), $0.caseId) < (rank($1.outcome), $1.caseId) }) {
                let mark = result.outcome.isFailure ? "✗" : result.outcome == .notCovered ? "–" : "✓"
                let detail = result.outcome == .passed ? "" : " [\(result.failingLayer?.rawValue ?? "-")] \(result.message ?? "")"
                print(String(format: "  %@ %@ %.0f ms%@", mark, result.caseId, result.durationMs, detail))
            }
        }
    }

    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare two runs of one client: new failures, fixes, drift, slower cases, flaky cases.",
            discussion: "With no ids: this client's latest finished run against the one before (or --baseline). Exits 1 on a new failure."
        )
        @OptionGroup var store: Store
        @Argument(help: "Base run id.") var base: String?
        @Argument(help: "Head run id.") var head: String?
        @Option(help: "Compare the latest run with the run labelled NAME.") var baseline: String?
        @Option(name: .customLong("flaky-window"), help: "Runs to look back over for flaky cases.") var flakyWindow: Int = 5

        func run() async throws {
            let opened = try store.open()
            let client = ContractCommandSettings.current.client.name
            let finished = try opened.runs(limit: 10, client: client).filter { $0.status != .running }
            let headRun: RunRecord?
            if let head {
                guard let found = try opened.run(id: head) else { throw ValidationError("No run \(head). See `runs list`.") }
                headRun = found
            } else {
                headRun = finished.first
            }
            let baseRun: RunRecord? = try {
                if let base {
                    guard let found = try opened.run(id: base) else { throw ValidationError("No run \(base). See `runs list`.") }
                    return found
                }
                if let baseline { return try opened.run(labelled: baseline, client: client) }
                return finished.dropFirst().first
            }()
            guard let headRun, let baseRun else { throw ValidationError("Need two finished runs of client \(client) to diff; run `contracts run` again.") }
            do {
                let diff = try opened.diff(base: baseRun, head: headRun, window: flakyWindow)
                print(RunReport.describe(diff))
                if diff.isRegression { throw ExitCode.failure }
            } catch let error as StoreError {
                throw ValidationError(error.description)
            }
        }
    }
}

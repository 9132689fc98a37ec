public import ArgumentParser
import ContractKit
import ContractStore
import Foundation

/// `runs list|show|diff`: the installed client's run history (see `ContractCommandSettings`).
public struct RunsCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "Inspect and compare recorded contract runs.",
        subcommands: [List.self, Show.self, Diff.self, Push.self]
    )

    /// Parsed by ArgumentParser.
    public init() {}

    /// A runtime problem (no store, an unknown run): its own message and exit status 1, never
    /// the usage text, which is for mistakes in the command line itself.
    struct RunsError: Error, CustomStringConvertible {
        let description: String
    }

    struct Store: ParsableArguments {
        @Option(help: ArgumentHelp("Run store (SQLite; default \(ContractCommandSettings.current.database), looked for in this folder "
                                   + "and each one above it up to the package root).", valueName: "path"))
        var db: String?

        func open() throws -> RunStore {
            if let db {
                guard FileManager.default.fileExists(atPath: db) else { throw RunsError(description: "No run store at \(db).") }
                return try RunStore(path: db)
            }
            let (found, looked) = Self.find(ContractCommandSettings.current.database, from: FileManager.default.currentDirectoryPath)
            guard let found else {
                throw RunsError(description: "No run store found; looked for \(looked.joined(separator: ", ")). "
                                + "Run `\(ContractCommandSettings.current.commandName) contracts run` first, or pass --db.")
            }
            return try RunStore(path: found)
        }

        /// `relative` in `folder` or the nearest folder above it, stopping at the package root
        /// (the first folder with a Package.swift) or the filesystem root; and every place looked.
        static func find(_ relative: String, from folder: String) -> (String?, [String]) {
            guard !relative.hasPrefix("/") else { return (FileManager.default.fileExists(atPath: relative) ? relative : nil, [relative]) }
            var looked: [String] = []
            for current in PackageFolders.upToRoot(from: URL(fileURLWithPath: folder)) {
                let candidate = current.appendingPathComponent(relative).path
                looked.append(candidate)
                if FileManager.default.fileExists(atPath: candidate) { return (candidate, looked) }
            }
            return (nil, looked)
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
                let status = run.status.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                let commit = run.gitCommit.map { String($0.prefix(8)) } ?? "-"
                print("\(run.id)  \(clientColumn)\(status) \(run.passed)/\(run.total) passed  \(commit)\(label)")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One run's results; failures first.")
        @OptionGroup var store: Store
        @Argument(help: "Run id (from `runs list`).") var id: String

        func run() async throws {
            let opened = try store.open()
            guard let run = try opened.run(id: id) else { throw RunsError(description: "Unknown run id \(id). See `runs list`.") }
            print("\(run.id) (client \(run.client)): \(run.status.rawValue), \(run.passed) passed, \(run.failed) failed, "
                  + "\(run.errored) errored, \(run.notCovered) not covered of \(run.total); \(run.baseURL)")
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
            abstract: "Compare two runs: new failures, fixes, drift, slower cases, flaky cases.",
            discussion: """
                With no ids: this client's latest finished run against the one before (or --baseline). Exits 1 on a new failure.

                Runs of different clients, or with different --filter, are compared on the cases both ran, and the diff says so. \
                A case is slower only when it is both --slower-ratio times slower and --slower-by-ms slower; cases that errored \
                in setup count neither as slower nor as flaky.
                """
        )
        @OptionGroup var store: Store
        @Argument(help: "Base run id.") var base: String?
        @Argument(help: "Head run id.") var head: String?
        @Option(help: "Compare the latest run with the run labelled NAME.") var baseline: String?
        @Option(name: .customLong("flaky-window"), help: "Runs to look back over for flaky cases.") var flakyWindow: Int = 5
        @Option(name: .customLong("slower-ratio"), help: "A case is slower when it takes this many times as long as before...")
        var slowerRatio: Double = 1.5
        @Option(name: .customLong("slower-by-ms"), help: "...and at least this many milliseconds longer.")
        var slowerByMs: Double = 100

        func validate() throws {
            guard slowerRatio >= 1 else { throw ValidationError("--slower-ratio must be at least 1.") }
            guard slowerByMs >= 0 else { throw ValidationError("--slower-by-ms must not be negative.") }
            guard flakyWindow >= 1 else { throw ValidationError("--flaky-window must be at least 1.") }
        }

        func run() async throws {
            let opened = try store.open()
            let client = ContractCommandSettings.current.client.name
            let finished = try opened.runs(limit: 10, client: client).filter { $0.status != .running }
            let unknown = try [base, head].compactMap { $0 }.filter { try opened.run(id: $0) == nil }
            if !unknown.isEmpty {
                throw RunsError(description: "Unknown run id\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")). See `runs list`.")
            }
            let headRun: RunRecord? = try head.flatMap { try opened.run(id: $0) } ?? finished.first
            let baseRun: RunRecord? = try {
                if let base { return try opened.run(id: base) }
                if let baseline { return try opened.run(labelled: baseline, client: client) }
                return finished.dropFirst().first
            }()
            guard let headRun, let baseRun else {
                throw RunsError(description: "Need two finished runs of client \(client) to diff; run `contracts run` again.")
            }
            do {
                let diff = try opened.diff(base: baseRun, head: headRun, window: flakyWindow,
                                          thresholds: RunDiff.Thresholds(ratio: slowerRatio, minimumMs: slowerByMs))
                print(RunReport.describe(diff))
                if diff.isRegression { throw ExitCode.failure }
            } catch let error as StoreError {
                throw RunsError(description: error.description)
            }
        }
    }
}

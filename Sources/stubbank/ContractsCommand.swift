import ArgumentParser
import ContractKit
import Foundation
import Logging

/// `stubbank contracts run|list`.
struct ContractsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contracts",
        abstract: "Run the contract cases in Contracts/cases through the real client core against the stub.",
        subcommands: [Run.self, List.self]
    )

    struct CaseOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The contract cases directory.", valueName: "dir"))
        var cases: String = "Contracts/cases"

        var casesURL: URL { URL(fileURLWithPath: cases) }
    }

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every case, record the run, and diff it against the previous one.",
            discussion: """
                Hosts the stub in process on a free port, unless --base-url
                points at one that is running. Every result is stored in --db
                (SQLite) as it lands; a killed run is marked aborted next time.
                Exits 1 when a case fails or the diff shows a new failure.

                  stubbank contracts run
                  stubbank contracts run --filter transfers --junit junit.xml
                  stubbank contracts run --baseline main --markdown summary.md
                """
        )

        @OptionGroup var caseOptions: CaseOptions
        @OptionGroup var stubsOptions: StubsOptions

        @Option(help: "Run store (SQLite). Git-ignored by default.")
        var db: String = ".stubbank/runs.sqlite"

        @Option(name: .customLong("base-url"), help: "Test a stub that is already running instead of hosting one.")
        var baseURL: String?

        @Option(help: "Only cases whose id contains this text, or whose operation is it.")
        var filter: String?

        @Option(help: "Cases run at once.")
        var concurrency: Int = 8

        @Option(help: "Diff against the run labelled NAME instead of the previous run.")
        var baseline: String?

        @Option(name: .customLong("label"), help: "Label this run NAME (e.g. main) so later runs can diff against it.")
        var label: String?

        @Option(help: "Write a JUnit XML report here.") var junit: String?
        @Option(help: "Write a JSON report here.") var json: String?
        @Option(help: "Write a Markdown report here (fits a CI step summary).") var markdown: String?

        func validate() throws {
            guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1.") }
            if let baseURL, URL(string: baseURL)?.scheme == nil { throw ValidationError("--base-url must be a URL such as http://127.0.0.1:8080.") }
        }

        func run() async throws {
            var options = ContractSession.Options(casesDirectory: caseOptions.casesURL, stubsDirectory: stubsOptions.stubsURL, databasePath: db)
            options.baseURL = baseURL.flatMap(URL.init(string:))
            options.filter = filter
            options.concurrency = concurrency
            options.baseline = baseline
            let outcome = try await ContractSession(options: options, logger: Logger(label: "stubbank")).run { result, done, total in
                let mark = result.outcome == .passed ? "✓" : "✗"
                FileHandle.standardError.write(Data("[\(done)/\(total)] \(mark) \(result.caseId)\n".utf8))
            }
            for problem in outcome.loadProblems { print("case file problem: \(problem)") }
            let report = outcome.report
            print(report.console())
            print(outcome.timingLine)
            if let junit { try Data(report.junit().utf8).write(to: URL(fileURLWithPath: junit)) }
            if let json { try report.json().write(to: URL(fileURLWithPath: json)) }
            if let markdown { try Data(report.markdown().utf8).write(to: URL(fileURLWithPath: markdown)) }
            if let label { try RunStore(path: db).label(runId: report.run.id, as: label) }
            if report.run.status != .passed || report.diff?.isRegression == true || !outcome.loadProblems.isEmpty {
                throw ExitCode.failure
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the cases and the operation × fault coverage, without running.")

        @OptionGroup var caseOptions: CaseOptions

        func run() async throws {
            let loaded = CaseLoader(directory: caseOptions.casesURL).load()
            for contractCase in loaded.cases {
                print("\(contractCase.id.padding(toLength: 48, withPad: " ", startingAt: 0)) \(contractCase.summary ?? "")")
            }
            print("\n\(loaded.cases.count) cases\n")
            print(CoverageMatrix(cases: loaded.cases).text())
            for problem in loaded.problems { print("problem: \(problem)") }
            if !loaded.problems.isEmpty { throw ExitCode.failure }
        }
    }
}

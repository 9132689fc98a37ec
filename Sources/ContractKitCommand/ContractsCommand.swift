public import ArgumentParser
import ContractKit
import ContractStore
import Foundation
import Logging

/// `contracts run|list` for the installed client (see `ContractCommandSettings`).
public struct ContractsCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "contracts",
            abstract: "Run the contract cases through the \(ContractCommandSettings.current.client.name) client against the stub.",
            subcommands: [Run.self, List.self]
        )
    }

    /// Parsed by ArgumentParser.
    public init() {}

    struct CaseOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The contract cases folder (default \(ContractCommandSettings.current.cases)).", valueName: "dir"))
        var cases: String?

        var casesURL: URL { URL(fileURLWithPath: cases ?? ContractCommandSettings.current.cases) }

        func validate() throws {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: casesURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("No cases folder at \(casesURL.path). Run from the package root or pass --cases DIR.")
            }
        }
    }

    struct Run: AsyncParsableCommand {
        static var configuration: CommandConfiguration {
            let name = ContractCommandSettings.current.commandName
            return CommandConfiguration(
                abstract: "Run every case, record the run, and diff it against the previous one.",
                discussion: """
                    Hosts the stub in process on a free port, unless --base-url
                    points at one that is running. Every result is stored in --db
                    (SQLite) as it lands, under the client's name; a killed run is
                    marked aborted next time. Cases whose operation the client does
                    not register are reported as not covered, not as failures.
                    Exits 1 when a case fails, a case file does not load, or the
                    diff shows a new failure.

                      \(name) contracts run
                      \(name) contracts run --filter transfers --junit junit.xml
                      \(name) contracts run --baseline main --markdown summary.md
                      \(name) contracts run --base-url http://127.0.0.1:8080
                      \(name) contracts run --record-screens --filter transactions.list.recorded

                    A case that states `screen: recorded` compares its screen with
                    <cases>/screens/<case-id>.yaml; --record-screens writes that file
                    from what the case saw. Review it, and commit it with the case.
                    """
            )
        }

        @OptionGroup var caseOptions: CaseOptions

        @Option(help: ArgumentHelp("The stubs folder the in-process stub serves (default \(ContractCommandSettings.current.stubs)).",
            valueName: "dir"))
        var stubs: String?

        @Option(help: ArgumentHelp("Run store (SQLite; default \(ContractCommandSettings.current.database)).", valueName: "path"))
        var db: String?

        @Option(name: .customLong("base-url"), help: "Test a stub that is already running instead of hosting one.")
        var baseURL: String?

        @Option(name: .customLong("admin-token"), help: "The running stub's --admin-token, when it has one.")
        var adminToken: String?

        @Option(help: "Only cases whose id contains this text, or whose operation is it.")
        var filter: String?

        @Option(help: "Cases run at once.")
        var concurrency: Int = 8

        @Option(help: "Diff against the run labelled NAME instead of the previous run.")
        var baseline: String?

        @Option(name: .customLong("label"), help: "Label this run NAME (e.g. main) so later runs can diff against it.")
        var label: String?

        @Flag(name: .customLong("record-screens"),
              help: "Write the screen of each case that states `screen: recorded` to <cases>/screens/<case-id>.yaml instead of comparing.")
        var recordScreens = false

        @Option(help: "Write a JUnit XML report here.") var junit: String?
        @Option(help: "Write a JSON report here.") var json: String?
        @Option(help: "Write a Markdown report here (fits a CI step summary).") var markdown: String?

        var database: String { db ?? ContractCommandSettings.current.database }

        func validate() throws {
            guard concurrency >= 1 else { throw ValidationError("--concurrency must be at least 1.") }
            if let baseURL, URL(string: baseURL)?.scheme == nil { throw ValidationError("--base-url must be a URL such as http://127.0.0.1:8080.") }
            if baseURL == nil {
                let folder = stubs ?? ContractCommandSettings.current.stubs
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw ValidationError("No stubs folder at \(folder). Run from the package root, pass --stubs DIR, or --base-url.")
                }
            }
        }

        func run() async throws {
            let settings = ContractCommandSettings.current
            let stubsURL = URL(fileURLWithPath: stubs ?? settings.stubs).standardizedFileURL
            var options = CommandRun.Options(client: settings.client, casesDirectory: caseOptions.casesURL,
                                                  stubsDirectory: stubsURL, databasePath: database)
            options.baseURL = baseURL.flatMap(URL.init(string:))
            options.adminToken = adminToken
            options.filter = filter
            options.concurrency = concurrency
            options.baseline = baseline
            options.recordScreens = recordScreens
            let progress = ProgressLine.forStandardError()
            let finished = try await CommandRun(options: options, logger: Logger(label: settings.commandName)).run { result, done, total in
                progress.show(result, done: done, total: total)
            }
            progress.finish()
            for problem in finished.loadProblems { print("case file problem: \(problem)") }
            let report = finished.report
            // The report goes to standard output: colour it only when that is a terminal too.
            let style = ConsoleStyle.detect(isTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            print(report.console(style: style))
            print(finished.timingLine)
            if recordScreens {
                let recorded = report.cases.filter { $0.expect[.screen] == "recorded" }.map(\.id)
                let folder = caseOptions.casesURL.appendingPathComponent("screens").path
                print(recorded.isEmpty ? "No case states `screen: recorded`; nothing was recorded."
                      : "Recorded \(recorded.count) screen\(recorded.count == 1 ? "" : "s") in \(folder): review them with git diff.")
            }
            if let junit { try Data(report.junit().utf8).write(to: URL(fileURLWithPath: junit)) }
            if let json { try report.json().write(to: URL(fileURLWithPath: json)) }
            if let markdown { try Data(report.markdown().utf8).write(to: URL(fileURLWithPath: markdown)) }
            if let label { try RunStore(path: database).label(runId: report.run.id, as: label) }
            if report.run.total > 0, report.run.notCovered == report.run.total {
                print("No case ran: client \(settings.client.name) registers none of the cases' operations. Check --cases.")
                throw ExitCode.failure
            }
            if report.run.status != .passed || report.diff?.isRegression == true || !finished.loadProblems.isEmpty {
                throw ExitCode.failure
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the cases, the client's operations and keys, and the operation × fault coverage, without running.")

        @OptionGroup var caseOptions: CaseOptions

        func run() async throws {
            let client = ContractCommandSettings.current.client
            let loaded = CaseLoader(directory: caseOptions.casesURL, client: client).load()
            let registered = Set(client.operations)
            for contractCase in loaded.cases where registered.contains(contractCase.when) {
                print("\(contractCase.id.padding(toLength: 48, withPad: " ", startingAt: 0)) \(contractCase.summary ?? "")")
            }
            let uncovered = loaded.cases.filter { !registered.contains($0.when) }
            print("\n\(loaded.cases.count - uncovered.count) cases for client \(client.name)")
            if !uncovered.isEmpty {
                let operations = Set(uncovered.map(\.when)).sorted()
                print("\(uncovered.count) cases not covered by this client: \(operations.joined(separator: ", "))")
            }
            print("\nOperations: \(client.operations.joined(separator: ", "))")
            print("Keys a case may expect: \(client.knownKeys.sorted().map(\.description).joined(separator: ", "))\n")
            print(CoverageMatrix(operations: client.operations, cases: loaded.cases).text())
            for problem in loaded.problems { print("problem: \(problem)") }
            if !loaded.problems.isEmpty { throw ExitCode.failure }
        }
    }
}

public import ContractKit
public import Foundation
import Logging
import StubServer
public import Testing

/// A team's contract cases as Swift Testing tests, one per case, recorded to the run store.
///
/// ```swift
/// import ContractTesting
/// import Testing
///
/// let suite = ContractTestSuite(client: MyBankContracts.client(), cases: "Contracts/cases", stub: .inProcess(stubs: "Stubs"))
///
/// @Test(arguments: suite.caseIDs) func contract(_ id: String) async { await suite.check(id) }
/// @Test func casesLoad() { suite.expectCasesLoad() }
/// ```
///
/// Relative paths are resolved against the package root (the folder holding `Package.swift`
/// above `root`), so `swift test` works from any directory. The in-process stub starts once, on
/// the first case. Set `STUBBANK_BASE_URL` to run the same tests against a running stub.
public final class ContractTestSuite: Sendable {
    /// Where the stub comes from.
    public enum Stub: Sendable {
        /// A stub hosted in the test process on a free loopback port, serving this folder.
        case inProcess(stubs: String)
        /// A stub that is already running.
        case remote(URL)
    }

    /// The client under test.
    public let client: ContractClient
    /// The cases that loaded, by id.
    public let cases: [String: ContractCase]
    /// The ids of the loaded cases, in file order: pass to `@Test(arguments:)`.
    public let caseIDs: [String]
    /// Case files or cases that did not load.
    public let loadProblems: [CaseLoadProblem]
    private let host: SuiteHost

    /// Loads the cases now; the stub and the run store open on the first `check`.
    ///
    /// - Parameters:
    ///   - cases: the case folder, relative to the package root unless absolute.
    ///   - stub: the stub to run against; `STUBBANK_BASE_URL` overrides it.
    ///   - database: the run store, relative to the package root; nil records nothing.
    ///   - concurrency: cases run at once (Swift Testing would otherwise start them all together).
    ///   - root: any file in the package, usually `#filePath`, to find the package root.
    public init(client: ContractClient, cases: String, stub: Stub, database: String? = ".stubbank/runs.sqlite",
                concurrency: Int = 8, root: String = #filePath) {
        let packageRoot = Self.packageRoot(from: URL(fileURLWithPath: root))
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : packageRoot.appendingPathComponent(path)
        }
        let casesDirectory = resolve(cases)
        let loaded = CaseLoader(directory: casesDirectory, client: client).load()
        self.client = client
        self.cases = Dictionary(loaded.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.caseIDs = loaded.cases.map(\.id)
        self.loadProblems = loaded.problems
        let target: Stub = if let url = ProcessInfo.processInfo.environment["STUBBANK_BASE_URL"].flatMap(URL.init(string:)) {
            .remote(url)
        } else if case .inProcess(let stubs) = stub {
            .inProcess(stubs: resolve(stubs).path)
        } else {
            stub
        }
        self.host = SuiteHost(client: client, stub: target, database: database.map { resolve($0).path },
                              screens: ScreenRecorder(casesDirectory: casesDirectory),
                              total: loaded.cases.count, concurrency: max(1, concurrency))
    }

    /// Runs one case and records an issue naming the failing layer when it does not pass. A
    /// case the client does not cover passes with a note.
    public func check(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        guard let contractCase = cases[id] else {
            Issue.record("no case \(id); the loaded cases are \(caseIDs.prefix(10).joined(separator: ", "))…", sourceLocation: sourceLocation)
            return
        }
        do {
            let result = try await host.run(contractCase)
            switch result.outcome {
            case .passed, .notCovered: break
            case .failed, .error:
                Issue.record(Comment(rawValue: "\(contractCase.source ?? "?") \(id): \(result.failingLayer?.rawValue ?? "-") layer: \(result.message ?? "")"),
                             sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(error, "could not run \(id)", sourceLocation: sourceLocation)
        }
    }

    /// Runs one case and returns its result, for tests that check more than the verdict.
    public func result(of id: String) async throws -> CaseResult {
        guard let contractCase = cases[id] else { throw SuiteError(description: "no case \(id)") }
        return try await host.run(contractCase, record: false)
    }

    /// Records an issue for every case file problem.
    public func expectCasesLoad(sourceLocation: SourceLocation = #_sourceLocation) {
        for problem in loadProblems { Issue.record(Comment(rawValue: "\(problem)"), sourceLocation: sourceLocation) }
    }

    struct SuiteError: Error, CustomStringConvertible {
        let description: String
    }

    /// The nearest folder at or above `file` that holds a `Package.swift`.
    static func packageRoot(from file: URL) -> URL {
        if let root = PackageFolders.upToRoot(from: file.deletingLastPathComponent()).last, PackageFolders.isPackageRoot(root) { return root }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}

public import ContractKit
public import Foundation
public import Testing

/// A team's contract cases as Swift Testing tests, one per case, recorded to the run store.
///
/// ```swift
/// import ContractTesting
/// import ContractTestingHost  // for .inProcess and .sqlite; leave it out to use a running stub only
/// import Testing
///
/// let suite = ContractTestSuite(client: MyBankContracts.client(), cases: "Contracts/cases",
///                               stub: .loopback(stubs: "Stubs"), recording: .sqlite())
///
/// @Test(arguments: suite.caseIDs) func contract(_ id: String) async { await suite.check(id) }
/// @Test func casesLoad() { suite.expectCasesLoad() }
/// ```
///
/// Relative paths are resolved against the package root (the folder holding `Package.swift`
/// above `root`), so `swift test` works from any directory. In an Xcode project there is no
/// `Package.swift`: they are resolved against `root`'s own folder (pass `root:` a file or folder
/// of the project), never against the current directory, which is `/` on a simulator. When the
/// run store cannot be created there, runs are recorded in a temporary folder and the suite says
/// where. The in-process stub starts once, on the first case. Set `STUBBANK_BASE_URL` (in a
/// simulator's test runner, `TEST_RUNNER_STUBBANK_BASE_URL`) to run the same tests against a
/// running stub.
public final class ContractTestSuite: Sendable {
    /// The client under test.
    public let client: ContractClient
    /// The cases that loaded, by id.
    public let cases: [String: ContractCase]
    /// The ids of the loaded cases, in file order: pass to `@Test(arguments:)`.
    public let caseIDs: [String]
    /// Case files or cases that did not load.
    public let loadProblems: [CaseLoadProblem]
    /// The folder the case paths were resolved against: the package root, or `root`'s folder.
    public let baseDirectory: URL
    /// Where runs are recorded; nil when the suite records nothing.
    public let databasePath: String?
    private let host: SuiteState

    /// Loads the cases now; the stub and the run store open on the first `check`.
    ///
    /// - Parameters:
    ///   - cases: the case folder, relative to the package root unless absolute.
    ///   - stub: the stub to run against; `STUBBANK_BASE_URL` overrides it.
    ///   - recording: where runs are recorded; `.none` (the default) records nothing.
    ///   - concurrency: cases run at once (Swift Testing would otherwise start them all together).
    ///   - root: a file or folder of the package or project, usually `#filePath`, to find the package root.
    public init(client: ContractClient, cases: String, stub: Stub, recording: RunRecording = .none,
                concurrency: Int = 8, root: String = #filePath) {
        let packageRoot = Self.packageRoot(from: URL(fileURLWithPath: root))
        baseDirectory = packageRoot
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : packageRoot.appendingPathComponent(path)
        }
        let store = recording.path.map { Self.writableStore(resolve($0), client: client.name) }
        databasePath = store
        let casesDirectory = resolve(cases)
        let loaded = CaseLoader(directory: casesDirectory, client: client).load()
        self.client = client
        self.cases = Dictionary(loaded.cases.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.caseIDs = loaded.cases.map(\.id)
        self.loadProblems = loaded.problems
        let environment = ProcessInfo.processInfo.environment
        let named = environment["STUBBANK_BASE_URL"] ?? environment["TEST_RUNNER_STUBBANK_BASE_URL"]
        let target: SuiteState.Target = if let url = named.flatMap(URL.init(string:)) {
            .remote(url)
        } else {
            switch stub.source {
            case .remote(let url): .remote(url)
            case .hosted(let stubs, let start): .hosted(folder: resolve(stubs), start: start)
            }
        }
        let recorder = store.map { path in { @Sendable in try recording.open(URL(fileURLWithPath: path)) } }
        self.host = SuiteState(client: client, stub: target, recorder: recorder,
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
                let layer = result.failingLayer?.rawValue ?? "-"
                Issue.record(Comment(rawValue: "\(contractCase.source ?? "?") \(id): \(layer) layer: \(result.message ?? "")"),
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

    /// The nearest folder at or above `file` that holds a `Package.swift`; without one, `file`'s
    /// own folder (or `file`, when it is a folder). Never the current directory.
    static func packageRoot(from file: URL) -> URL {
        var isFolder: ObjCBool = false
        let folder = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue
            ? file.standardizedFileURL : file.deletingLastPathComponent().standardizedFileURL
        if let root = PackageFolders.upToRoot(from: folder).last, PackageFolders.isPackageRoot(root) { return root }
        return folder
    }

    /// `wanted` when its folder can be created, else a file in a temporary folder, said on standard error.
    static func writableStore(_ wanted: URL, client: String) -> String {
        let folder = wanted.deletingLastPathComponent()
        if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
           FileManager.default.isWritableFile(atPath: folder.path) {
            return wanted.path
        }
        let fallback = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-runs").appendingPathComponent("\(client).sqlite")
        try? FileManager.default.createDirectory(at: fallback.deletingLastPathComponent(), withIntermediateDirectories: true)
        let note = "ContractTestSuite: cannot create the run store's folder \(folder.path); recording runs in \(fallback.path)\n"
        FileHandle.standardError.write(Data(note.utf8))
        return fallback.path
    }
}

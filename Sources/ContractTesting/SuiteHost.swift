import ContractKit
import Foundation
import Logging
import StubServer

/// The shared state behind a `ContractTestSuite`: the stub, started once; the run in the store,
/// begun on the first case and finished with the last; and a gate on how many cases run at once.
actor SuiteHost {
    let client: ContractClient
    let stub: ContractTestSuite.Stub
    let database: String?
    let screens: ScreenRecorder
    let total: Int
    let concurrency: Int

    private var started: Task<(URL, StubHost?), any Error>?
    private var run: (store: RunStore, id: String)?
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(client: ContractClient, stub: ContractTestSuite.Stub, database: String?, screens: ScreenRecorder, total: Int, concurrency: Int) {
        self.screens = screens
        self.client = client
        self.stub = stub
        self.database = database
        self.total = total
        self.concurrency = concurrency
    }

    /// Runs a case when a slot is free, and records it.
    func run(_ contractCase: ContractCase, record: Bool = true) async throws -> CaseResult {
        let url = try await stubURL()
        await acquire()
        let result = await ContractRunner(client: client, stubURL: url, screens: screens).run(contractCase)
        release()
        if record, let database {
            let run = try self.run ?? begin(database: database, url: url)
            try await run.store.recordAndUpdateTotals(result, runId: run.id)
        }
        return result
    }

    private func begin(database: String, url: URL) throws -> (store: RunStore, id: String) {
        let store = try RunStore(path: database)
        let record = try store.begin(client: client.name, baseURL: url.absoluteString, gitCommit: nil, total: total)
        run = (store, record.id)
        return (store, record.id)
    }

    private func stubURL() async throws -> URL {
        if started == nil {
            let stub = self.stub
            started = Task {
                switch stub {
                case .remote(let url): return (url, nil)
                case .inProcess(let stubs):
                    var logger = Logger(label: "contract-tests")
                    logger.logLevel = .critical
                    let host = try await StubHost.start(stubs: URL(fileURLWithPath: stubs), logger: logger)
                    return (host.baseURL, host)
                }
            }
        }
        return try await started!.value.0
    }

    private func acquire() async {
        if running >= concurrency {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running += 1
        }
    }

    private func release() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
}

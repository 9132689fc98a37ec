import ContractKit
import Foundation

/// The shared state behind a `ContractTestSuite`: the stub, started once; the run in the store,
/// begun on the first case and finished with the last; and a gate on how many cases run at once.
actor SuiteState {
    /// The stub, with paths resolved and `STUBBANK_BASE_URL` applied.
    enum Target: Sendable {
        case remote(URL)
        case hosted(folder: URL, start: @Sendable (URL) async throws -> any RunningStub)
    }

    let client: ContractClient
    let stub: Target
    let recorder: (@Sendable () throws -> any RunRecorder)?
    let screens: ScreenRecorder
    let total: Int
    let concurrency: Int

    private var started: Task<(URL, (any RunningStub)?), any Error>?
    private var run: RecordedRun?
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(client: ContractClient, stub: Target, recorder: (@Sendable () throws -> any RunRecorder)?, screens: ScreenRecorder,
         total: Int, concurrency: Int) {
        self.screens = screens
        self.client = client
        self.stub = stub
        self.recorder = recorder
        self.total = total
        self.concurrency = concurrency
    }

    /// Runs a case when a slot is free, and records it.
    func run(_ contractCase: ContractCase, record: Bool = true) async throws -> CaseResult {
        let url = try await stubURL()
        await acquire()
        let result = await ContractRunner(client: client, stubURL: url, screens: screens).run(contractCase)
        release()
        if record, let recorder {
            let run = try self.run ?? begin(recorder: recorder, url: url)
            try await run.add(result)
        }
        return result
    }

    /// The suite's run, begun with its first recorded case; it finishes with its last.
    private func begin(recorder: @Sendable () throws -> any RunRecorder, url: URL) throws -> RecordedRun {
        let run = try RecordedRun(recorder: try recorder(), client: client.name, baseURL: url.absoluteString, gitCommit: nil, total: total)
        self.run = run
        return run
    }

    private func stubURL() async throws -> URL {
        if started == nil {
            let stub = self.stub
            started = Task {
                switch stub {
                case .remote(let url): return (url, nil)
                case .hosted(let folder, let start):
                    let host = try await start(folder)
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

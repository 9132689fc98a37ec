import ContractKit
import ContractStore
@testable import ContractTesting
import ContractTestingHost
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// What `import ContractTestingHost` adds to a suite: a stub hosted in the test process, and a run
/// store in SQLite that `stubbank runs list` reads.
@Suite struct ContractTestingHostTests {
    /// The repository's own stubs folder.
    private let stubs = String(#filePath.split(separator: "/Tests/", maxSplits: 1)[0]) + "/Stubs"

    @Test func inProcessStartsAStubOnAFreeLoopbackPortAndStopsIt() async throws {
        guard case .hosted(_, let start) = ContractTestSuite.Stub.loopback(stubs: stubs).source else {
            Issue.record("inProcess should host a stub")
            return
        }
        let host = try await start(URL(fileURLWithPath: stubs))
        #expect(host.baseURL.host == "127.0.0.1")
        let (_, response) = try await URLSession.shared.data(from: host.baseURL.appendingPathComponent("v1/status"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        await host.stop()
    }

    @Test func sqliteRecordsARunThatTheRunStoreReads() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-host-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("runs.sqlite")
        let recorder = try RunRecording.sqlite(path.path).open(path)
        let run = try RecordedRun(recorder: recorder, client: "reference", baseURL: "http://127.0.0.1:1", gitCommit: nil, total: 1)
        try await run.add(CaseResult(caseId: "a", operation: "accounts.list", outcome: .passed, failingLayer: nil, message: nil,
                                     observation: nil, fingerprint: nil, durationMs: 1, requests: 1))
        let stored = try RunStore(path: path.path).run(id: run.id)
        #expect(stored?.status == .passed)
        #expect(stored?.passed == 1)
    }
}

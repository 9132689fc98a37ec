import BankingContracts
import ContractKit
import ContractTesting
import ContractTestingHost
import Foundation
import StubFormats
import Testing

/// An Xcode project's test target has no `Package.swift` above it, and on a simulator the
/// current directory is `/`: the suite resolves its paths from `root`, never from there.
@Suite struct SuiteRootTests {
    @Test func withoutAPackageTheRootsOwnFolderIsTheBaseNotTheCurrentDirectory() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-project-\(UUID().uuidString)")
        let tests = project.appendingPathComponent("MyBankTests")
        try FileManager.default.createDirectory(at: tests.appendingPathComponent("Contracts/cases"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        try Data("id: status.ok\nwhen: status.get\nexpect:\n  data: { http: 200 }\n".utf8)
            .write(to: tests.appendingPathComponent("Contracts/cases/status.yaml"))
        let file = tests.appendingPathComponent("ContractTests.swift").path
        let suite = ContractTestSuite(client: ReferenceClient().contractClient(), cases: "Contracts/cases", stub: .remote(URL(string: "http://127.0.0.1:1")!),
                                      recording: .sqlite(), root: file)
        #expect(suite.baseDirectory.path == tests.path)
        #expect(suite.caseIDs.contains("status.ok"))
        #expect(suite.databasePath == tests.appendingPathComponent(".stubbank/runs.sqlite").path)
    }

    @Test func slashAsTheDirectoryFindsNoPackageAndSaysWhatIsMissing() {
        let suite = ContractTestSuite(client: ReferenceClient().contractClient(), cases: "Contracts/cases", stub: .remote(URL(string: "http://127.0.0.1:1")!),
                                      root: "/")
        #expect(suite.baseDirectory.path == "/")
        #expect(suite.caseIDs.isEmpty)
        #expect(suite.loadProblems.map(\.description) == ["/Contracts/cases: cases directory not found"])
        #expect(suite.databasePath == nil)
    }

    #if os(Linux)
    @Test func aRunStoreThatCannotBeCreatedFallsBackToATemporaryFolder() {
        // /proc refuses new folders even to root: the simulator's read-only bundle, on Linux.
        let suite = ContractTestSuite(client: ReferenceClient().contractClient(), cases: "cases", stub: .remote(URL(string: "http://127.0.0.1:1")!),
                                      recording: .sqlite(), root: "/proc/self")
        #expect(suite.databasePath == FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-runs/reference.sqlite").path)
    }
    #endif
}

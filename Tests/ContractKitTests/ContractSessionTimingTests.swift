import BankingContracts
import ContractKit
import ContractKitCommand
import Foundation
import Logging
import Testing

/// `contracts run` reports how much of its time went to the run store; the benchmark reads that line.
@Suite struct ContractSessionTimingTests {
    @Test func reportsStoreTimeWithinWallTime() async throws {
        let root = HarnessSelfTests.root
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("timing-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: database) }
        var options = ContractSession.Options(client: ReferenceClient().contractClient(), casesDirectory: root.appendingPathComponent("Contracts/cases"),
                                              stubsDirectory: root.appendingPathComponent("Stubs"),
                                              databasePath: database.path)
        options.filter = "status.get"
        var logger = Logger(label: "timing-test")
        logger.logLevel = .critical
        let outcome = try await ContractSession(options: options, logger: logger).run { _, _, _ in }
        #expect(outcome.report.results.count > 0)
        #expect(outcome.storeTime > .zero)
        #expect(outcome.storeTime <= outcome.wallTime)
        let line = outcome.timingLine
        #expect(line.hasPrefix("Time: "))
        #expect(line.range(of: #"SQLite: [0-9]+\.[0-9] ms of [0-9]+\.[0-9] ms \([0-9]+\.[0-9] %\)"#, options: .regularExpression) != nil)
    }
}

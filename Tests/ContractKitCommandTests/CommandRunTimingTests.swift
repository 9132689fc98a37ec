import BankingContracts
import ContractKit
import ContractKitCommand
import Foundation
import Logging
import Testing

/// `contracts run` reports how much of its time went to the run store; the benchmark reads that line.
@Suite struct CommandRunTimingTests {
    @Test func reportsStoreTimeWithinWallTime() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("timing-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: database) }
        var options = CommandRun.Options(client: ReferenceClient().contractClient(), casesDirectory: root.appendingPathComponent("Contracts/cases"),
                                              stubsDirectory: root.appendingPathComponent("Stubs"),
                                              databasePath: database.path)
        options.filter = "status.get"
        var logger = Logger(label: "timing-test")
        logger.logLevel = .critical
        let finished = try await CommandRun(options: options, logger: logger).run { _, _, _ in }
        #expect(finished.report.results.count > 0)
        #expect(finished.storeTime > .zero)
        #expect(finished.storeTime <= finished.wallTime)
        let line = finished.timingLine
        #expect(line.hasPrefix("Time: "))
        #expect(line.range(of: #"SQLite: [0-9]+\.[0-9] ms of [0-9]+\.[0-9] ms \([0-9]+\.[0-9] %\)"#, options: .regularExpression) != nil)
    }
}

import ContractKit
import Foundation
import Logging

/// The cases on disk and one in-process stub shared by every case test.
enum ContractSuite {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let loaded = CaseLoader(directory: root.appendingPathComponent("Contracts/cases")).load()
    static let casesById = Dictionary(uniqueKeysWithValues: loaded.cases.map { ($0.id, $0) })

    static let host = Task { () throws -> StubHost in
        var logger = Logger(label: "contract-tests")
        logger.logLevel = .critical
        return try await StubHost.start(stubs: root.appendingPathComponent("Stubs"), logger: logger)
    }
}

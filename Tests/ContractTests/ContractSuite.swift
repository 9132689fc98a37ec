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

/// Lets a bounded number of cases run at once: Swift Testing would otherwise start every
/// parameterized case together, and hundreds of URLSessions on 2 cores starve each other.
actor CaseGate {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func withPermit<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if running >= limit {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running += 1
        }
        defer {
            if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}

extension ContractSuite {
    static let gate = CaseGate(limit: 8)
}

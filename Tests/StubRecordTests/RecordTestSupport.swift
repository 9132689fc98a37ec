import AsyncHTTPClient
import Foundation
import Logging
import StubServer

/// What the record and drift tests share: the repository's stubs, a quiet logger, a backend
/// on an ephemeral port over any stubs folder, and a scratch folder with an HTTP client.
enum RecordTestSupport {
    static let stubs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Stubs")

    static var quiet: Logger {
        var logger = Logger(label: "record-test")
        logger.logLevel = .critical
        return logger
    }

    static func backend(_ folder: URL) throws -> StubBackend {
        var configuration = StubServerConfiguration(stubsDirectory: folder)
        configuration.port = 0
        return try StubBackend(configuration: configuration, logger: quiet)
    }

    /// Runs `body` with a new scratch folder (removed afterwards) and an HTTP client (shut down
    /// afterwards, whether `body` throws or not).
    static func withScratch(_ prefix: String, _ body: (URL, HTTPClient) async throws -> Void) async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await body(out, client)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }
}

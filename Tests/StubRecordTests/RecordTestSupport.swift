import Foundation
import Logging
import StubServer

/// What the record and drift tests share: the repository's stubs, a quiet logger, and a
/// backend on an ephemeral port over any stubs folder.
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
}

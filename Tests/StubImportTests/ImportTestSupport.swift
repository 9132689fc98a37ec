import Foundation
import Logging
import StubServer

/// The repository root, and the import fixtures under Tests/ImportFixtures.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let importFixtures = repositoryRoot.appendingPathComponent("Tests/ImportFixtures")
/// `../shared/realworld`: API documents no one here wrote, kept beside the repository.
let realWorld = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld")

/// An empty output folder, removed on deinit.
final class ScratchFolder: Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stubbank-import-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: url) }

    func text(_ relative: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relative), encoding: .utf8)
    }
}

/// A backend over `stubs`; `now` fixes its clock.
func makeBackend(stubs: URL, seed: UInt64 = 0, now: Date? = nil) throws -> StubBackend {
    var configuration = StubServerConfiguration(stubsDirectory: stubs)
    configuration.port = 0
    configuration.seed = seed
    var logger = Logger(label: "stubbank-import-test")
    logger.logLevel = .critical
    return try StubBackend(configuration: configuration, logger: logger, clock: { now ?? Date() })
}

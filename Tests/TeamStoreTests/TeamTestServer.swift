import Foundation
import Logging
import PostgresNIO
import Testing
@testable import TeamStore

/// The PostgreSQL the team store's tests use: `STUBBANK_TEAM_TEST_URL`, which `.ci/run` sets after
/// `Scripts/team-postgres.sh start`. Without it the tests are skipped on a laptop, and fail in CI
/// (`CI=true`): a missing server never passes silently there.
enum TeamTestServer {
    static let environment = ProcessInfo.processInfo.environment
    static var url: String? { environment["STUBBANK_TEAM_TEST_URL"] }
    static var enabled: Bool { url != nil || environment["CI"] == "true" }

    static var logger: Logger {
        var logger = Logger(label: "team-store-tests")
        logger.logLevel = .critical
        return logger
    }

    /// A new, empty database for one test, dropped when `body` returns.
    static func withFreshDatabase(_ body: (TeamAddress) async throws -> Void) async throws {
        let text = try #require(url, "CI=true but STUBBANK_TEAM_TEST_URL is not set: .ci/run starts PostgreSQL with Scripts/team-postgres.sh")
        let admin = try await TeamRunStore.connect(try TeamAddress(text), logger: logger)
        let name = "team_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        try await admin.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        var address = try TeamAddress(text)
        address.database = name
        do { try await body(address) } catch {
            _ = try? await admin.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
            await admin.close()
            throw error
        }
        try await admin.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger)
        await admin.close()
    }

    /// A migrated store in a fresh database.
    static func withStore(_ body: (TeamRunStore) async throws -> Void) async throws {
        try await withFreshDatabase { address in
            let store = try await TeamRunStore.connect(address, logger: logger)
            try await store.migrate()
            do { try await body(store) } catch {
                await store.close()
                throw error
            }
            await store.close()
        }
    }
}

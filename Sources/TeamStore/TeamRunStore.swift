import ContractKit
import Foundation
public import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// The team-wide run history on PostgreSQL. SQLite stays every machine's write path; finished
/// runs are pushed here (`stubbank runs push`), one transaction per run, and the questions that
/// span machines (flaky, drift, environment-dependent, a case's history) are asked here.
///
/// Counters per case, inputs, machine class and day are updated by each push, so the questions
/// add up counters rather than scan every case result.
public final class TeamRunStore: Sendable {
    /// Where it is, without the password.
    public let address: TeamAddress
    let client: PostgresClient
    let logger: Logger
    let running: Task<Void, Never>

    private init(address: TeamAddress, client: PostgresClient, logger: Logger) {
        self.address = address
        self.client = client
        self.logger = logger
        running = Task { await client.run() }
    }

    /// Connects and checks the server answers, within `timeout`.
    /// - Throws: `TeamStoreError.unreachable` with the server's or the network's reason.
    public static func connect(_ address: TeamAddress, logger: Logger, timeout: Duration = .seconds(10)) async throws -> TeamRunStore {
        if case .socket(let folder, let port) = address.endpoint, !FileManager.default.fileExists(atPath: "\(folder)/.s.PGSQL.\(port)") {
            // The pool would retry a missing socket until the timeout; say so at once.
            throw TeamStoreError.unreachable(address.description, "no server socket at \(folder)/.s.PGSQL.\(port)")
        }
        var configuration: PostgresClient.Configuration = switch address.endpoint {
        case .tcp(let host, let port):
            .init(host: host, port: port, username: address.user, password: address.password, database: address.database, tls: .disable)
        case .socket(let folder, let port):
            .init(unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: address.user, password: address.password,
                  database: address.database)
        }
        configuration.options.connectTimeout = .seconds(Int64(max(1, timeout.components.seconds)))
        configuration.options.maximumConnections = 4
        // Every statement ends within a minute on the server, so no question or push waits forever.
        configuration.options.additionalStartupParameters = [("statement_timeout", "60s")]
        let store = TeamRunStore(address: address, client: PostgresClient(configuration: configuration, backgroundLogger: logger),
                              logger: logger)
        do {
            _ = try await Self.bounded(timeout) { try await store.client.query("SELECT 1", logger: logger) }
        } catch {
            store.running.cancel()
            throw TeamStoreError.unreachable(address.description, Self.reason(error))
        }
        return store
    }

    /// Closes every connection.
    public func close() async {
        running.cancel()
        _ = await running.value
    }

    // MARK: migrations

    /// Applies the migrations this store lacks, in order, under an advisory lock; returns their
    /// names (empty when it was up to date).
    @discardableResult
    public func migrate() async throws -> [String] {
        try await transaction("migrate") { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(TeamMigrations.lockKey))", logger: self.logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS stubbank_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: self.logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM stubbank_migration", logger: self.logger).decode(String.self) {
                applied.insert(name)
            }
            var now: [String] = []
            for migration in TeamMigrations.all where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                }
                try await connection.query("INSERT INTO stubbank_migration (name) VALUES (\(migration.name))", logger: self.logger)
                now.append(migration.name)
            }
            return now
        }
    }

    /// The migrations the store has, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await run("list migrations") {
            var names: [String] = []
            let rows = try await self.client.query("SELECT name FROM stubbank_migration ORDER BY applied_at, name", logger: self.logger)
            for try await name in rows.decode(String.self) { names.append(name) }
            return names
        }
    }

    // MARK: helpers

    func transaction<T: Sendable>(_ what: String, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as TeamStoreError {
            throw error
        } catch where Self.isUniqueViolation(error) {
            throw UniqueViolation()
        } catch let error as PostgresTransactionError {
            if let closure = error.closureError as? TeamStoreError { throw closure }
            throw TeamStoreError.queryFailed(what, Self.reason(error.closureError ?? error))
        } catch {
            throw TeamStoreError.queryFailed(what, Self.reason(error))
        }
    }

    func run<T: Sendable>(_ what: String, _ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as TeamStoreError { throw error } catch {
            throw TeamStoreError.queryFailed(what, Self.reason(error))
        }
    }

    /// The server's message for a query error, or the error's own description.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            // An undefined table or column: a store no one migrated, or one older than this stubbank.
            if let message = error.serverInfo?[.message], ["42P01", "42703"].contains(error.serverInfo?[.sqlState] ?? "") {
                return "\(message); the store's tables are missing or older than this stubbank: run `stubbank team migrate`"
            }
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)"
        }
        return "\(error)"
    }

    /// A row that another transaction inserted first; the caller may look again.
    struct UniqueViolation: Error {}

    /// Whether `error` is PostgreSQL's unique violation (23505).
    static func isUniqueViolation(_ error: any Error) -> Bool {
        let inner = (error as? PostgresTransactionError)?.closureError ?? error
        return (inner as? PSQLError)?.serverInfo?[.sqlState] == "23505"
    }

    /// Runs `body`, giving up after `timeout` without waiting for it: a connection attempt that
    /// does not heed cancellation is left to end on its own.
    static func bounded<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let outcome = NIOLockedValueBox<CheckedContinuation<T, any Error>?>(nil)
        return try await withCheckedThrowingContinuation { continuation in
            outcome.withLockedValue { $0 = continuation }
            let work = Task {
                let result: Result<T, any Error>
                do { result = .success(try await body()) } catch { result = .failure(error) }
                outcome.withLockedValue { $0.take() }?.resume(with: result)
            }
            Task {
                try? await Task.sleep(for: timeout)
                if let waiting = outcome.withLockedValue({ $0.take() }) {
                    work.cancel()
                    waiting.resume(throwing: TimedOut(after: timeout))
                }
            }
        }
    }

    struct TimedOut: Error, CustomStringConvertible {
        let after: Duration
        var description: String { "no answer within \(after)" }
    }
}

/// The earlier name of `TeamRunStore`. A type named as its module made `TeamStore.X` mean the
/// type, not the module.
@available(*, deprecated, renamed: "TeamRunStore")
public typealias TeamStore = TeamRunStore

public import Foundation
public import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import StubEngine
import BuiltInBank

/// Runs the stub in this process on an ephemeral loopback port, for the length of a contract run
/// or a drift check.
public final class StubHost: Sendable {
    /// The loopback port it listens on.
    public let port: Int
    /// The stub itself, for tests that look inside.
    public let backend: StubBackend
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(port: Int, backend: StubBackend, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        self.backend = backend
        self.group = group
        self.task = task
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the stub and returns once it is listening.
    public static func start(stubs: URL, logger: Logger) async throws -> StubHost {
        var configuration = StubServerConfiguration(stubsDirectory: stubs)
        configuration.port = 0
        configuration.journalCapacity = 20_000
        configuration.hangLimitSeconds = 30
        return try await start(configuration: configuration, logger: logger)
    }

    /// Starts a stub as `configuration` says (give port 0 for a free one), reading time from
    /// `clock`, and returns once it is listening.
    public static func start(configuration: StubServerConfiguration, logger: Logger,
                             clock: @escaping @Sendable () -> Date = Date.init) async throws -> StubHost {
        let backend = try StubBackend(configuration: configuration, logger: logger, clock: clock)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = StubApplication.make(backend: backend) { port in continuation.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let task = Task { try await group.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return StubHost(port: port, backend: backend, group: group, task: task)
    }

    /// Stops the stub gracefully.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

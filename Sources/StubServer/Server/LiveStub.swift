public import Foundation
public import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import StubEngine
import BuiltInBank

/// The stub server started in this process on a free loopback port, for the length of a test, a
/// contract run or a drift check: the client under test reaches it over a real socket, as an app
/// reaches `stubbank serve`. (`InProcessStub` is the other transport: a `URLProtocol`, no socket;
/// the testing library's `TestStub` is a test's handle on either.)
public final class LiveStub: Sendable {
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
    public static func start(stubs: URL, logger: Logger) async throws -> LiveStub {
        var configuration = StubServerConfiguration(stubsDirectory: stubs)
        configuration.port = 0
        configuration.journalCapacity = 20_000
        configuration.hangLimitSeconds = 30
        return try await start(configuration: configuration, logger: logger)
    }

    /// Starts a stub as `configuration` says (give port 0 for a free one), reading time from
    /// `clock`, and returns once it is listening.
    public static func start(configuration: StubServerConfiguration, logger: Logger,
                             clock: @escaping @Sendable () -> Date = Date.init) async throws -> LiveStub {
        let backend = try StubBackend(configuration: configuration, logger: logger, clock: clock)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let group = StubApplication.group(backend: backend, onRunning: { port in continuation.yield(port) }, signals: [])
        let task = Task {
            // However the server ends, the wait for its port below ends with it.
            defer { continuation.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            // The caller was cancelled while the server started: stop it, and say so.
            if Task.isCancelled {
                task.cancel()
                throw CancellationError()
            }
            // It ended before it listened: its error says why (the port is taken, say).
            try await task.value
            throw LiveStubError(description: "the stub stopped before it listened on a port")
        }
        return LiveStub(port: port, backend: backend, group: group, task: task)
    }

    /// Stops the stub as SIGTERM stops `stubbank serve`: requests held by a delay, a bandwidth
    /// pause or a hang end at once, then the server drains and its port closes.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

/// Why a `LiveStub` did not start.
public struct LiveStubError: Error, CustomStringConvertible, Sendable {
    /// What happened.
    public let description: String
}

/// The earlier name of `LiveStub`.
@available(*, deprecated, renamed: "LiveStub")
public typealias StubHost = LiveStub

public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
public import Logging
public import StubControl
public import StubInProcess
public import StubServer
import StubEngine
import BuiltInBank

/// Where a test's stub answers.
public enum StubMode: Sendable, Equatable {
    /// In this process, through a `URLProtocol` (`InProcessStub`): no socket, every wait on the
    /// `TestClock`. The default: fast, and parallel tests never share a port.
    case inProcess
    /// On a free loopback port (`LiveStub`), for what needs a socket: a client that is not
    /// URLSession, raw bytes (`TestStub.raw`), connection-level faults as the kernel shows them.
    case live
}

/// A stub started for one test, over a stubs folder: `withStub(_:stubs:…)` or the
/// `.stubBank(…)` trait give one. The same calls work in either mode.
public final class TestStub: Sendable {
    /// Where it answers.
    public let mode: StubMode
    /// `http://127.0.0.1:<port>` live; `http://<random>.stubbank.invalid` in process.
    public let baseURL: URL
    /// The clock its templates, tokens and sessions read (and, in process, its waits sleep on).
    public let clock: TestClock
    /// The admin API: sessions, typed behaviours, the journal (`StubControl`).
    public let control: StubControlClient
    /// A client that sends requests to this stub and gives back status, headers and body.
    public let client: StubClient
    /// The loopback port, live; nil in process.
    public let port: Int?
    let backend: StubBackend
    let host: LiveStub?
    let inProcess: InProcessStub?

    init(mode: StubMode, stubs: URL, clock: TestClock, configure: (inout StubServerConfiguration) -> Void, logger: Logger) async throws {
        self.mode = mode
        self.clock = clock
        switch mode {
        case .inProcess:
            let stub = try InProcessStub(stubs: stubs, bank: .builtIn, clock: clock, configure: configure)
            inProcess = stub
            host = nil
            port = nil
            backend = stub.backend
            baseURL = stub.baseURL
            control = stub.control
            client = StubClient(baseURL: stub.baseURL, session: stub.urlSession)
        case .live:
            let configuration = StubServerConfiguration.forTests(stubs: stubs, configure: configure)
            let started = try await LiveStub.start(configuration: configuration, logger: logger, clock: { clock.date })
            inProcess = nil
            host = started
            port = started.port
            backend = started.backend
            baseURL = started.baseURL
            let session = URLSession(configuration: .ephemeral)
            control = StubControlClient(baseURL: started.baseURL, urlSession: session)
            client = StubClient(baseURL: started.baseURL, session: session)
        }
    }

    /// A client that sends bytes exactly as given, for framing and protocol tests (live only;
    /// nil in process, where there are no bytes on a wire).
    public var raw: RawHTTPClient? { port.map(RawHTTPClient.init(port:)) }

    /// The URL of `path` on this stub: `stub.url("/v1/atms")`.
    public func url(_ path: String) -> URL { client.url(path)! }

    /// How many requests the journal holds now, for `eventually` after a fire-and-forget call.
    public var journalCount: Int { backend.journal.entries().count }

    /// A route written in Swift for this test, before the route files and the bank, newest
    /// first (`InProcessStub.route(_:_:)`); in either mode. Returns an id for `removeRoute`.
    @discardableResult
    public func route(_ pattern: String, _ handler: @escaping @Sendable (InlineRequest) -> InlineResponse) throws -> Int {
        try InlineRoutes.add(pattern, handler, to: backend)
    }

    /// Removes a route added with `route(_:_:)`; returns whether it was there.
    @discardableResult
    public func removeRoute(_ id: Int) -> Bool { backend.inlineRoutes.remove(id) }

    func stop() async { await host?.stop() }
}

/// Runs `body` against a stub serving `stubs`, then stops it, whether `body` returns or throws.
///
///     try await withStub(stubs: stubsFolder) { stub in                          // in process
///         let answer = try await stub.client.execute(.get, "/v1/atms")
///         #expect(answer.status == .ok)
///     }
///     try await withStub(.live, stubs: stubsFolder) { stub in                   // on a socket
///         let answer = try await stub.raw!.send("GET /v1/atms HTTP/1.1\r\nHost: x\r\n\r\n")
///     }
///
/// - Parameters:
///   - mode: `.inProcess` (the default) or `.live`;
///   - stubs: the stubs folder, as `stubbank serve --stubs` takes it;
///   - clock: the test clock (a new one by default);
///   - configure: changes to the configuration (a seed, a body limit); both modes start from seed 1,
///     so they draw the same values, and a live stub's port is always 0;
///   - logger: where a live stub logs (nowhere below `.critical` by default).
public func withStub<T: Sendable>(
    _ mode: StubMode = .inProcess, stubs: URL, clock: TestClock = TestClock(),
    configure: (inout StubServerConfiguration) -> Void = { _ in },
    logger: Logger = Logger(label: "stubbank-test", factory: { _ in SwiftLogNoOpLogHandler() }),
    _ body: (TestStub) async throws -> T
) async throws -> T {
    let stub = try await TestStub(mode: mode, stubs: stubs, clock: clock, configure: configure, logger: logger)
    do {
        let result = try await body(stub)
        await stub.stop()
        return result
    } catch {
        await stub.stop()
        throw error
    }
}

/// The stub on a loopback port, as before `withStub(_:stubs:)` took a mode.
@available(*, deprecated, message: "use withStub(.live, stubs:clock:configure:logger:_:)")
public func withTestStub<T: Sendable>(
    stubs: URL, clock: TestClock = TestClock(),
    configure: (inout StubServerConfiguration) -> Void = { _ in },
    logger: Logger = Logger(label: "stubbank-test", factory: { _ in SwiftLogNoOpLogHandler() }),
    _ body: (TestStub) async throws -> T
) async throws -> T {
    try await withStub(.live, stubs: stubs, clock: clock, configure: configure, logger: logger, body)
}

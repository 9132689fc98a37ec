public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import Logging
public import StubControl
public import StubEngine
package import StubRuntime

/// The stub, answering `URLSession` inside a unit test without a socket: the same route files,
/// sessions, behaviours and journal as `stubbank serve`, decided by the same engine. The built-in
/// bank comes only when a test asks for it (`bank: .builtIn`, from the `BuiltInBank` library),
/// so a target whose tests serve their own route files never builds it.
///
/// ```swift
/// let stub = try InProcessStub(stubs: stubsFolder)
/// let api = MyAPIClient(baseURL: stub.baseURL, session: stub.urlSession)
/// try await stub.control.withSession { session in           // a session per test
///     try await session.install(.status(503, on: "GET /v1/accounts"))
///     ...                                                    // the app's code meets a real 503
/// }
/// ```
///
/// Each stub has a host of its own (`http://<random>.stubbank.invalid`), so parallel tests
/// (Swift Testing runs them so by default) never share stubs, and there is no registry of
/// stubs to clear between tests. Waits (a delay, a route file's latency, a hang until the
/// request's timeout) sleep on `clock`: pass a `TestClock` and a 3-second delay takes no
/// time. A fault becomes the `URLError` URLSession gives for it on this platform.
public final class InProcessStub: Sendable {
    /// `http://<random>.stubbank.invalid`: give it to the code under test as its base URL.
    public let baseURL: URL
    /// A session configuration that sends this stub's requests to it: use it when the code
    /// under test builds its own `URLSession`. It stores nothing in a URL cache (see `urlSession`).
    public var configuration: URLSessionConfiguration {
        let configuration = Self.storingNothing()
        install(into: configuration)
        return configuration
    }
    /// A `URLSession` that reaches this stub and nothing else. Like `configuration`, it stores
    /// nothing in a URL cache: the stub's answers are never stored (its protocol says
    /// `.notAllowed`), so every lookup would miss, and on Linux a real cache's lookup costs more
    /// than the stub's whole answer. (On Linux its cache is one that finds nothing at once, which
    /// lets requests sent at once be decided at once: see `Docs/UITests.md`.)
    public let urlSession: URLSession
    /// The admin API of this stub, in process: sessions, typed behaviours, the journal.
    public let control: StubControlClient

    /// What the stub's host reaches (`InProcessHosts`): the exchange and the offline switch.
    let target: InProcessTarget
    var exchange: InProcessExchange { target.exchange }
    /// The hex digits of the stub's host (`InProcessHosts`).
    private let hostId: UInt64

    /// Loads `stubs` (route files, scenarios and `stubbank.yaml`, as `stubbank serve --stubs`
    /// does; with `bank: .builtIn`, the bank's personas too).
    ///
    /// - Parameters:
    ///   - stubs: the stubs folder.
    ///   - bank: `.builtIn` (`import BuiltInBank`) serves the built-in bank after the route files,
    ///     as `stubbank serve` does; nil (the default) serves the route files alone.
    ///   - clock: what delays, latencies and hangs sleep on; `TestClock()` makes them instant and is
    ///     also the stub's `now`.
    ///   - seed: the seed for random choices (latency ranges, probabilities).
    /// - Throws: the loader's error, naming the file, line and reason, when a file is malformed.
    public convenience init(stubs: URL, bank: BankModule? = nil, clock: any Clock<Duration> = ContinuousClock(),
                            seed: UInt64 = 1) throws {
        try self.init(stubs: stubs, bank: bank, clock: clock) { $0.seed = seed }
    }

    /// The stub over `stubs`, with changes to its configuration (`StubServerTesting`'s).
    package init(stubs: URL, bank: BankModule?, clock: any Clock<Duration>, configure: (inout StubServerConfiguration) -> Void) throws {
        let configuration = StubServerConfiguration.forTests(stubs: stubs, configure: configure)
        var logger = Logger(label: "stubbank.in-process")
        logger.logLevel = .critical
        // A test clock is also the stub's `now` (templates, token expiry, session idling).
        var now: @Sendable () -> Date = Date.init
        if let test = clock as? TestClock { now = { test.date } }
        let backend = try StubBackend(configuration: configuration, bank: bank, logger: logger, clock: now)
        // 64 random bits: two live stubs sharing a host is as likely as guessing a key.
        hostId = UInt64.random(in: .min ... .max)
        baseURL = URL(string: "http://\(InProcessHosts.host(id: hostId))")!
        target = InProcessTarget(exchange: InProcessExchange(backend: backend, clock: clock))
        urlSession = URLSession(configuration: Self.sessionConfiguration())
        // The control library gets a URLSession of its own: its admin calls finish on tasks (see
        // StubURLProtocol), and on Linux a session's task table must not be read from another
        // thread while the app's requests start and end on it.
        control = StubControlClient(baseURL: baseURL, urlSession: URLSession(configuration: Self.sessionConfiguration()))
        InProcessHosts.shared.add(target, id: hostId)
    }

    /// The stub's parts, for the testing library.
    package var backend: StubBackend { exchange.backend }

    deinit {
        InProcessHosts.shared.remove(id: hostId)
    }

    /// Answers requests matching `pattern` with `handler`, for this test: a route written in
    /// Swift, asked before the route files and the bank, the newest first. It goes through the
    /// whole stub like any route: sessions, behaviours and faults, `X-Request-Id`, the
    /// signature and the journal (which names it `GET /v1/x (inline)`).
    ///
    /// ```swift
    /// try stub.route("GET /v1/accounts/{id}") { request in
    ///     .json(["id": request.parameters["id"] ?? "", "name": "Savings"])
    /// }
    /// try stub.route("POST /v1/transfers") { _ in .json(#"{"error":{"code":"limit"}}"#, status: 422) }
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: `METHOD /path` as in route files: `{name}` takes one segment, `*` any one,
    ///     a final `**` the rest; `*` or no method for any.
    ///   - handler: the answer; it runs for each matching request, on whichever thread sends it.
    /// - Returns: an id for `removeRoute(_:)`.
    /// - Throws: when `pattern` is malformed, naming the pattern and why.
    @discardableResult
    public func route(_ pattern: String, _ handler: @escaping @Sendable (InlineRequest) -> InlineResponse) throws -> Int {
        try InlineRoutes.add(pattern, handler, to: exchange.backend)
    }

    /// Removes a route added with `route(_:_:)`; returns whether it was there.
    @discardableResult
    public func removeRoute(_ id: Int) -> Bool {
        exchange.backend.inlineRoutes.remove(id)
    }

    /// The configuration of the stub's own sessions: its protocol alone, nothing stored.
    private static func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = storingNothing()
        configuration.protocolClasses = [StubURLProtocol.self]
        return configuration
    }

    /// `.ephemeral` storing nothing, the base of every configuration the stub hands out: no URL
    /// cache, or on Linux `NothingStoredCache`, which lets requests sent at once be decided at once.
    private static func storingNothing() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        #if canImport(FoundationNetworking)
        configuration.urlCache = NothingStoredCache()
        #else
        configuration.urlCache = nil
        #endif
        return configuration
    }

    /// Puts this stub's protocol first in `configuration.protocolClasses`, so a session the code
    /// under test builds from it reaches the stub.
    public func install(into configuration: URLSessionConfiguration) {
        configuration.protocolClasses = [StubURLProtocol.self] + (configuration.protocolClasses ?? [])
    }

    /// While true, every request fails at once with `notConnectedToInternet` (-1009), as on a
    /// phone in airplane mode; the stub sees nothing. (A `StubBehaviour.offline()` is the other
    /// offline: the connection drops after the request is sent.)
    public var isOffline: Bool {
        get { target.isOffline }
        set { target.isOffline = newValue }
    }
}

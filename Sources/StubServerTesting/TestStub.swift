public import Foundation
public import Logging
public import StubServer
import StubEngine

/// A stub started for one test, over a stubs folder (route files, or a whole bank), on its own
/// loopback port and its own `TestClock`. Get one with `withTestStub`.
public struct TestStub: Sendable {
    /// The loopback port it listens on (chosen by the system).
    public let port: Int
    /// The clock its templates, tokens and sessions read.
    public let clock: TestClock
    let host: StubHost

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { host.baseURL }

    /// A client that sends bytes exactly as given, for framing and protocol tests.
    public var raw: RawHTTPClient { RawHTTPClient(port: port) }

    /// The URL of `path` on this stub: `stub.url("/v1/atms")`.
    public func url(_ path: String) -> URL { URL(string: baseURL.absoluteString + path)! }

    /// How many requests the journal holds now, for `eventually` after a fire-and-forget call.
    public var journalCount: Int { host.backend.journal.entries().count }
}

/// Runs `body` against a stub serving `stubs`, then stops it, whether `body` returns or throws.
///
///     try await withTestStub(stubs: URL(fileURLWithPath: "Stubs")) { stub in
///         let answer = try await stub.raw.send("GET /v1/atms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
///         #expect(answer.status == 200)
///     }
///
/// - Parameters:
///   - stubs: the stubs folder, as `stubbank serve --stubs` takes it;
///   - clock: the clock its templates read (a new `TestClock` by default);
///   - configure: changes to the configuration (a seed, a body limit); the port is always 0;
///   - logger: where the stub logs (nowhere below `.critical` by default).
public func withTestStub<T: Sendable>(
    stubs: URL, clock: TestClock = TestClock(),
    configure: (inout StubServerConfiguration) -> Void = { _ in },
    logger: Logger = Logger(label: "stubbank-test", factory: { _ in SwiftLogNoOpLogHandler() }),
    _ body: (TestStub) async throws -> T
) async throws -> T {
    var configuration = StubServerConfiguration(stubsDirectory: stubs)
    configure(&configuration)
    configuration.port = 0
    let host = try await StubHost.start(configuration: configuration, logger: logger, clock: { clock.now })
    let stub = TestStub(port: host.port, clock: clock, host: host)
    do {
        let result = try await body(stub)
        await host.stop()
        return result
    } catch {
        await host.stop()
        throw error
    }
}

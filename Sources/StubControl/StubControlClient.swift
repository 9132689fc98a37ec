public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Steers a running stub from a test, through its admin API: a fresh session per test, typed
/// behaviours, and bounded waits on the journal. Foundation only, so a UI-test target can depend
/// on it without building the server.
///
/// ```swift
/// let stub = StubControlClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let session = try await stub.makeSession()
/// app.launchEnvironment.merge(session.launchEnvironment) { $1 }
/// try await session.install(.offline())
/// app.launch()
/// // … assert the offline message …
/// try await session.end()
/// ```
///
/// Every session lives in the stub as `/_s/NAME/`, so tests (and parallel simulators) never see
/// each other's behaviours, journal or bank state.
public struct StubControlClient: Sendable {
    /// The stub's root, such as `http://127.0.0.1:8080`.
    public let baseURL: URL
    let transport: AdminTransport
    let clock: ContinuousClock

    /// A control for the stub at `baseURL`. `adminToken` when the stub was started with
    /// `--admin-token` (needed from another machine); `timeout` bounds each admin call.
    public init(baseURL: URL, adminToken: String? = nil, timeout: Duration = .seconds(10), urlSession: URLSession = .shared) {
        self.baseURL = baseURL
        self.transport = AdminTransport(baseURL: baseURL, token: adminToken, session: urlSession,
                                        timeout: StubBehaviour.milliseconds(timeout) / 1000)
        self.clock = ContinuousClock()
    }

    /// The stub named by the environment (`STUBBANK_BASE_URL`; in a simulator's test runner also
    /// `TEST_RUNNER_STUBBANK_BASE_URL`), or `fallback`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       fallback: URL = URL(string: "http://127.0.0.1:8080")!) -> StubControlClient {
        let named = environment["STUBBANK_BASE_URL"] ?? environment["TEST_RUNNER_STUBBANK_BASE_URL"]
        return StubControlClient(baseURL: named.flatMap(URL.init(string:)) ?? fallback, adminToken: environment["STUBBANK_ADMIN_TOKEN"])
    }

    /// A new session with a unique name (`<prefix>-<8 hex>`), cleared on the stub so it starts
    /// fresh: no behaviours, an empty journal, the bank as the fixtures describe it.
    public func makeSession(prefix: String = "test") async throws(StubControlError) -> StubSession {
        let safe = String(prefix.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }.prefix(40))
        let name = (safe.isEmpty ? "test" : safe) + "-" + UUID().uuidString.prefix(8).lowercased()
        let session = self.session(named: name)
        try await session.reset()
        return session
    }

    /// Runs `body` with a fresh session and ends the session afterwards, also when `body` throws.
    public func withSession<T: Sendable>(prefix: String = "test", _ body: (StubSession) async throws -> T) async throws -> T {
        let session = try await makeSession(prefix: prefix)
        do {
            let result = try await body(session)
            try await session.end()
            return result
        } catch {
            try? await session.end()
            throw error
        }
    }

    /// The session called `name`, as it is now (nothing is cleared).
    public func session(named name: String) -> StubSession {
        StubSession(name: name, control: self)
    }

    /// Turns on a scenario for the whole stub (every session), such as `maintenance`; nil turns it off.
    public func activateScenario(_ name: String?) async throws(StubControlError) {
        if let name {
            let body = try Self.encode(["name": JSONField.text(name)])
            _ = try await transport.send("PUT", "scenario", body: body, expect: [200])
        } else {
            _ = try await transport.send("DELETE", "scenario", expect: [204])
        }
    }

    static func encode(_ object: [String: JSONField]) throws(StubControlError) -> Data {
        do { return try JSONEncoder().encode(object) } catch {
            throw StubControlError(status: nil, code: "unencodable", message: "\(error)")
        }
    }
}

/// The earlier name of `StubControlClient`. A type named as its module made `StubControl.X`
/// mean the type, not the module, so `StubControl.StubBehaviour` did not compile.
@available(*, deprecated, renamed: "StubControlClient")
public typealias StubControl = StubControlClient

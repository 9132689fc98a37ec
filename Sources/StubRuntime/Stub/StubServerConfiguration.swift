public import Foundation
public import StubEngine

/// Everything `stubbank serve` can set. Defaults are safe: loopback only, admin on loopback only.
public struct StubServerConfiguration: Sendable {
    /// Interface to bind; `127.0.0.1` keeps the stub private to this machine.
    public var host: String = "127.0.0.1"
    /// TCP port; 0 picks a free one (tests read it back).
    public var port: Int = 8080
    /// The fixtures directory.
    public var stubsDirectory: URL
    /// Scenario to activate at start.
    public var scenario: String?
    /// Seed for every probability and latency draw, so runs replay.
    public var seed: UInt64 = 0
    /// When set, the admin API also answers non-loopback clients that send `X-Stub-Admin-Token`.
    public var adminToken: String?
    /// HMAC key for `X-Signature`.
    public var signingKey: String = "stubbank-dev-signing-key"
    /// Access-token lifetime in seconds.
    public var tokenTTLSeconds: Int = 900
    /// Larger request bodies get 413.
    public var maxBodyBytes: Int = 64 * 1024
    /// Journal size; 0 turns it off.
    public var journalCapacity: Int = 1000
    /// The longest a `hang` fault holds a connection open. In process there is no connection to
    /// free: a hang lasts until the request's own timeout.
    public var hangLimitSeconds: Int = 300
    /// Header, body and idle timeouts, and how much of an unwanted body is read and dropped.
    public var connectionLimits = ConnectionLimits()
    /// The most admin behaviours installed at once; the next gets 409.
    public var maxBehaviours: Int = 10_000
    /// How many sessions are kept, and how long an unused one lives.
    public var sessionLimits = SessionLimits()
    /// Poll `stubsDirectory` and reload on change.
    public var watchStubs: Bool = false
    /// Ask the engine on the event loop that read a request with no body, and write its answer
    /// there when nothing has to wait (`ReadyAnswerHandler`), without Hummingbird's router. The
    /// engine decides either way, so the answer, the journal entry and every counter are the
    /// same; off, every request goes through Hummingbird, which is slower and is there to
    /// compare the two.
    public var answersReadyRequestsOnEventLoop: Bool = true

    /// The defaults, serving `stubsDirectory` on 127.0.0.1:8080.
    public init(stubsDirectory: URL) {
        self.stubsDirectory = stubsDirectory
    }

    /// What a test's stub serves, in process or on a socket: `stubs` with seed 1 (so a template
    /// or a probability draws the same in either mode), then the test's own changes, then port 0.
    package static func forTests(stubs: URL, configure: (inout StubServerConfiguration) -> Void) -> StubServerConfiguration {
        var configuration = StubServerConfiguration(stubsDirectory: stubs)
        configuration.seed = 1
        configure(&configuration)
        configuration.port = 0
        return configuration
    }
}

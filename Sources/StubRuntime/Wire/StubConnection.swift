
/// The client's end of an exchange, as a transport carrying out a plan sees it: a socket
/// (`ChannelConnection`) for the server, or a `URLProtocol` in the test process
/// (`InProcessConnection`), which has no socket and waits on an injected clock.
///
/// `WireCarrier` waits on it and drops it (`ConnectionDropped`); the connection remembers how
/// it ended for whoever reports it.
package protocol StubConnection: Sendable {
    /// Waits `milliseconds` (nil: until the client leaves or the stop begins), ending early when
    /// the client leaves or the server stops.
    func wait(milliseconds: Double?, stop: StopSignal) async -> ConnectionWaitOutcome
    /// Drops the connection as a reset (TCP RST on a socket).
    func reset() async
    /// Closes without a byte of response (FIN on a socket).
    func closeWithoutResponse() async
    /// Holds the request until the client gives up, the server stops or `limitSeconds` pass;
    /// then closes.
    func hang(limitSeconds: Int, stop: StopSignal) async
    /// Closes in the middle of a body: a truncated answer, or a paced one the client left.
    func cutBody() async
    /// Whether the peer is on this machine (the admin API's default rule).
    var isLoopbackPeer: Bool { get }
}

/// How a wait on a connection ended.
package enum ConnectionWaitOutcome: Equatable, Sendable {
    /// The full time passed; go on.
    case elapsed
    /// The client closed its side; nobody is waiting for the answer.
    case clientGone
    /// SIGINT or SIGTERM, or the request's task was cancelled: the server is stopping.
    case shuttingDown
}

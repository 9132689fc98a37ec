import NIOCore
import StubEngine
import BuiltInBank

/// The client's end of an exchange, as the middleware that wait on it or drop it see it: a socket
/// (`ChannelConnection`) for the server, or a `URLProtocol` in the test process
/// (`InProcessConnection`), which has no socket and waits on an injected clock.
///
/// A middleware that wants the connection dropped throws `ConnectionDropped`, and `StubResponder`
/// drops it here once the journal has the exchange; the connection remembers how it ended for
/// whoever reports it.
package protocol StubConnection: Sendable {
    /// Waits `milliseconds` (nil: until the client leaves or the stop begins), ending early when
    /// the client leaves or the server stops.
    func wait(milliseconds: Double?, stop: StopSignal) async -> ConnectionWait.Outcome
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

/// A real client connection: the NIO channel of the request.
struct ChannelConnection: StubConnection {
    let channel: any Channel

    func wait(milliseconds: Double?, stop: StopSignal) async -> ConnectionWait.Outcome {
        await ConnectionWait.wait(milliseconds: milliseconds, on: channel, stop: stop)
    }

    func reset() async {
        await FaultInjector.reset(channel)
    }

    func closeWithoutResponse() async {
        await FaultInjector.closeWithoutResponse(channel)
    }

    func hang(limitSeconds: Int, stop: StopSignal) async {
        await FaultInjector.hang(channel, limitSeconds: limitSeconds, stop: stop)
    }

    func cutBody() async {
        // Writes and this close are queued on the channel's event loop in order, so a partial
        // body written before it is flushed before the FIN.
        try? await channel.close()
    }

    var isLoopbackPeer: Bool { StubRequestContext.isLoopback(channel.remoteAddress) }
}

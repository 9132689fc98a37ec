import NIOCore
import StubRuntime

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

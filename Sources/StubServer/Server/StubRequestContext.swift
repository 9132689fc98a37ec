public import Hummingbird
public import NIOCore
import StubEngine
import BuiltInBank

/// Request context that keeps the connection, so faults can reset or close it.
public struct StubRequestContext: RequestContext {
    /// Hummingbird's own per-request state.
    public var coreContext: CoreRequestContextStorage
    /// The client connection's channel (a testing channel for an exchange answered in process).
    public let channel: any Channel
    /// The client's end, as the middleware that wait on it or drop it see it.
    let connection: any StubConnection

    /// A context for a request on a real connection: its waits and drops go to the channel.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
        self.connection = ChannelConnection(channel: source.channel)
    }

    /// A context whose waits and drops go to `connection` instead of the channel: an exchange
    /// answered in the test process.
    package init(source: ApplicationRequestContextSource, connection: any StubConnection) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
        self.connection = connection
    }

    /// True for loopback peers, in-process exchanges and test channels (which have no address).
    var isLoopbackPeer: Bool { connection.isLoopbackPeer }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let address else { return true }
        switch address {
        case .v4: return address.ipAddress?.hasPrefix("127.") ?? false
        case .v6: return address.ipAddress == "::1" || (address.ipAddress?.hasPrefix("::ffff:127.") ?? false)
        case .unixDomainSocket: return true
        }
    }
}

public import Hummingbird
public import NIOCore

/// Request context that keeps the connection, so faults can reset or close it.
public struct StubRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client connection.
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }

    /// True for loopback peers and in-process test channels (which have no address).
    var isLoopbackPeer: Bool { Self.isLoopback(channel.remoteAddress) }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let address else { return true }
        switch address {
        case .v4: return address.ipAddress?.hasPrefix("127.") ?? false
        case .v6: return address.ipAddress == "::1" || (address.ipAddress?.hasPrefix("::ffff:127.") ?? false)
        case .unixDomainSocket: return true
        }
    }
}

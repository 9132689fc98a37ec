import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// Produces network faults on a real connection, the way a phone on a bad network sees them.
enum FaultInjector {
    /// Sends TCP RST: SO_LINGER 0, then close. URLSession reports "network connection lost".
    static func reset(_ channel: any Channel) async {
        if let provider = channel as? any SocketOptionProvider {
            try? await provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        try? await channel.close()
    }

    /// Closes cleanly (FIN) without a byte of response.
    static func closeWithoutResponse(_ channel: any Channel) async {
        try? await channel.close()
    }

    /// Holds the request until the client gives up and closes, the server stops, or `limit`
    /// passes; then closes the connection.
    static func hang(_ channel: any Channel, limitSeconds: Int, stop: StopSignal) async {
        _ = await ConnectionWait.wait(milliseconds: Double(limitSeconds) * 1000, on: channel, stop: stop)
        try? await channel.close()
    }
}

import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import StubEngine
import BuiltInBank

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

    /// A body that promises `body.count` bytes, sends about half, then closes the connection.
    static func truncatedBody(_ body: [UInt8], connection: any StubConnection) -> ResponseBody {
        let sent = max(1, body.count / 2)
        return ResponseBody(contentLength: body.count) { writer in
            try await writer.write(ByteBuffer(bytes: body.prefix(sent)))
            await connection.cutBody()
            throw ConnectionDropped(how: .cut, exchange: nil, status: nil)
        }
    }

    /// A body paced to a byte rate, in chunks, without blocking a thread. A pause ends early,
    /// and the connection closes, when the client leaves or the server stops.
    static func throttledBody(_ body: [UInt8], bandwidth: Bandwidth, connection: any StubConnection, stop: StopSignal) -> ResponseBody {
        ResponseBody(contentLength: body.count) { writer in
            let chunk = bandwidth.effectiveChunk
            let pauseMs = Double(chunk) / Double(bandwidth.bytesPerSecond) * 1000
            var offset = 0
            while offset < body.count {
                let end = min(offset + chunk, body.count)
                try await writer.write(ByteBuffer(bytes: body[offset..<end]))
                offset = end
                if offset < body.count, await connection.wait(milliseconds: pauseMs, stop: stop) != .elapsed {
                    await connection.cutBody()
                    throw ConnectionDropped(how: .cut, exchange: nil, status: nil)
                }
            }
            try await writer.finish(nil)
        }
    }

    /// Cuts a JSON body mid-token so that it no longer parses.
    static func malformed(_ body: [UInt8]) -> [UInt8] {
        let cut = body.isEmpty ? [] : Array(body.prefix(max(1, body.count * 2 / 3)))
        return cut + Array(#"{"unterminated": [1, 2,"#.utf8)
    }

    /// An HTML error page, as a captive portal or a proxy would send.
    static let wrongContentTypeBody = Array("""
        <!DOCTYPE html><html><head><title>Gateway</title></head>
        <body><h1>Please sign in to the Wi-Fi network</h1></body></html>
        """.utf8)
}

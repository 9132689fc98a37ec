import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Produces network faults on a real connection, the way a phone on a bad network sees them.
enum FaultInjector {
    /// Waits out an injected delay on a NIO event loop timer.
    ///
    /// NIO's timers (epoll with a timerfd) fire within tens of microseconds; `Task.sleep` on
    /// Linux goes through Dispatch and lands a millisecond or more late, which a latency test
    /// would read as the bank being slow (Benchmarks/README.md has the figures).
    static func delay(milliseconds: Double) async throws {
        let scheduled = MultiThreadedEventLoopGroup.singleton.any()
            .scheduleTask(in: .nanoseconds(Int64(milliseconds * 1_000_000))) {}
        try await withTaskCancellationHandler {
            try await scheduled.futureResult.get()
        } onCancel: {
            scheduled.cancel()
        }
    }

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

    /// Holds the request until the client gives up and closes, or `limit` passes.
    static func hang(_ channel: any Channel, limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await ClientDisconnectHandler.clientGone(on: channel) }
            group.addTask { try? await Task.sleep(for: limit) }
            // SIGINT/SIGTERM end a hang at once rather than after `limit`.
            group.addTask { try? await gracefulShutdown() }
            await group.next()
            group.cancelAll()
        }
        try? await channel.close()
    }

    /// A body that promises `body.count` bytes, sends about half, then closes the connection.
    static func truncatedBody(_ body: [UInt8], channel: any Channel) -> ResponseBody {
        let sent = max(1, body.count / 2)
        return ResponseBody(contentLength: body.count) { writer in
            try await writer.write(ByteBuffer(bytes: body.prefix(sent)))
            // Writes and this close are queued on the channel's event loop in order,
            // so the partial body is flushed before the FIN.
            try? await channel.close()
            throw ChannelError.ioOnClosedChannel
        }
    }

    /// A body paced to a byte rate, in chunks, without blocking a thread.
    static func throttledBody(_ body: [UInt8], bandwidth: Bandwidth) -> ResponseBody {
        ResponseBody(contentLength: body.count) { writer in
            let chunk = bandwidth.effectiveChunk
            let pauseMs = Double(chunk) / Double(bandwidth.bytesPerSecond) * 1000
            var offset = 0
            while offset < body.count {
                let end = min(offset + chunk, body.count)
                try await writer.write(ByteBuffer(bytes: body[offset..<end]))
                offset = end
                if offset < body.count { try await delay(milliseconds: pauseMs) }
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

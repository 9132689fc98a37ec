import Foundation
import NIOCore
import NIOPosix

/// Sends bytes to the stub exactly as given, and returns every byte it wrote back: for what no
/// HTTP library will send (a bad chunk, a HEAD whose answer must carry no body, a pipelined pair)
/// and for checking the framing of what comes back.
public struct RawHTTPClient: Sendable {
    /// The loopback port it connects to.
    public let port: Int

    /// A client for the stub on `port` of 127.0.0.1.
    public init(port: Int) { self.port = port }

    /// Writes `request` on a new connection, then reads until the stub closes it or `timeout`
    /// passes (then it closes it). Send `Connection: close` for the stub to close after answering.
    public func send(_ request: String, timeout: Duration = .seconds(5)) async throws -> RawHTTPResponse {
        try await send(Array(request.utf8), timeout: timeout)
    }

    /// Writes `bytes` on a new connection; see `send(_:timeout:)`.
    public func send(_ bytes: [UInt8], timeout: Duration = .seconds(5)) async throws -> RawHTTPResponse {
        let group = MultiThreadedEventLoopGroup.singleton
        let received = group.next().makePromise(of: [UInt8].self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(.milliseconds(Self.milliseconds(timeout)))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(Collector(done: received))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
        } catch {
            received.fail(error)
            throw error
        }
        // Whatever happens, the connection is closed by `timeout`, and closing fulfils `received`.
        let limit = channel.eventLoop.scheduleTask(in: .milliseconds(Self.milliseconds(timeout))) { channel.close(promise: nil) }
        defer { limit.cancel() }
        do {
            try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
        } catch {
            channel.close(promise: nil)
        }
        return RawHTTPResponse(bytes: try await received.futureResult.get())
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Gathers what arrives until the connection closes.
    private final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private var bytes: [UInt8] = []
        private let done: EventLoopPromise<[UInt8]>

        init(done: EventLoopPromise<[UInt8]>) { self.done = done }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            bytes += unwrapInboundIn(data).readableBytesView
        }

        func channelInactive(context: ChannelHandlerContext) {
            done.succeed(bytes)
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // A reset ends the connection too; what arrived before it is the answer.
            context.close(promise: nil)
        }
    }
}

/// Everything the stub wrote on one connection, and its first response read from it.
public struct RawHTTPResponse: Sendable {
    /// The bytes as received.
    public let bytes: [UInt8]

    /// The first response's status code; nil when nothing, or no status line, came back.
    public var status: Int? {
        guard let line = head.first, line.hasPrefix("HTTP/") else { return nil }
        let parts = line.split(separator: " ")
        return parts.count > 1 ? Int(parts[1]) : nil
    }

    /// The first response's header fields, in order, as sent.
    public var headers: [(name: String, value: String)] {
        head.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The value of the first header called `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Everything after the first response's head: its body, and anything sent after it.
    public var rest: [UInt8] {
        guard let end = headEnd else { return [] }
        return Array(bytes[end...])
    }

    /// The lines of the first response's head.
    private var head: [String] {
        guard let end = headEnd else { return [] }
        return String(decoding: bytes[..<(end - 4)], as: UTF8.self).components(separatedBy: "\r\n")
    }

    /// The offset just past the first `\r\n\r\n`.
    private var headEnd: Int? {
        let crlfcrlf: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(crlfcrlf) }.map { $0 + 4 }
    }
}

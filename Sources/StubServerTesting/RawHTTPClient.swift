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

    /// Where reading stops.
    public enum ReadEnd: Sendable, Equatable {
        /// When the stub closes the connection (or `timeout` passes): for `Connection: close`,
        /// pipelined requests, and faults.
        case close
        /// When what arrived ends with this text: the last chunk of a stream (`"0\r\n\r\n"`),
        /// on a connection the stub keeps open.
        case suffix(String)
        /// When the first response is whole, by its `Content-Length` or its last chunk (no body
        /// after a 1xx, 204 or 304, or with `bodyless` for the answer to a HEAD), on a kept-alive
        /// connection.
        case firstResponse(bodyless: Bool = false)
    }

    /// A write the stub did not take: it stopped reading, or closed the connection, before the
    /// request was all sent.
    public struct WriteStalled: Error, CustomStringConvertible {
        /// How many bytes went out before it stalled.
        public let bytesWritten: Int
        /// The request's size.
        public let bytesToWrite: Int
        /// "the stub stopped reading after N of M bytes".
        public var description: String {
            "the stub stopped reading after \(bytesWritten) of \(bytesToWrite) bytes"
        }
    }

    /// Writes `request` on a new connection, then reads until `end` (by default until the stub
    /// closes it) or until `timeout` passes, then closes it. The answer says which
    /// (`RawHTTPResponse.ending`). Send `Connection: close` for the stub to close after answering.
    public func send(_ request: String, timeout: Duration = .seconds(5), until end: ReadEnd = .close) async throws -> RawHTTPResponse {
        try await send(parts: [Array(request.utf8)], timeout: timeout, until: end)
    }

    /// Writes `bytes` on a new connection; see `send(_:timeout:until:)`.
    public func send(_ bytes: [UInt8], timeout: Duration = .seconds(5), until end: ReadEnd = .close) async throws -> RawHTTPResponse {
        try await send(parts: [bytes], timeout: timeout, until: end)
    }

    /// Writes `parts` in order, as fast as the stub reads them, as a client that writes its whole
    /// request (a head, then a 20 MB body) before it reads a byte; then reads as
    /// `send(_:timeout:until:)` does. Throws `WriteStalled` when they have not all gone out within
    /// `timeout`, or the stub closes the connection before the last one.
    ///
    /// With `pause`, each part goes out alone, `pause` after the one before, as a client that
    /// sends its head a few bytes at a time: the writing stops, without an error, once the stub
    /// has closed its side, the read has reached `end` or `timeout` has passed, and what the stub
    /// sent is the answer.
    public func send(parts: some Sequence<[UInt8]>, pause: Duration? = nil, timeout: Duration = .seconds(5),
                     until end: ReadEnd = .close) async throws -> RawHTTPResponse {
        let group = MultiThreadedEventLoopGroup.singleton
        let loop = group.next()
        let collector = Collector(end: end, done: loop.makePromise(of: RawHTTPResponse.self))
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(.milliseconds(Self.milliseconds(timeout)))
                // A stub that answers early and closes its side keeps reading the rest (it must
                // not reset a client still writing): the writes go on after its end arrives.
                .channelOption(.allowRemoteHalfClosure, value: true)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(collector)
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
        } catch {
            collector.done.fail(error)
            throw error
        }
        // Every part is queued at once and goes out as fast as the stub reads, as a client that
        // writes its whole request before reading does: a stub that answers early drains for a
        // bounded time only, so a writer slower than the socket would meet a close it caused.
        let parts = Array(parts)
        if let pause {
            // The writing is bounded by `timeout` too: a stub that stops reading, or a request
            // that takes longer, meets a close, which fails the write in progress and ends it.
            let cut = loop.scheduleTask(in: .milliseconds(Self.milliseconds(timeout))) {
                collector.timedOut = true
                channel.close(promise: nil)
            }
            defer { cut.cancel() }
            for part in parts {
                if try await loop.submit({ collector.inputClosed || collector.reachedEnd || collector.timedOut }).get() { break }
                do { try await channel.writeAndFlush(ByteBuffer(bytes: part)).get() } catch { break }
                try await loop.submit { collector.bytesWritten += part.count }.get()
                try await Task.sleep(for: pause)
            }
            return try await finish(channel, collector, loop: loop, timeout: timeout)
        }
        let total = parts.reduce(0) { $0 + $1.count }
        var last: EventLoopFuture<Void>?
        for part in parts {
            let count = part.count
            let write = channel.write(ByteBuffer(bytes: part))
            write.whenSuccess { collector.bytesWritten += count }
            last = write
        }
        channel.flush()
        // Parts not all gone out within `timeout` close the connection, which fails the writes.
        let stalled = loop.scheduleTask(in: .milliseconds(Self.milliseconds(timeout))) { channel.close(promise: nil) }
        do {
            try await last?.get()
            stalled.cancel()
        } catch {
            stalled.cancel()
            channel.close(promise: nil)
            _ = try? await collector.done.futureResult.get()
            let written = try await loop.submit { collector.bytesWritten }.get()
            throw WriteStalled(bytesWritten: written, bytesToWrite: total)
        }
        return try await finish(channel, collector, loop: loop, timeout: timeout)
    }

    /// Once the writing is over: reads until `end`, the stub's close or `timeout`.
    private func finish(_ channel: any Channel, _ collector: Collector, loop: any EventLoop,
                        timeout: Duration) async throws -> RawHTTPResponse {
        // The read may have reached its end while parts were still going out; the connection
        // closes now, not under the writes.
        try await loop.submit {
            collector.writing = false
            if collector.reachedEnd || collector.inputClosed { channel.close(promise: nil) }
        }.get()
        // Whatever happens, the connection is closed by `timeout`, and closing fulfils `done`.
        let limit = loop.scheduleTask(in: .milliseconds(Self.milliseconds(timeout))) {
            collector.timedOut = true
            channel.close(promise: nil)
        }
        defer { limit.cancel() }
        return try await collector.done.futureResult.get()
    }

    /// Writes `request` and closes the connection at once, reading nothing: a client that gives up.
    public func sendAndClose(_ request: String, timeout: Duration = .seconds(5)) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Self.milliseconds(timeout)))
            .connect(host: "127.0.0.1", port: port).get()
        try? await channel.writeAndFlush(ByteBuffer(bytes: Array(request.utf8)))
        try? await channel.close()
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// Gathers what arrives until `end`, the stub's close or the timeout. Used on its channel's
    /// event loop only.
    private final class Collector: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private var bytes: [UInt8] = []
        private let end: ReadEnd
        let done: EventLoopPromise<RawHTTPResponse>
        var timedOut = false
        /// Set once `end` arrived.
        private(set) var reachedEnd = false
        /// True while parts are still being written: reaching `end` then waits for them.
        var writing = true
        /// Set when the stub closed its side of the connection.
        private(set) var inputClosed = false
        /// How many bytes of the request have gone out.
        var bytesWritten = 0

        init(end: ReadEnd, done: EventLoopPromise<RawHTTPResponse>) {
            self.end = end
            self.done = done
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            bytes += unwrapInboundIn(data).readableBytesView
            guard !reachedEnd else { return }
            let whole: Bool = switch end {
            case .close: false
            case .suffix(let tail): bytes.count >= tail.utf8.count && bytes.suffix(tail.utf8.count).elementsEqual(tail.utf8)
            case .firstResponse(let bodyless): RawHTTPResponse(bytes: bytes, ending: .endReached).firstResponseIsWhole(bodyless: bodyless)
            }
            if whole {
                reachedEnd = true
                if !writing { context.close(promise: nil) }
            }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .some(.inputClosed) = event as? ChannelEvent {
                inputClosed = true
                if !writing { context.close(promise: nil) }
            }
            context.fireUserInboundEventTriggered(event)
        }

        func channelInactive(context: ChannelHandlerContext) {
            let ending: RawHTTPResponse.Ending = reachedEnd ? .endReached : timedOut ? .timedOut : .closedByStub
            done.succeed(RawHTTPResponse(bytes: bytes, ending: ending, bytesWritten: bytesWritten))
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
    /// What ended the read.
    public let ending: Ending
    /// How many bytes of the request went out. Less than the whole request only when it was
    /// sent in paced parts (`send(parts:pause:…)`) and the writing stopped early: the stub
    /// answered or closed first, or `timeout` passed. A test of a slow client reads it to prove
    /// the stub acted before the request was all sent, with no stopwatch that a busy machine
    /// could fool.
    public let bytesWritten: Int

    /// What ended a read.
    public enum Ending: Sendable, Equatable {
        /// The stub closed the connection (or reset it).
        case closedByStub
        /// The `until` end arrived; the client closed the connection.
        case endReached
        /// `timeout` passed first; the client closed the connection.
        case timedOut
    }

    /// The bytes, what ended the read, and how many bytes of the request went out.
    public init(bytes: [UInt8], ending: Ending, bytesWritten: Int = 0) {
        self.bytes = bytes
        self.ending = ending
        self.bytesWritten = bytesWritten
    }

    /// The bytes as text (UTF-8).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

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

    /// Whether the first response has arrived whole: its head, and its body by `Content-Length`
    /// or by its last chunk (none after a 1xx, 204 or 304, or when `bodyless`).
    func firstResponseIsWhole(bodyless: Bool) -> Bool {
        guard let end = headEnd, let status else { return false }
        if bodyless || status < 200 || status == 204 || status == 304 { return true }
        if let length = header("content-length").flatMap({ Int($0) }) { return bytes.count - end >= length }
        if header("transfer-encoding")?.lowercased().contains("chunked") == true {
            return bytes.count - end >= 5 && bytes.suffix(5).elementsEqual("0\r\n\r\n".utf8)
        }
        return false
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

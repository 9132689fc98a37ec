import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import StubEngine
import BuiltInBank

/// Stands between the HTTP/1.1 parser and Hummingbird, so that what goes wrong below the routes
/// still gets the error envelope and a valid response:
///
/// - a parser error (bad or duplicate `Content-Length`, a malformed chunk, headers over the
///   limit) on a connection with nothing in flight is answered here, 400 or 431, then closed;
///   one in the middle of a body reaches the route's body read, which answers it (`RequestBody`);
/// - an HTTP/1.1 request without exactly one `Host` gets 400 and never reaches a route;
/// - a head that is too slow gets 408, a body that is too slow fails the body read with 408;
/// - once a request is answered before its body is all in (a 413), the rest is read and thrown
///   away here, up to `ConnectionLimits.discardBytes`, so the client still writing sees the 413.
///   The guard keeps reading itself: after a `Connection: close` answer (or HTTP/1.0's) nothing
///   above reads the connection any more, and a client that writes its whole body before it
///   reads (Python's `urllib`) would otherwise wait for ever with a full socket buffer.
///
/// An answer made here waits until every earlier response on the connection is written.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The body read failed because the body came too slowly.
    struct BodyTimeout: Error {
        let seconds: Double
    }

    private let limits: ConnectionLimits
    private let deadline: ReadDeadlineHandler
    private let nextRequestId: @Sendable () -> String
    private var context: ChannelHandlerContext?
    /// Requests handed on whose response has not ended.
    private var pending = 0
    /// A request was handed on and its end has not arrived.
    private var bodyOpen = false
    /// That request's response already ended: the rest of its body is read and dropped.
    private var answeredEarly = false
    private var discarded = 0
    /// Everything from here on is dropped: the connection is being refused.
    private var refusing = false
    /// An answer waiting for earlier responses to finish.
    private var queued: APIError?

    init(limits: ConnectionLimits, deadline: ReadDeadlineHandler, nextRequestId: @escaping @Sendable () -> String) {
        self.limits = limits
        self.deadline = deadline
        self.nextRequestId = nextRequestId
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        deadline.onTimeout = { phase in loopBound.value.timedOut(phase) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline.onTimeout = nil
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            deadline.headArrived()
            let hosts = head.headers["Host"].count
            if head.version == .http1_1, hosts != 1 {
                refuse(HTTPLayerError.host(count: hosts))
                return
            }
            pending += 1
            bodyOpen = true
            answeredEarly = false
            discarded = 0
            if head.version == .http1_0, !head.isKeepAlive, !head.headers.contains(name: "Connection") {
                // HTTP/1.0 closes after each answer unless asked otherwise; Hummingbird reads the
                // request's Connection header to decide.
                var head = head
                head.headers.add(name: "Connection", value: "close")
                context.fireChannelRead(wrapInboundOut(.head(head)))
                return
            }
        case .body(let buffer):
            if answeredEarly {
                discarded += buffer.readableBytes
                if discarded > limits.discardBytes { context.close(promise: nil) }
                return
            }
        case .end:
            bodyOpen = false
            answeredEarly = false
            deadline.requestEnded()
            if pending == 0 { deadline.responseEnded() }
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.fireChannelReadComplete()
        // Draining an answered body does not wait for the reader above, which may be gone.
        if answeredEarly { context.read() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        if refusing { return }
        if bodyOpen {
            // The route reading this body answers with the envelope; an answer already sent
            // leaves nothing to say, so the connection just ends.
            if answeredEarly { context.close(promise: nil) } else { context.fireErrorCaught(error) }
            return
        }
        refuse(HTTPLayerError.parser(parserError))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        context.write(data, promise: promise)
        guard case .end = part else { return }
        pending = max(0, pending - 1)
        if bodyOpen {
            answeredEarly = true
            context.read()
        } else if pending == 0 {
            deadline.responseEnded()
        }
        if pending == 0, let answer = queued {
            queued = nil
            send(answer, context: context)
        }
    }

    private func timedOut(_ phase: ReadDeadlineHandler.Phase) {
        guard let context, !refusing else { return }
        switch phase {
        case .head:
            refuse(HTTPLayerError.headerTimeout(seconds: limits.headerSeconds))
        case .body where bodyOpen && !answeredEarly:
            context.fireErrorCaught(BodyTimeout(seconds: limits.bodySeconds))
        default:
            context.close(promise: nil)
        }
    }

    /// Answers with `error` once nothing else is in flight, then closes.
    private func refuse(_ error: APIError) {
        refusing = true
        guard let context else { return }
        if pending == 0 { send(error, context: context) } else { queued = error }
    }

    private func send(_ error: APIError, context: ChannelHandlerContext) {
        let requestId = nextRequestId()
        let body = WireJSON.encode(error.envelope(requestId: requestId))
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "X-Request-Id", value: requestId)
        headers.add(name: "Connection", value: "close")
        for (name, value) in error.headers { headers.add(name: name, value: value) }
        let status = HTTPResponseStatus(statusCode: error.status.code, reasonPhrase: error.status.reasonPhrase)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
        // Half-close, then read and drop what the client still sends for a moment: closing with
        // unread bytes would send a reset, and the client would never read this answer.
        let loop = context.eventLoop
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            loop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
        }
    }
}

import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1
import StubEngine

/// The event-loop transport: asks the engine for a keep-alive HTTP/1.1 request with no body on
/// the event loop that read it, and writes the answer at once when nothing has to wait.
///
/// Through Hummingbird a request crosses to a task and its answer crosses back, which costs more
/// than building most stub answers. Here such a request is held from its head to its end and
/// offered to `answer`, which asks the engine. A plan with nothing to wait for is written here;
/// any other (a delay, a fault, a paced body, the admin API) is kept in `PlanHandoff` and the
/// request handed on to Hummingbird with the plan's key, head and end together, so the engine
/// decides it once. Every other request is handed on unchanged. The head goes out as
/// Hummingbird's would: the plan's fields (with `Content-Length`), then `Date` and `Server`.
///
/// While a handed-on request has not been answered, every request is handed on, so answers
/// leave in the order their requests came (HTTP/1.1 pipelining).
final class ReadyAnswerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What to do with a request with no body: write the plan here, or hand the request on with
    /// the key of its plan (`PlanHandoff`).
    enum Ready {
        case write(WirePlan)
        case handOn(planKey: String)
    }

    /// Asks the engine for a request with no body; nil hands it on undecided.
    typealias Answerer = @Sendable (HTTPRequest) -> Ready?

    private let answer: Answerer
    private let serverName: String?
    private var dates = HTTPDateCache()
    /// Requests handed on whose response has not ended.
    private var handedOn = 0
    /// A head that may be answered here, waiting for its end.
    private var held: HTTPRequestHead?
    /// Keys of plans handed on whose responses have not all ended: discarded if the connection
    /// closes first, so that no plan waits for a request that will never be read.
    private var planKeys: [String] = []
    private let handoff: PlanHandoff

    init(serverName: String?, handoff: PlanHandoff, answer: @escaping Answerer) {
        self.serverName = serverName
        self.handoff = handoff
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            if handedOn == 0, Self.mayAnswer(head) {
                held = head
                return
            }
            handOn(head, context: context)
            return
        case .body:
            releaseHeld(context: context)
        case .end:
            if let head = held {
                held = nil
                switch Self.request(head).flatMap(answer) {
                case .write(let plan):
                    write(plan, context: context)
                    return
                case .handOn(let key):
                    var marked = head
                    marked.headers.replaceOrAdd(name: PlanHandoff.header.rawName, value: key)
                    planKeys.append(key)
                    handOn(marked, context: context)
                case nil:
                    handOn(head, context: context)
                }
            }
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        releaseHeld(context: context)
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            handedOn = max(0, handedOn - 1)
            // Every handed-on request has been answered, so Hummingbird took every plan.
            if handedOn == 0 { planKeys.removeAll(keepingCapacity: true) }
        }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        handoff.discard(planKeys)
        planKeys.removeAll()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        handoff.discard(planKeys)
        planKeys.removeAll()
    }

    /// Keep-alive HTTP/1.1, no body (no `Transfer-Encoding`, no `Content-Length` but 0), and
    /// nothing that changes how the connection goes on (`Expect`, `Upgrade`). One pass over the
    /// headers, comparing names without making lowercased copies: this runs for every request.
    static func mayAnswer(_ head: HTTPRequestHead) -> Bool {
        guard head.version == .http1_1, head.method != .CONNECT else { return false }
        for (name, value) in head.headers {
            if named(name, "connection") {
                let tokens = value.lowercased()
                if tokens.contains("close") || tokens.contains("upgrade") { return false }
            } else if named(name, "content-length") {
                if value != "0" { return false }
            } else if named(name, "transfer-encoding") || named(name, "expect") || named(name, "upgrade") {
                return false
            }
        }
        return true
    }

    /// The head as Hummingbird's own conversion (`HTTPRequest(_:secure:splitCookie:)`) gives it,
    /// without its cost for the usual origin-form target: that conversion parses every target
    /// with `URLComponents` to find an absolute URL's path, and lowercases every header name to
    /// find `Host`. A target that starts with `/` has no scheme, so the conversion would keep it
    /// as it is; anything else takes the conversion itself.
    static func request(_ head: HTTPRequestHead) -> HTTPRequest? {
        guard head.uri.utf8.first == UInt8(ascii: "/") else {
            return try? HTTPRequest(head, secure: false, splitCookie: false)
        }
        guard let method = try? HTTPRequest.Method(head.method) else { return nil }
        var fields = HTTPFields()
        fields.reserveCapacity(head.headers.count)
        var authority: String?
        var firstHost = true
        for (name, value) in head.headers {
            if firstHost, named(name, "host") {
                firstHost = false
                authority = value
                continue
            }
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        return HTTPRequest(method: method, scheme: "http", authority: authority, path: head.uri, headerFields: fields)
    }

    /// `name` is `lower`, whatever its case (ASCII header names).
    private static func named(_ name: String, _ lower: StaticString) -> Bool {
        guard name.utf8.count == lower.utf8CodeUnitCount else { return false }
        return lower.withUTF8Buffer { expected in zip(name.utf8, expected).allSatisfy { $0 | 0x20 == $1 | 0x20 } }
    }

    private func handOn(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        handedOn += 1
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    private func releaseHeld(context: ChannelHandlerContext) {
        guard let head = held else { return }
        held = nil
        handOn(head, context: context)
    }

    private func write(_ ready: WirePlan, context: ChannelHandlerContext) {
        var fields = ready.headers
        fields.put(.date, dates.now())
        if let serverName { fields.put(.server, serverName) }
        let head = HTTPResponseHead(HTTPResponse(status: ready.status, headerFields: fields))
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !ready.body.isEmpty {
            var buffer = context.channel.allocator.buffer(capacity: ready.body.count)
            buffer.writeBytes(ready.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

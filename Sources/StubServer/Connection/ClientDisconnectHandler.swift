import NIOCore
import NIOHTTPTypes
import StubEngine
import BuiltInBank

/// Notices when the client stops sending (EOF or close), so a `hang` fault ends when a
/// phone gives up. Hummingbird allows remote half-closure, so EOF alone does not close the
/// channel and `closeFuture` would not fire.
final class ClientDisconnectHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private var gone: EventLoopPromise<Void>?

    init() {}

    func handlerAdded(context: ChannelHandlerContext) {
        gone = context.eventLoop.makePromise(of: Void.self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        gone?.succeed()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { gone?.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone?.succeed()
        context.fireChannelInactive()
    }

    /// Completes when the client has stopped sending, for the connection `channel`; without the
    /// handler (in-process tests), when the channel closes.
    static func goneFuture(on channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.flatSubmit {
            if let handler = try? channel.pipeline.syncOperations.handler(type: ClientDisconnectHandler.self),
               let gone = handler.gone {
                return gone.futureResult
            }
            return channel.closeFuture
        }
    }
}

import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import StubEngine
import BuiltInBank

/// Hummingbird's HTTP/1.1 child channel with the stub's guards in the pipeline: read deadlines
/// first, then the parser, then `ConnectionGuard` (which sees HTTP/1 heads, parser errors and
/// the end of each response), then the event-loop answers (`ReadyAnswerHandler`, when
/// `readyAnswer` is given), then the codec to HTTP types, the disconnect notice and Hummingbird's
/// connection state.
struct StubHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits
    let nextRequestId: @Sendable () -> String
    /// The `Server` header Hummingbird adds, for answers made below it.
    let serverName: String?
    /// Where the event loop keeps the plans it hands on.
    let handoff: PlanHandoff
    /// Answers ready requests on the event loop; nil hands every request to `responder`.
    let readyAnswer: ReadyAnswerHandler.Answerer?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            let deadline = ReadDeadlineHandler(limits: limits)
            try pipeline.addHandler(deadline)
            // The parser's default limits: 80 KiB for the header block, as Hummingbird uses.
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: NIOHTTPDecoderLimitConfiguration())
            try pipeline.addHandler(ConnectionGuard(limits: limits, deadline: deadline, nextRequestId: nextRequestId))
            if let readyAnswer { try pipeline.addHandler(ReadyAnswerHandler(serverName: serverName, handoff: handoff, answer: readyAnswer)) }
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandler(ClientDisconnectHandler())
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel,
                                       configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}

import Hummingbird
import NIOCore
import StubEngine
import BuiltInBank

/// Spoils or paces the body on the way out, when the behaviour asks: malformed JSON, the wrong
/// content type, a truncated body, or a bandwidth limit. Never for an answer without a body.
struct BodyFaultMiddleware: StubMiddleware {
    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        let done = try await next(exchange, context)
        guard !done.answeredByAdmin, var response = done.sent else { return done }
        Self.apply(done, to: &response, connection: context.connection, stop: backend.stopSignal)
        done.sent = response
        return done
    }

    static func apply(_ exchange: StubExchange, to response: inout Response, connection: any StubConnection, stop: StopSignal) {
        guard !BodylessResponse.applies(status: exchange.response?.status.code, method: exchange.request.method) else { return }
        let body = exchange.response?.body ?? []
        switch exchange.decision.fault {
        case .malformed:
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: FaultInjector.malformed(body)))
            response.headers[.contentType] = "application/json"
        case .wrongContentType:
            response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: FaultInjector.wrongContentTypeBody))
            response.headers[.contentType] = "text/html; charset=utf-8"
        case .truncated:
            response.body = FaultInjector.truncatedBody(body, connection: connection)
        default:
            if let bandwidth = exchange.decision.bandwidth {
                response.body = FaultInjector.throttledBody(body, bandwidth: bandwidth, connection: connection, stop: stop)
            }
        }
    }
}

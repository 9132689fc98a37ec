import StubEngine
import BuiltInBank

/// The admin API under `/__stubbank` (after the session prefix): the live event stream, or
/// `AdminAPI`. Its answers go out unsigned and are not journalled; a refused admin call (a bad
/// field, a missing token) answers with the error envelope like any other request.
struct AdminMiddleware: StubMiddleware {
    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        let isEvents = exchange.request.path == AdminEvents.path && exchange.request.method == "GET"
        guard isEvents || AdminAPI.owns(exchange.request.path) else { return try await next(exchange, context) }
        let request = exchange.request
        do {
            if isEvents {
                exchange.sent = try AdminEvents.response(request, backend: backend, context: context)
            } else {
                let response = try await AdminAPI(backend: backend).handle(request, context: context)
                exchange.sent = SigningMiddleware.finish(response, requestId: exchange.requestId, signer: nil, tamper: false)
            }
        } catch {
            return exchange.answering(error)
        }
        exchange.answeredByAdmin = true
        return exchange
    }
}

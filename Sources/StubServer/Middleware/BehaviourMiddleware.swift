import StubEngine
import BuiltInBank

/// Which behaviour applies to a request: `X-Stub-*` headers pin one for this request; otherwise
/// the first admin behaviour that fires, then the active scenario's. A malformed `X-Stub-*`
/// header is answered 400 here, naming it.
struct BehaviourMiddleware: StubMiddleware {
    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        do {
            try Self.decide(exchange, backend: backend)
        } catch {
            return exchange.answering(error)
        }
        return try await next(exchange, context)
    }

    static func decide(_ exchange: StubExchange, backend: StubBackend) throws(APIError) {
        let headers = exchange.request.headers
        let pinned = HeaderBehaviour.isRequested(in: headers) ? try backend.drawHeaderDecision { generator throws(APIError) in
            try HeaderBehaviour.decision(from: headers, generator: &generator)
        } : nil
        exchange.decision = pinned ?? backend.behaviours.decide(
            method: exchange.request.method, pathSegments: exchange.request.pathSegments, session: exchange.request.session)
    }
}

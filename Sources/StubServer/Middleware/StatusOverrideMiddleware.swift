import HTTPTypes
import StubEngine
import BuiltInBank

/// What the stub does on an injected status (`X-Stub-Status`, an admin behaviour, a scenario):
/// a 4xx or 5xx answers with the canned error envelope for that status (`ErrorCatalogue`) without
/// running the route, which the journal still names; any other status replaces the route's own
/// once it has answered.
struct StatusOverrideMiddleware: StubMiddleware {
    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        if let status = exchange.decision.status, status >= 400 {
            Self.answer(exchange, status: status)
            exchange.route = Routing.name(exchange.request, sources: exchange.serving.sources)
            return exchange
        }
        let done = try await next(exchange, context)
        if done.routeAnswered, let status = done.decision.status {
            done.response?.status = HTTPResponse.Status(code: status)
        }
        return done
    }

    /// The error envelope for `status`, with the behaviour's own code and messages where it gives them.
    static func answer(_ exchange: StubExchange, status: Int) {
        let override = exchange.decision.error
        var error = ErrorCatalogue.error(forStatus: status, code: override?.code)
        if let message = override?.message { error.message = message }
        if let display = override?.displayMessage { error.displayMessage = display }
        if let retryable = override?.retryable { error.retryable = retryable }
        exchange.response = .error(error, requestId: exchange.requestId)
    }
}

import StubEngine
import BuiltInBank

/// Which session a request belongs to and which path it asks for: the `/_s/<session>/` prefix or
/// `X-Stub-Session` (`SessionPrefix`), then the base path (`BasePath`). Using a session may evict
/// the least recently used one. An invalid session name is answered 400 here.
struct SessionMiddleware: StubMiddleware {
    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        do {
            try SessionPrefix.apply(to: exchange)
        } catch {
            return exchange.answering(error)
        }
        BasePath.strip(&exchange.core, basePath: exchange.serving.basePath)
        backend.touchSession(exchange.request.session)
        return try await next(exchange, context)
    }
}

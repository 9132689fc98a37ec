import Hummingbird
import StubEngine
import BuiltInBank

/// One question the stub asks of every request, as Hummingbird middleware over the stub's own
/// exchange: it reads the exchange on the way in, may answer without going on, and may change
/// the answer on the way out.
///
/// The exchange goes in and comes back (`Input` and `Output` are both `StubExchange`) rather than
/// riding in the request context, because a Hummingbird context travels only inward, and the
/// journal, the outermost middleware, must see what the inner ones decided: the session, the
/// behaviour, the matched route and the answer.
///
/// `StubResponder.stack` puts them in order. A middleware that must end the connection instead of
/// answering throws `ConnectionDropped`.
protocol StubMiddleware: MiddlewareProtocol
where Input == StubExchange, Output == StubExchange, Context == StubRequestContext {}

/// The rest of the stack, as a middleware sees it.
typealias StubNext = (StubExchange, StubRequestContext) async throws -> StubExchange

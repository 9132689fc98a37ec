public import Hummingbird
import StubEngine
import BuiltInBank

/// Answers every request through the stub's middleware (see `StubExchange` for what each one
/// asks), around `Routing`: route files, then the built-in bank.
///
/// A middleware that ends the connection instead of answering throws `ConnectionDropped`; once
/// the journal has the exchange, the connection is dropped here and the error thrown on, so
/// Hummingbird writes nothing more.
public struct StubResponder: HTTPResponder {
    /// The request context the stub's middleware read: the connection, for faults.
    public typealias Context = StubRequestContext

    let backend: StubBackend
    /// The stack and `Routing`, called through a closure that sees the stack's concrete type, so
    /// its `handle` calls are specialized; through `any MiddlewareProtocol` each layer ran
    /// Hummingbird's generic code, which looks up type metadata on every call.
    private let answer: @Sendable (StubExchange, StubRequestContext) async throws -> StubExchange

    /// A responder over a loaded stub.
    public init(backend: StubBackend) {
        self.backend = backend
        let stack = Self.stack(backend)
        self.answer = { exchange, context in
            try await stack.handle(exchange, context: context) { exchange, _ in exchange.routed() }
        }
    }

    /// The middleware, outermost first.
    @MiddlewareFixedTypeBuilder<StubExchange, StubExchange, StubRequestContext>
    static func stack(_ backend: StubBackend) -> some MiddlewareProtocol<StubExchange, StubExchange, StubRequestContext> {
        JournalMiddleware(backend: backend)
        BodyFaultMiddleware(backend: backend)
        SigningMiddleware(backend: backend)
        SessionMiddleware(backend: backend)
        RequestBodyMiddleware(limit: backend.configuration.maxBodyBytes)
        AdminMiddleware(backend: backend)
        BehaviourMiddleware(backend: backend)
        LatencyMiddleware(backend: backend)
        ConnectionFaultMiddleware(backend: backend)
        StatusOverrideMiddleware()
        RouteFileBehaviourMiddleware(backend: backend)
    }

    /// Answers one request; a dropped connection throws `ConnectionDropped` after the journal has it.
    public func respond(to request: Request, context: StubRequestContext) async throws -> Response {
        let exchange = RequestIntake.exchange(request, backend: backend)
        do {
            let done = try await answer(exchange, context)
            // Every answer leaves through `SigningMiddleware` or the admin API, which set it.
            return done.sent ?? Response(status: .internalServerError)
        } catch let dropped as ConnectionDropped {
            await dropped.perform(on: context.connection, stop: backend.stopSignal)
            throw dropped
        }
    }
}

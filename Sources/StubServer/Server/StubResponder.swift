public import Hummingbird

/// Runs every request through the stub's stages, in order (see `StubExchange`): intake, session
/// and base path, the admin API, behaviour, delay and connection faults, status override, routing
/// (route files, then the bank), the route file's own behaviour, then the response (no body for
/// 204, 304 and HEAD) with its signature and any spoiled body, and the journal.
public struct StubResponder: HTTPResponder {
    /// The request context the stub's stages read: the connection, for faults.
    public typealias Context = StubRequestContext

    let backend: StubBackend

    /// A responder over a loaded stub.
    public init(backend: StubBackend) {
        self.backend = backend
    }

    /// Answers one request through every stage; a dropped connection throws after the journal has it.
    public func respond(to request: Request, context: StubRequestContext) async throws -> Response {
        var exchange = RequestIntake.exchange(request, backend: backend)
        do {
            try SessionPrefix.apply(to: &exchange)
            let serving = backend.serving
            BasePath.strip(&exchange, basePath: serving.basePath)
            await backend.touchSession(exchange.request.session)
            exchange.request.body = try await RequestBody.collect(request, limit: backend.configuration.maxBodyBytes)
            if exchange.request.path == AdminEvents.path, exchange.request.method == "GET" {
                return try AdminEvents.response(exchange.request, backend: backend, context: context)
            }
            if AdminAPI.owns(exchange.request.path) {
                let response = try await AdminAPI(backend: backend).handle(exchange.request, context: context)
                return ResponseFinish.finish(response, requestId: exchange.requestId, signer: nil, tamper: false)
            }
            try BehaviourStage.decide(&exchange, backend: backend)
            try await ConnectionFault.delay(exchange.decision.delayMs, exchange, backend: backend, connection: context.connection)
            try await ConnectionFault.dropIfAsked(exchange, backend: backend, connection: context.connection)
            StatusOverride.answer(&exchange)
            let sources = serving.sources
            if exchange.response != nil {
                exchange.route = Routing.name(exchange.request, sources: sources)
            } else {
                try await Routing.route(&exchange, sources: sources)
                StatusOverride.rewrite(&exchange)
                try await RouteFileBehaviour.apply(&exchange, backend: backend, connection: context.connection)
                try await ConnectionFault.dropIfAsked(exchange, backend: backend, connection: context.connection, routed: true)
            }
        } catch let error as APIError {
            exchange.response = .error(error, requestId: exchange.requestId)
        }
        BodylessResponse.strip(&exchange)
        var response = ResponseFinish.response(exchange, signer: backend.signer)
        BodyFault.apply(exchange, to: &response, connection: context.connection, stop: backend.stopSignal)
        ExchangeJournal.record(exchange, status: Int(response.status.code), responseHeaders: response.headers, backend: backend)
        return response
    }
}

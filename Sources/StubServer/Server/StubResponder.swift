public import Hummingbird
import HTTPTypes
import NIOCore
import StubEngine
import StubRuntime

/// The Hummingbird transport: reads the body, asks the engine (`Engine.answer`), and carries out
/// its plan (`WireCarrier`): delays, drops, paced and truncated bodies. A request the event loop
/// already decided arrives with its plan's key (`PlanHandoff`) and is not decided again. The
/// admin API's requests go to `AdminAPI`, which the engine picks out before any behaviour.
///
/// A plan that ends the connection throws `ConnectionDropped` once the connection is dealt with,
/// so Hummingbird writes nothing more.
public struct StubResponder: HTTPResponder {
    /// The request context: the connection, for waits and drops.
    public typealias Context = StubRequestContext

    let backend: StubBackend
    /// Plans the event loop decided and handed on to be carried out here (they wait on the wire).
    let handoff: PlanHandoff

    /// A responder over a loaded stub.
    public init(backend: StubBackend) {
        self.init(backend: backend, handoff: PlanHandoff())
    }

    init(backend: StubBackend, handoff: PlanHandoff) {
        self.backend = backend
        self.handoff = handoff
    }

    /// Answers one request; a dropped connection throws `ConnectionDropped`.
    public func respond(to request: Request, context: StubRequestContext) async throws -> Response {
        let plan = await plan(for: request)
        if let admin = plan.admin { return await adminResponse(admin, context: context) }
        return try await WireCarrier.response(for: plan, connection: context.connection, stop: backend.stopSignal)
    }

    private func plan(for request: Request) async -> WirePlan {
        var headers = request.headers
        if let key = headers[PlanHandoff.header] {
            if let handed = handoff.take(key) { return handed }
            headers[PlanHandoff.header] = nil
        }
        var body: [UInt8] = []
        var refusal: APIError?
        do {
            body = try await RequestBodyReader.collect(request.body, headers: headers, limit: backend.configuration.maxBodyBytes)
        } catch {
            refusal = error
        }
        return backend.engine.answer(EngineRequest(method: request.method.rawValue, target: request.head.path ?? "/", headers: headers,
                                                   body: body, authority: request.head.authority, refusal: refusal))
    }

    /// The admin API's answer (or its live event stream), unsigned and not journalled.
    private func adminResponse(_ request: StubRequest, context: StubRequestContext) async -> Response {
        if request.path == AdminEvents.path, request.method == "GET" {
            do {
                return try AdminEvents.response(request, backend: backend, context: context)
            } catch {
                return Self.response(.error(error, requestId: request.requestId), requestId: request.requestId)
            }
        }
        let answer = await AdminAPI(backend: backend, console: ConsolePage.handle).answer(request, isLoopbackPeer: context.isLoopbackPeer)
        return Self.response(answer, requestId: request.requestId)
    }

    static func response(_ answer: StubResponse, requestId: String) -> Response {
        let body = answer.body.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
        return Response(status: answer.status, headers: Engine.head(answer, requestId: requestId), body: body)
    }
}

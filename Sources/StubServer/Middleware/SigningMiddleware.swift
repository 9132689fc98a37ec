import HTTPTypes
import Hummingbird
import NIOCore
import StubEngine
import BuiltInBank

/// Builds the HTTP response on the way out: no body for 204, 304 and HEAD (`BodylessResponse`),
/// then the decision's extra headers, the content type, the request id and the signature
/// (`X-Signature`, spoilt when the behaviour asks). The admin API's answers are built unsigned
/// by `AdminMiddleware` and pass through untouched.
struct SigningMiddleware: StubMiddleware {
    static let signatureHeader = HTTPField.Name("X-Signature")!

    let backend: StubBackend

    func handle(_ exchange: StubExchange, context: StubRequestContext, next: StubNext) async throws -> StubExchange {
        let done = try await next(exchange, context)
        guard done.sent == nil else { return done }
        BodylessResponse.strip(&done.core)
        done.sent = Self.response(done, signer: backend.signer)
        return done
    }

    static func response(_ exchange: StubExchange, signer: ResponseSigner?) -> Response {
        finish(decided(exchange), requestId: exchange.requestId, signer: signer, tamper: exchange.decision.tamperSignature)
    }

    /// Content type, request id and (unless `signer` is nil, as for the admin API) the signature.
    static func finish(_ stub: StubResponse, requestId: String, signer: ResponseSigner?, tamper: Bool) -> Response {
        let headers = headers(stub, requestId: requestId, signer: signer, tamper: tamper)
        let body = stub.body.isEmpty ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: stub.body))
        return Response(status: stub.status, headers: headers, body: body)
    }

    /// The exchange's answer with the decision's extra headers (`X-Stub-Header-*`, a behaviour's `headers`).
    static func decided(_ exchange: StubExchange) -> StubResponse {
        var stub = exchange.response ?? StubResponse(status: .internalServerError, body: [])
        for (name, value) in exchange.decision.headers {
            if let field = HTTPField.Name(name) { stub.headers[field] = value }
        }
        return stub
    }

    /// The head's fields before the HTTP layer frames it: the answer's own headers, then its
    /// content type, the request id and the signature.
    static func headers(_ stub: StubResponse, requestId: String, signer: ResponseSigner?, tamper: Bool) -> HTTPFields {
        var headers = stub.headers
        if !stub.contentType.isEmpty { headers[.contentType] = stub.contentType }
        headers[RequestIntake.requestIdHeader] = requestId
        if let signer {
            headers[signatureHeader] = tamper ? signer.tamperedSignature(for: stub.body) : signer.signature(for: stub.body)
        }
        return headers
    }
}

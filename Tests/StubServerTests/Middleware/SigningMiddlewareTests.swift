import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct SigningMiddlewareTests {
    @Test func signsTheBodyAndNamesTheRequest() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/probe", headers: ["X-Request-Id": "req-probe"])
        let (done, _) = try await probe.run(SigningMiddleware(backend: probe.backend), exchange) { $0.routed("{}") }
        let sent = try #require(done.sent)
        #expect(sent.headers[SigningMiddleware.signatureHeader] == probe.backend.signer.signature(for: Array("{}".utf8)))
        #expect(sent.headers[RequestIntake.requestIdHeader] == "req-probe")
    }

    @Test func aTamperedSignatureDoesNotMatch() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, _) = try await probe.run(SigningMiddleware(backend: probe.backend), probe.exchange(.get, "/probe")) { exchange in
            let routed = exchange.routed("{}")
            routed.decision.tamperSignature = true
            return routed
        }
        let signature = try #require(done.sent?.headers[SigningMiddleware.signatureHeader])
        #expect(signature != probe.backend.signer.signature(for: Array("{}".utf8)))
    }

    @Test func noContentLosesItsBodyAndItsType() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, _) = try await probe.run(SigningMiddleware(backend: probe.backend), probe.exchange(.delete, "/probe")) {
            $0.routed(#"{"left":"over"}"#, status: .noContent)
        }
        let sent = try #require(done.sent)
        #expect(sent.headers[.contentType] == nil)
        #expect(done.response?.body.isEmpty == true)
    }

    @Test func leavesTheAdminAPIsAnswerAlone() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, _) = try await probe.run(SigningMiddleware(backend: probe.backend), probe.exchange(.get, "/__stubbank")) { exchange in
            let answered = exchange
            answered.sent = Response(status: .ok, headers: [.contentType: "text/plain"])
            answered.answeredByAdmin = true
            return answered
        }
        #expect(done.sent?.headers[SigningMiddleware.signatureHeader] == nil)
    }
}

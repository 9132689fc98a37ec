import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct BodyFaultMiddlewareTests {
    private func signedThenSpoiled(_ exchange: StubExchange, probe: MiddlewareProbe) async throws -> StubExchange {
        let stack = _Middleware2(BodyFaultMiddleware(backend: probe.backend), SigningMiddleware(backend: probe.backend))
        return try await probe.run(stack, exchange) { exchange in
            let routed = exchange.routed(#"{"balance":"10.00"}"#)
            routed.decision.fault = .wrongContentType
            return routed
        }.0
    }

    @Test func aWrongContentTypeFaultSendsACaptivePortalPage() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let done = try await signedThenSpoiled(probe.exchange(.get, "/probe"), probe: probe)
        let sent = try #require(done.sent)
        #expect(sent.headers[.contentType] == "text/html; charset=utf-8")
        #expect(done.response?.body == Array(#"{"balance":"10.00"}"#.utf8), "the journal keeps the route's own body")
    }

    @Test func anAnswerWithoutABodyIsNeverSpoiled() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let done = try await signedThenSpoiled(probe.exchange(.head, "/probe"), probe: probe)
        #expect(try #require(done.sent).headers[.contentType] == "application/json")
    }
}

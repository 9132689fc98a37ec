import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct StatusOverrideMiddlewareTests {
    @Test func anErrorStatusAnswersWithTheCatalogueEnvelopeWithoutTheRoute() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/atms")
        exchange.decision.status = 503
        let (done, calls) = try await probe.run(StatusOverrideMiddleware(), exchange)
        #expect(calls == 0)
        #expect(done.response?.status.code == 503)
        #expect(done.errorCode == "maintenance")
        #expect(done.route == "GET /v1/atms", "the journal names the route that would have answered")
    }

    @Test func theBehavioursOwnCodeAndMessageWin() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/atms")
        exchange.decision.status = 422
        exchange.decision.error = ErrorOverride(code: "card_frozen", message: "frozen", displayMessage: nil, retryable: nil)
        let (done, _) = try await probe.run(StatusOverrideMiddleware(), exchange)
        #expect(done.errorCode == "card_frozen")
    }

    @Test func aSuccessStatusReplacesTheRoutesOwn() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/atms")
        exchange.decision.status = 202
        let (done, calls) = try await probe.run(StatusOverrideMiddleware(), exchange) { $0.routed() }
        #expect(calls == 1)
        #expect(done.response?.status.code == 202)
    }

    @Test func aRefusedRouteKeepsItsError() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/accounts")
        exchange.decision.status = 200
        let (done, _) = try await probe.run(StatusOverrideMiddleware(), exchange) { $0.routed() }
        #expect(done.response?.status.code == 401)
    }
}

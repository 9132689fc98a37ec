import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct RouteFileBehaviourMiddlewareTests {
    private let stubs: ScratchStubs

    init() throws {
        stubs = try ScratchStubs(routes: ["routes/slow.yaml": """
            routes:
              - id: slow
                request: { method: GET, path: /slow }
                latency: { type: fixed, ms: 40 }
                fault: reset-after
                responses:
                  - body: { ok: true }
            """])
    }

    @Test func theRoutesLatencyAndFaultApplyOnceItHasAnswered() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend(stubs: stubs.url))
        let (done, _) = try await probe.run(RouteFileBehaviourMiddleware(backend: probe.backend), probe.exchange(.get, "/slow")) {
            $0.routed()
        }
        #expect(probe.connection.events == ["wait 40"])
        #expect(done.decision.delayMs == 40)
        #expect(done.decision.fault == .resetAfter)
    }

    @Test func aPinnedBehaviourWins() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend(stubs: stubs.url))
        let exchange = probe.exchange(.get, "/slow")
        exchange.decision.delayMs = 5
        exchange.decision.fault = .malformed
        let (done, _) = try await probe.run(RouteFileBehaviourMiddleware(backend: probe.backend), exchange) { $0.routed() }
        #expect(probe.connection.events.isEmpty)
        #expect(done.decision.fault == .malformed)
    }
}

import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct LatencyMiddlewareTests {
    @Test func waitsTheDelayOnTheConnectionThenGoesOn() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/atms")
        exchange.decision.delayMs = 250
        let (_, calls) = try await probe.run(LatencyMiddleware(backend: probe.backend), exchange)
        #expect(calls == 1)
        #expect(probe.connection.events == ["wait 250"])
    }

    @Test func aClientGoneDuringTheDelayDropsTheConnectionWithNoStatus() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend(), connection: RecordingConnection(waitEnds: .clientGone))
        let exchange = probe.exchange(.get, "/v1/atms")
        exchange.decision.delayMs = 250
        do {
            _ = try await probe.run(LatencyMiddleware(backend: probe.backend), exchange) { _ in
                Issue.record("the route must not run for a client that left")
                return exchange
            }
            Issue.record("expected ConnectionDropped")
        } catch let dropped as ConnectionDropped {
            #expect(dropped.how == .cut)
            #expect(dropped.status == nil)
            #expect(dropped.exchange?.request.path == "/v1/atms")
        }
    }

    @Test func noDelayNoWait() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        _ = try await probe.run(LatencyMiddleware(backend: probe.backend), probe.exchange(.get, "/v1/atms"))
        #expect(probe.connection.events.isEmpty)
    }
}

import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct BehaviourMiddlewareTests {
    @Test func headersPinABehaviourForOneRequest() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/atms", headers: ["X-Stub-Status": "503", "X-Stub-Delay": "250"])
        let (done, calls) = try await probe.run(BehaviourMiddleware(backend: probe.backend), exchange)
        #expect(calls == 1)
        #expect(done.decision.status == 503)
        #expect(done.decision.delayMs == 250)
    }

    @Test func aMalformedHeaderIsAnswered400NamingIt() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/atms", headers: ["X-Stub-Fault": "explode"])
        let (done, calls) = try await probe.run(BehaviourMiddleware(backend: probe.backend), exchange)
        #expect(calls == 0)
        #expect(done.response?.status.code == 400)
        let text = String(decoding: done.response?.body ?? [], as: UTF8.self)
        #expect(text.contains("X-Stub-Fault"))
    }

    @Test func withNothingAskedNothingIsDecided() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, _) = try await probe.run(BehaviourMiddleware(backend: probe.backend), probe.exchange(.get, "/v1/atms"))
        #expect(done.decision.status == nil && done.decision.fault == nil && done.decision.delayMs == 0)
    }
}

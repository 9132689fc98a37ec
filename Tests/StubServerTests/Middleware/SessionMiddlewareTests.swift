import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct SessionMiddlewareTests {
    @Test func thePrefixNamesTheSessionAndLeavesThePath() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, calls) = try await probe.run(SessionMiddleware(backend: probe.backend), probe.exchange(.get, "/_s/sim-3/v1/atms"))
        #expect(calls == 1)
        #expect(done.request.session == "sim-3")
        #expect(done.request.path == "/v1/atms")
        #expect(done.request.pathSegments == ["v1", "atms"])
    }

    @Test func anInvalidSessionIsAnswered400WithoutGoingOn() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let exchange = probe.exchange(.get, "/v1/atms", headers: ["X-Stub-Session": "no spaces/allowed"])
        let (done, calls) = try await probe.run(SessionMiddleware(backend: probe.backend), exchange)
        #expect(calls == 0)
        #expect(done.response?.status.code == 400)
        #expect(done.request.session == "default")
    }

    @Test func theBasePathIsOptional() async throws {
        let stubs = try ScratchStubs(routes: ["stubbank.yaml": "basePath: /open-banking/v4.0\n",
                                              "routes/a.yaml": "routes:\n  - request: { method: GET, path: /accounts }\n    responses: [{ body: {} }]\n"])
        let probe = MiddlewareProbe(backend: try makeBackend(stubs: stubs.url))
        let (done, _) = try await probe.run(SessionMiddleware(backend: probe.backend), probe.exchange(.get, "/open-banking/v4.0/accounts"))
        #expect(done.request.path == "/accounts")
    }
}

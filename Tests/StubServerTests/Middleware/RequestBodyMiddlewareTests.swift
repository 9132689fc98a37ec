import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct RequestBodyMiddlewareTests {
    @Test func readsTheBodyForTheStagesWithin() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, calls) = try await probe.run(RequestBodyMiddleware(limit: 64), probe.exchange(.post, "/probe", body: #"{"a":1}"#))
        #expect(calls == 1)
        #expect(done.request.body == Array(#"{"a":1}"#.utf8))
    }

    @Test func aBodyOverTheLimitIsAnswered413WithoutGoingOn() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let body = String(repeating: "x", count: 65)
        let (done, calls) = try await probe.run(RequestBodyMiddleware(limit: 64), probe.exchange(.post, "/probe", body: body))
        #expect(calls == 0)
        #expect(done.response?.status.code == 413)
    }
}

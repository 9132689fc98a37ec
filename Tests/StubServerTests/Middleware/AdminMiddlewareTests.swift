import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct AdminMiddlewareTests {
    @Test func theAdminAPIAnswersOnItsOwn() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, calls) = try await probe.run(AdminMiddleware(backend: probe.backend), probe.exchange(.get, "/__stubbank/routes"))
        #expect(calls == 0)
        #expect(done.answeredByAdmin)
        #expect(done.sent?.status == .ok)
    }

    @Test func aRefusedAdminCallAnswersWithTheEnvelope() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, calls) = try await probe.run(AdminMiddleware(backend: probe.backend), probe.exchange(.get, "/__stubbank/nothing-here"))
        #expect(calls == 0)
        #expect(!done.answeredByAdmin, "an error is signed and journalled like any other")
        #expect(done.response?.status.code == 404)
    }

    @Test func everyOtherPathGoesOn() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let (done, calls) = try await probe.run(AdminMiddleware(backend: probe.backend), probe.exchange(.get, "/__stubbankish"))
        #expect(calls == 1)
        #expect(done.sent == nil)
    }
}

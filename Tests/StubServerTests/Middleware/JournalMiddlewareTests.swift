import HTTPTypes
import Hummingbird
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

@Suite struct JournalMiddlewareTests {
    @Test func writesEachAnswerOnceWithTheStatusSent() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let stack = _Middleware2(JournalMiddleware(backend: probe.backend), SigningMiddleware(backend: probe.backend))
        _ = try await probe.run(stack, probe.exchange(.get, "/probe")) { $0.routed(status: .accepted) }
        let entries = probe.backend.journal.entries()
        #expect(entries.count == 1)
        #expect(entries.first?.status == 202)
        #expect(entries.first?.route == "GET /probe")
    }

    @Test func aDroppedConnectionIsJournalledWithTheDecidedStatusAndThrownOn() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        let inner = probe.exchange(.get, "/probe").routed()
        inner.decision.fault = .resetAfter
        let dropped = inner
        await #expect(throws: ConnectionDropped.self) {
            _ = try await probe.run(JournalMiddleware(backend: probe.backend), dropped) { _ in
                throw ConnectionDropped(how: .reset, exchange: dropped, status: 200)
            }
        }
        let entry = try #require(probe.backend.journal.entries().first)
        #expect(entry.status == 200)
        #expect(entry.fault == "reset-after")
        #expect(probe.connection.events.isEmpty, "the journal never touches the connection")
    }

    @Test func theAdminAPIsAnswersAreNotJournalled() async throws {
        let probe = MiddlewareProbe(backend: try makeBackend())
        _ = try await probe.run(JournalMiddleware(backend: probe.backend), probe.exchange(.get, "/__stubbank")) { exchange in
            let answered = exchange
            answered.sent = Response(status: .ok)
            answered.answeredByAdmin = true
            return answered
        }
        #expect(probe.backend.journal.entries().isEmpty)
    }
}

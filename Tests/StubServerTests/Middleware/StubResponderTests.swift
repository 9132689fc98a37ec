import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import Testing

/// The responder around the middleware: a dropped connection is journalled first, then dropped.
@Suite struct StubResponderTests {
    /// Resets record how many journal entries existed at that moment.
    final class JournalWatchingConnection: StubConnection {
        let backend: StubBackend
        let seen = NIOLockedValueBox<[String]>([])
        init(backend: StubBackend) { self.backend = backend }
        func wait(milliseconds: Double?, stop: StopSignal) async -> ConnectionWait.Outcome { .elapsed }
        func reset() async { seen.withLockedValue { $0.append("reset after \(backend.journal.entries().count) entries") } }
        func closeWithoutResponse() async {}
        func hang(limitSeconds: Int, stop: StopSignal) async {}
        func cutBody() async {}
        var isLoopbackPeer: Bool { true }
    }

    @Test func aResetIsJournalledBeforeTheConnectionGoes() async throws {
        let backend = try makeBackend()
        let connection = JournalWatchingConnection(backend: backend)
        let probe = MiddlewareProbe(backend: backend)
        let context = StubRequestContext(source: .init(channel: probe.context.channel, logger: probe.context.logger), connection: connection)
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/v1/atms",
                               headerFields: [HeaderBehaviour.fault: "reset"])
        await #expect(throws: ConnectionDropped.self) {
            _ = try await StubResponder(backend: backend).respond(to: Request(head: head, body: RequestBody(buffer: ByteBuffer())),
                                                                 context: context)
        }
        #expect(connection.seen.withLockedValue { $0 } == ["reset after 1 entries"])
        #expect(backend.journal.entries().first?.fault == "reset")
    }

    @Test func anOrdinaryRequestPassesEveryMiddlewareOnce() async throws {
        let backend = try makeBackend()
        let probe = MiddlewareProbe(backend: backend)
        let head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/_s/one/v1/atms", headerFields: [:])
        let response = try await StubResponder(backend: backend).respond(to: Request(head: head, body: RequestBody(buffer: ByteBuffer())),
                                                                        context: probe.context)
        #expect(response.status == .ok)
        #expect(response.headers[SigningMiddleware.signatureHeader] != nil)
        let entries = backend.journal.entries()
        #expect(entries.count == 1)
        #expect(entries.first?.session == "one")
        #expect(entries.first?.route == "GET /v1/atms")
    }
}

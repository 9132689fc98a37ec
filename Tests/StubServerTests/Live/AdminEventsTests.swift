import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine
import StubServerTesting

/// `GET /__stubbank/events`: live journal entries as server-sent events, per session, resumable
/// with Last-Event-ID, ended by the stop signal, and under the admin API's access rules.
@Suite struct AdminEventsTests {
    private func live(_ configure: @escaping (inout StubServerConfiguration) -> Void = { _ in },
                      _ body: @escaping @Sendable (Int, StubBackend) async throws -> Void) async throws {
        let backend = try makeBackend { configure(&$0); $0.port = 0 }
        try await withStub(backend, mode: .live) { client in try await body(try #require(client.port), backend) }
    }

    private func ids(_ text: String) -> [String] {
        // "\r\n" is one Character in Swift: split on any line break.
        text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("id: ") }.map { String($0.dropFirst(4)) }
    }

    @Test func newEntriesArriveForTheSessionAsked() async throws {
        try await live { port, backend in
            let raw = RawHTTPClient(port: port)
            async let stream = raw.send("GET /__stubbank/events?session=mine HTTP/1.1\r\nHost: x\r\n\r\n", timeout: .seconds(10),
                                        until: .suffix("0\r\n\r\n"))
            try await eventually("the stream is listening") { backend.journal.feed.count == 1 }
            _ = try await raw.send("GET /v1/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            _ = try await raw.send("GET /v1/atms HTTP/1.1\r\nHost: x\r\nX-Stub-Session: mine\r\nConnection: close\r\n\r\n")
            try await eventually("the session's request is journalled") { !backend.journal.entries(session: "mine").isEmpty }
            backend.stopSignal.fire()  // ends the stream, as SIGTERM would
            let streamed = try await stream
            #expect(streamed.ending == .endReached, "the stream ended with its last chunk")
            let text = streamed.text
            #expect(text.hasPrefix("HTTP/1.1 200 OK"))
            #expect(text.contains("text/event-stream"))
            #expect(text.contains("event: request"))
            #expect(text.contains("\"path\":\"/v1/atms\""))
            #expect(!text.contains("\"path\":\"/v1/status\""), "another session's request is not sent")
        }
    }

    @Test func lastEventIdResendsWhatTheJournalKept() async throws {
        try await live { port, backend in
            let raw = RawHTTPClient(port: port)
            for _ in 0..<3 {
                _ = try await raw.send("GET /v1/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            }
            backend.stopSignal.fire()  // the stream sends the missed entries, then ends
            let streamed = try await raw.send("GET /__stubbank/events HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 1\r\n\r\n",
                                              timeout: .seconds(10), until: .suffix("0\r\n\r\n"))
            #expect(streamed.ending == .endReached)
            #expect(ids(streamed.text) == ["2", "3"], "\(streamed.text)")
        }
    }

    @Test func theEventsFollowTheAdminAccessRules() async throws {
        try await live({ $0.adminToken = "s3cret" }) { port, _ in
            let refused = try await RawHTTPClient(port: port).send("GET /__stubbank/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").text
            #expect(refused.hasPrefix("HTTP/1.1 401"))
            #expect(refused.contains("admin_token_required"))
        }
    }

    @Test func theNumberOfListenersIsBounded() async throws {
        let backend = try makeBackend()
        let held = (0..<JournalFeed.maxListeners).compactMap { _ in backend.journal.feed.subscribe(session: nil) }
        #expect(held.count == JournalFeed.maxListeners)
        try await withStub(backend) { client in
            let refused = try await client.send(.get, "/__stubbank/events")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.errorBody["code"] as? String == "too_many_listeners")
            #expect(refused.header("Retry-After") == "5")
        }
        for (key, _) in held { backend.journal.feed.unsubscribe(key) }
        #expect(backend.journal.feed.count == 0)
    }
}

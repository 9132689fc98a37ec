import Atomics
import Foundation
import HummingbirdTesting
import Testing
@testable import StubServer

/// A request answered on the event loop gets the answer, the journal entry and the counters the
/// full path gives it; requests the event loop must not answer still reach the full path, and
/// answers leave a connection in the order their requests came.
@Suite struct ReadyAnswerTests {
    static let routes = """
        routes:
          - id: plain
            request: { path: /api/plain }
            responses:
              - headers: { Cache-Control: no-store }
                body: { ok: true }
          - id: item
            request: { method: GET, path: "/api/items/{id}" }
            responses:
              - body: { id: "{{path.id}}", sort: "{{query.sort}}", request: "{{request.id}}", session: "{{session}}" }
          - id: pages
            request: { method: GET, path: /api/pages }
            mode: sequence
            responses:
              - name: first
                body: { page: 1 }
              - body: { page: 2 }
          - id: gone
            request: { method: GET, path: /api/gone }
            responses:
              - status: 204
          - id: tampered
            request: { method: GET, path: /api/tampered }
            tamperSignature: true
            responses:
              - body: { signed: wrongly }
          - id: slow
            request: { method: GET, path: /api/slow }
            latency: { type: fixed, ms: 150 }
            responses:
              - body: { slow: true }
        """

    /// Requests on one kept-alive connection, one at a time, covering what the event loop
    /// answers and what it leaves to the full path.
    static let requests: [(text: String, bodyless: Bool)] = [
        ("GET /api/plain HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/items/42?sort=name+asc HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/items/7 HTTP/1.1\r\nHost: x\r\nX-Request-Id: client-id-1\r\n\r\n", false),
        ("GET /api/pages HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/pages HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/pages HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/pages HTTP/1.1\r\nHost: x\r\nPrefer: example=nope\r\n\r\n", false),
        ("GET /_s/sim-1/api/pages HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/items/9 HTTP/1.1\r\nHost: x\r\nX-Stub-Session: sim-2\r\n\r\n", false),
        ("GET /_s/bad!name/api/plain HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("HEAD /api/plain HTTP/1.1\r\nHost: x\r\n\r\n", true),
        ("DELETE /api/plain HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", false),
        ("GET /api/gone HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/tampered HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/slow HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/plain HTTP/1.1\r\nHost: x\r\nX-Stub-Status: 503\r\n\r\n", false),
        ("GET /v1/status HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("GET /api/nowhere HTTP/1.1\r\nHost: x\r\n\r\n", false),
        ("POST /api/plain HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", false),
        ("GET /api/plain HTTP/1.1\r\nHost: x\r\n\r\n", false),
    ]

    /// Serves `requests` with the event-loop answers on or off and returns each answer without
    /// its `Date`, the journal (without times) and the hit counts.
    private func serve(eventLoop: Bool) async throws -> (answers: [String], journal: [String], hits: [String: Int], onLoop: Int) {
        let stubs = try ScratchStubs()
        try stubs.write("routes/api.yaml", Self.routes)
        let backend = try makeBackend(stubs: stubs.url) { $0.answersReadyRequestsOnEventLoop = eventLoop }
        return try await withStub(backend, mode: .live) { client in
            let port = try #require(client.port)
            let answers = try await RawHTTP.onThread {
                let connection = try KeepAliveConnection(port: port)
                return try Self.requests.map { request in
                    try connection.exchange(request.text, bodyless: request.bodyless)
                        .split(separator: "\r\n", omittingEmptySubsequences: false)
                        .filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n")
                }
            }
            let journal = backend.journal.entries().reversed().map { entry in
                [entry.requestId, entry.method, entry.path, entry.session, entry.route ?? "-", entry.nearMiss ?? "-",
                 entry.status.map(String.init) ?? "-", entry.behaviour ?? "-", entry.fault ?? "-",
                 entry.headers.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")].joined(separator: " | ")
            }
            _ = stubs
            return (answers, journal, backend.journal.hits(session: nil), backend.eventLoopAnswers.load(ordering: .relaxed))
        }
    }

    @Test func theEventLoopAnswersAsTheFullPathDoes() async throws {
        let full = try await serve(eventLoop: false)
        let onLoop = try await serve(eventLoop: true)
        #expect(full.onLoop == 0)
        // Both plains, two items, three pages, the Prefer error, the prefixed and the header
        // session, HEAD, DELETE, 204 and tampered: the rest need the full path.
        #expect(onLoop.onLoop == 14)
        for (index, pair) in zip(full.answers, onLoop.answers).enumerated() {
            #expect(pair.0 == pair.1, "request \(index): \(Self.requests[index].text)")
        }
        #expect(full.journal == onLoop.journal)
        #expect(full.hits == onLoop.hits)
        #expect(full.hits["GET /api/pages [pages]"] == 5)
        // The answers are what the routes say, not merely the same twice.
        #expect(onLoop.answers[1].contains(#""id":"42""#) && onLoop.answers[1].contains(#""sort":"name asc""#))
        #expect(onLoop.answers[1].contains(#""request":"req_2""#))
        #expect(onLoop.answers[2].contains("X-Request-Id: client-id-1"))
        #expect(onLoop.answers[5].contains(#"{"page":2}"#))
        #expect(onLoop.answers[6].hasPrefix("HTTP/1.1 404"), "Prefer names no response of the route")
        #expect(onLoop.answers[7].contains(#"{"page":1}"#))
        #expect(onLoop.answers[8].contains(#""session":"sim-2""#))
        #expect(onLoop.answers[10].hasPrefix("HTTP/1.1 200") && onLoop.answers[10].contains("Content-Length: 0"))
        #expect(onLoop.answers[12].hasPrefix("HTTP/1.1 204") && !onLoop.answers[12].contains("Content-Type"))
        #expect(onLoop.answers[15].hasPrefix("HTTP/1.1 503"))
        #expect(onLoop.answers.allSatisfy { $0.contains("Server: StubBank") })
    }

    @Test func pipelinedAnswersLeaveInTheOrderTheirRequestsCame() async throws {
        let stubs = try ScratchStubs(routes: ["routes/api.yaml": Self.routes])
        let backend = try makeBackend(stubs: stubs.url)
        try await withStub(backend, mode: .live) { client in
            let port = try #require(client.port)
            // The slow answer goes through Hummingbird and waits 150 ms; the two after it are
            // ready at once, and must still come after it.
            let text = try await RawHTTP.exchange(port: port, request: "GET /api/slow HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /api/plain HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /api/items/3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout: 10)
            let bodies = text.matches(of: /\{"[a-z]+":[^}]*\}/).map { String($0.output) }
            #expect(bodies.count == 3, "\(text)")
            #expect(bodies.first == #"{"slow":true}"#, "\(text)")
            #expect(bodies.dropFirst().first == #"{"ok":true}"#, "\(text)")
            #expect(text.hasSuffix(#""session":"default"}"#), "\(text)")
            _ = stubs
        }
    }
}

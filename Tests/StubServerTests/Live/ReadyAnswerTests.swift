import Atomics
import Foundation
import HummingbirdTesting
import Testing
@testable import StubServer
@testable import BuiltInBank
@testable import StubEngine

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
        // session, HEAD, DELETE, 204, tampered and the bank's status: the rest need the full path.
        #expect(onLoop.onLoop == 15)
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

    /// Bank requests on one connection after a sign-in (a POST, so the full path): `TOKEN` is
    /// replaced by the access token it gave.
    static let bankRequests: [String] = [
        "GET /v1/atms HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /v1/atms?lat=52.52&lon=13.40&radiusKm=50 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /v1/atms?lat=north HTTP/1.1\r\nHost: x\r\n\r\n",
        "PUT /v1/atms HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
        "GET /v1/accounts HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /v1/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\n\r\n",
        "GET /v1/accounts/acc_nowhere HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\n\r\n",
        "DELETE /v1/beneficiaries/ben_sam HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\n\r\n",
        "GET /v1/beneficiaries HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\n\r\n",
        "GET /_s/sim-1/v1/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\n\r\n",
        "GET /v1/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer TOKEN\r\nX-Stub-Delay: 5\r\n\r\n",
        "GET /v1/nowhere HTTP/1.1\r\nHost: x\r\n\r\n",
    ]

    /// Signs in, then serves `bankRequests` with the event-loop answers on or off; returns each
    /// answer without its `Date`, the journal (without times or request ids' tokens) and the
    /// number answered on the event loop.
    private func serveBank(eventLoop: Bool) async throws -> (answers: [String], journal: [String], onLoop: Int) {
        let stubs = try ScratchStubs()
        let backend = try makeBackend(stubs: stubs.url) { $0.answersReadyRequestsOnEventLoop = eventLoop }
        return try await withStub(backend, mode: .live) { client in
            let port = try #require(client.port)
            let answers = try await RawHTTP.onThread {
                let connection = try KeepAliveConnection(port: port)
                let body = #"{"grant_type":"password","username":"alex","password":"pass_good"}"#
                let signIn = try connection.exchange("POST /v1/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n" + body, bodyless: false)
                let token = try #require(signIn.firstMatch(of: /"access_token":"([^"]+)"/)).output.1
                return try Self.bankRequests.map { request in
                    try connection.exchange(request.replacingOccurrences(of: "TOKEN", with: token), bodyless: false)
                        .split(separator: "\r\n", omittingEmptySubsequences: false)
                        .filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n")
                }
            }
            let journal = backend.journal.entries().reversed().map { entry in
                [entry.requestId, entry.method, entry.path, entry.session, entry.route ?? "-", entry.nearMiss ?? "-",
                 entry.status.map(String.init) ?? "-", entry.behaviour ?? "-"].joined(separator: " | ")
            }
            _ = stubs
            return (answers, journal, backend.eventLoopAnswers.load(ordering: .relaxed))
        }
    }

    @Test func theEventLoopAnswersTheBankAsTheFullPathDoes() async throws {
        let full = try await serveBank(eventLoop: false)
        let onLoop = try await serveBank(eventLoop: true)
        #expect(full.onLoop == 0)
        // All but the sign-in (a body), the asked-for delay and the unknown path.
        #expect(onLoop.onLoop == Self.bankRequests.count - 2)
        for (index, pair) in zip(full.answers, onLoop.answers).enumerated() {
            #expect(pair.0 == pair.1, "request \(index): \(Self.bankRequests[index])")
        }
        #expect(full.journal == onLoop.journal)
        // The answers are the bank's, not merely the same twice.
        let answers = onLoop.answers
        #expect(answers[0].hasPrefix("HTTP/1.1 200") && answers[0].contains(#""data":[{"#))
        #expect(answers[1].contains(#""distanceKm":"#))
        #expect(answers[2].hasPrefix("HTTP/1.1 400") && answers[2].contains(#""path":"lat""#))
        #expect(answers[3].hasPrefix("HTTP/1.1 405") && answers[3].contains("Allow: GET"))
        #expect(answers[4].hasPrefix("HTTP/1.1 401"))
        #expect(answers[5].hasPrefix("HTTP/1.1 200") && answers[5].contains(#""currency":"EUR""#))
        #expect(answers[6].hasPrefix("HTTP/1.1 404"))
        #expect(answers[7].hasPrefix("HTTP/1.1 204"))
        #expect(answers[8].hasPrefix("HTTP/1.1 200") && !answers[8].contains("ben_sam"))
        #expect(answers[9].hasPrefix("HTTP/1.1 401"), "a token never crosses sessions")
        #expect(answers[10].hasPrefix("HTTP/1.1 200"))
        #expect(answers[11].hasPrefix("HTTP/1.1 404") && answers[11].contains("route_not_found"))
        #expect(answers.allSatisfy { $0.contains("X-Signature") || !$0.hasPrefix("HTTP/1.1 2") })
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

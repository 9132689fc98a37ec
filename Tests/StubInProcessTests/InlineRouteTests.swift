import Foundation
import StubControl
import BuiltInBank
import StubInProcess
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Routes written in Swift for one test: asked first, newest first, and carried through the
/// whole stub like a route file (behaviours, headers, signature, journal).
@Suite struct InlineRouteTests {
    static let stubs = InProcessStubTests.stubs

    func send(_ stub: InProcessStub, _ method: String, _ path: String, body: String? = nil,
              headers: [String: String] = [:]) async throws -> (Int, Data, HTTPURLResponse) {
        var request = URLRequest(url: URL(string: stub.baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.timeoutInterval = 10
        request.httpBody = body.map { Data($0.utf8) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await stub.urlSession.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, data, http)
    }

    @Test func aRouteFromSwiftAnswersWithItsParametersBeforeTheBank() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        struct Transfer: Codable { var amount: String }
        try stub.route("POST /v1/transfers/{kind}") { request in
            let sent = try? request.decode(Transfer.self)
            return .json(["kind": request.parameters["kind"] ?? "", "amount": sent?.amount ?? "",
                          "key": request.header("idempotency-key") ?? "", "q": request.query["x"]?.joined(separator: ",") ?? ""],
                         status: 201, headers: ["Location": "/v1/transfers/t1"])
        }
        let (status, body, response) = try await send(stub, "POST", "/v1/transfers/sepa?x=1&x=2", body: #"{"amount":"12.00"}"#,
                                                      headers: ["Idempotency-Key": "k1", "Content-Type": "application/json"])
        #expect(status == 201)
        #expect(String(decoding: body, as: UTF8.self) == #"{"amount":"12.00","key":"k1","kind":"sepa","q":"1,2"}"#)
        #expect(response.value(forHTTPHeaderField: "Location") == "/v1/transfers/t1")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "X-Request-Id") != nil)
        #expect(response.value(forHTTPHeaderField: "X-Signature")?.count == 64, "signed like every answer")
        // The bank still answers what no inline route takes.
        #expect(try await send(stub, "GET", "/v1/status").0 == 200)
        // Asked before the bank: the bank's own route is shadowed.
        try stub.route("GET /v1/status") { _ in .text("down", status: 503) }
        let (shadowed, text, _) = try await send(stub, "GET", "/v1/status")
        #expect(shadowed == 503)
        #expect(String(decoding: text, as: UTF8.self) == "down")
        // A Content-Type given to .json is the one sent; JSON is only the default.
        try stub.route("GET /v1/problem") { _ in .json(["title": "gone"], status: 410, headers: ["Content-Type": "application/problem+json"]) }
        let (gone, _, problem) = try await send(stub, "GET", "/v1/problem")
        #expect(gone == 410 && problem.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
        // So for JSON written as text and for text, with the name in any case.
        try stub.route("GET /v1/problem-text") { _ in .json(#"{"title":"gone"}"#, status: 410, headers: ["content-type": "application/problem+json"]) }
        try stub.route("GET /v1/page") { _ in .text("<p>down</p>", status: 503, headers: ["Content-Type": "text/html; charset=utf-8"]) }
        try stub.route("GET /v1/plain") { _ in .text("down", status: 503) }
        try stub.route("GET /v1/shouted") { _ in .json(["title": "gone"], status: 410, headers: ["CONTENT-TYPE": "application/problem+json"]) }
        for (path, type) in [("/v1/problem-text", "application/problem+json"), ("/v1/page", "text/html; charset=utf-8"),
                             ("/v1/plain", "text/plain; charset=utf-8"), ("/v1/shouted", "application/problem+json")] {
            let (_, _, head) = try await send(stub, "GET", path)
            #expect(head.value(forHTTPHeaderField: "Content-Type") == type, "\(path)")
        }
    }

    /// A value JSON cannot hold (a NaN amount) is a 500 that says so, not a crash or an empty 200.
    @Test func aValueJSONCannotHoldIsA500ThatSaysSo() {
        let answer = InlineResponse.json(["amount": Double.nan], status: 201, headers: ["Location": "/v1/x"])
        #expect(answer.status == 500)
        #expect(answer.headers["Content-Type"] == "text/plain; charset=utf-8", "\(answer.headers)")
        #expect(String(decoding: answer.body, as: UTF8.self).hasPrefix("The inline route's value could not be encoded as JSON: "))
    }

    /// The path reaches the engine as it would go on the wire: a parameter is decoded once, and an
    /// encoded slash stays inside its segment.
    @Test func anEncodedPathIsDecodedOnceAsOverASocket() async throws {
        let stub = try InProcessStub(stubs: Self.stubs)
        try stub.route("GET /v1/payees/{name}") { request in .text(request.parameters["name"] ?? "-") }
        let (status, body, _) = try await send(stub, "GET", "/v1/payees/a%2Fb%2520c%20d?q=%26")
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == "a/b%20c d")
        // The query too: an encoded `&` or `=` stays inside its value, and `%2520` is decoded once.
        try stub.route("GET /v1/search") { request in
            .text(["q", "r"].map { "\($0)=\(request.query[$0] ?? [])" }.joined(separator: " "))
        }
        let (found, query, _) = try await send(stub, "GET", "/v1/search?q=%26x%3D1&r=a%2520b")
        #expect(found == 200)
        #expect(String(decoding: query, as: UTF8.self) == #"q=["&x=1"] r=["a%20b"]"#)
    }

    /// Routes written in Swift are asked before route files: a test overrides one route of a
    /// team's folder for itself, and the file answers again once the route is removed.
    @Test func aRouteFromSwiftIsAskedBeforeTheRouteFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("routes"), withIntermediateDirectories: true)
        try Data("""
            routes:
              - id: offers
                request: { method: GET, path: /v1/offers }
                responses: [{ status: 200, body: { from: file } }]
            """.utf8).write(to: folder.appendingPathComponent("routes/offers.yaml"))
        let stub = try InProcessStub(stubs: folder)
        #expect(try await send(stub, "GET", "/v1/offers").1 == Data(#"{"from":"file"}"#.utf8))
        let id = try stub.route("GET /v1/offers") { _ in .json(#"{"from":"swift"}"#) }
        #expect(try await send(stub, "GET", "/v1/offers").1 == Data(#"{"from":"swift"}"#.utf8))
        #expect(stub.removeRoute(id))
        #expect(try await send(stub, "GET", "/v1/offers").1 == Data(#"{"from":"file"}"#.utf8))
    }

    @Test func theNewestRouteWinsAndARemovedOneIsGone() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        let first = try stub.route("GET /v1/thing") { _ in .json(#"{"v":1}"#) }
        let second = try stub.route("* /v1/**") { _ in .json(#"{"v":2}"#) }
        #expect(try await send(stub, "GET", "/v1/thing").1 == Data(#"{"v":2}"#.utf8))
        #expect(stub.removeRoute(second))
        #expect(!stub.removeRoute(second))
        #expect(try await send(stub, "GET", "/v1/thing").1 == Data(#"{"v":1}"#.utf8))
        #expect(stub.removeRoute(first))
        let (status, body, _) = try await send(stub, "GET", "/v1/thing")
        #expect(status == 404)
        #expect(!String(decoding: body, as: UTF8.self).contains("inline"), "no inline route left to be a near miss")
    }

    @Test func behavioursSessionsAndTheJournalTreatItAsAnyRoute() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        try stub.route("GET /v1/offers") { request in .json(["session": request.session]) }
        let session = try await stub.control.makeSession()
        let path = "/_s/\(session.name)/v1/offers"
        #expect(try await send(stub, "GET", path).1 == Data(#"{"session":"\#(session.name)"}"#.utf8))
        try await session.install(.status(503, on: "GET /v1/offers", for: .requests(1)))
        #expect(try await send(stub, "GET", path).0 == 503)
        #expect(try await send(stub, "GET", path).0 == 200)
        let seen = try await session.requests(matching: "GET /v1/offers")
        #expect(seen.map(\.status) == [200, 503, 200])
        #expect(seen.map(\.route) == Array(repeating: "GET /v1/offers (inline)", count: 3))
        let (_, routes, _) = try await send(stub, "GET", "/__stubbank/routes")
        #expect(String(decoding: routes, as: UTF8.self).contains(#""source":"inline route (Swift)""#))
    }

    @Test func aMalformedPatternOrAnswerIsRefusedClearly() async throws {
        let stub = try InProcessStub(stubs: Self.stubs, bank: .builtIn)
        #expect(throws: (any Error).self) { try stub.route("FETCH /x") { _ in .status(204) } }
        do {
            try stub.route("v1/x") { _ in .status(204) }
            Issue.record("a path without / was taken")
        } catch {
            #expect("\(error)".contains("the path must start with /"))
        }
        try stub.route("GET /bad/status") { _ in .status(1000) }
        let (status, body, _) = try await send(stub, "GET", "/bad/status")
        #expect(status == 500)
        #expect(String(decoding: body, as: UTF8.self).contains("inline_route_status"))
        // A final answer is 200 to 599: an informational status is the route's mistake too.
        for informational in [100, 101, 199] {
            try stub.route("GET /bad/informational/\(informational)") { _ in .status(informational) }
            let (status, body, _) = try await send(stub, "GET", "/bad/informational/\(informational)")
            #expect(status == 500, "status \(informational) was served as a final answer")
            #expect(String(decoding: body, as: UTF8.self).contains("answered status \(informational)"))
        }
        for final in [200, 599] {
            try stub.route("GET /final/\(final)") { _ in .status(final) }
            #expect(try await send(stub, "GET", "/final/\(final)").0 == final)
        }
        try stub.route("GET /bad/header") { _ in .text("x", headers: ["Bad Name": "v"]) }
        let (headerStatus, headerBody, _) = try await send(stub, "GET", "/bad/header")
        #expect(headerStatus == 500)
        #expect(String(decoding: headerBody, as: UTF8.self).contains("Bad Name"))
        try stub.route("DELETE /v1/things/{id}") { _ in .status(204) }
        let (deleted, empty, _) = try await send(stub, "DELETE", "/v1/things/7")
        #expect(deleted == 204)
        #expect(empty.isEmpty)
    }
}
